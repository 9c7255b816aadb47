import { graphql } from '../../graphql/__generated__';

/** Friends, direct messages and invitations (schema/social.graphql). */

export const FriendFields = graphql(`
  fragment FriendFields on Friend {
    id
    username
    displayName
    avatar
    lastActive
    online
  }
`);

export const FriendsQuery = graphql(`
  query Friends {
    friends {
      ...FriendFields
    }
    friendships {
      id
      status
      direction
      createdAt
      other {
        ...FriendFields
      }
    }
  }
`);

export const SendFriendRequestMutation = graphql(`
  mutation SendFriendRequest($username: String!) {
    sendFriendRequest(username: $username) {
      accepted
      friendship {
        id
        status
      }
    }
  }
`);

export const AcceptFriendRequestMutation = graphql(`
  mutation AcceptFriendRequest($id: ID!) {
    acceptFriendRequest(id: $id) {
      id
      status
    }
  }
`);

export const DeclineFriendRequestMutation = graphql(`
  mutation DeclineFriendRequest($id: ID!) {
    declineFriendRequest(id: $id) {
      id
      status
    }
  }
`);

export const RemoveFriendMutation = graphql(`
  mutation RemoveFriend($friendId: ID!) {
    removeFriend(friendId: $friendId)
  }
`);

export const DirectMessageFields = graphql(`
  fragment DirectMessageFields on DirectMessage {
    id
    conversationId
    senderId
    content
    createdAt
    readAt
  }
`);

export const ConversationFields = graphql(`
  fragment ConversationFields on Conversation {
    id
    unreadCount
    updatedAt
    youBlocked
    canMessage
    participant {
      ...FriendFields
    }
    lastMessage {
      ...DirectMessageFields
    }
}
`);

export const ConversationsQuery = graphql(`
  query Conversations($search: String) {
    conversations(search: $search) {
      ...ConversationFields
    }
  }
`);

export const DirectMessagesQuery = graphql(`
  query DirectMessages($conversationId: ID!, $before: ID, $limit: Int) {
    directMessages(conversationId: $conversationId, before: $before, limit: $limit) {
      hasMore
      messages {
        ...DirectMessageFields
      }
    }
  }
`);

export const OpenConversationMutation = graphql(`
  mutation OpenConversation($friendId: ID!) {
    openConversation(friendId: $friendId) {
      ...ConversationFields
    }
  }
`);

export const SendDirectMessageMutation = graphql(`
  mutation SendDirectMessage($conversationId: ID!, $content: String!) {
    sendDirectMessage(conversationId: $conversationId, content: $content) {
      ...DirectMessageFields
    }
  }
`);

export const MarkConversationReadMutation = graphql(`
  mutation MarkConversationRead($conversationId: ID!) {
    markConversationRead(conversationId: $conversationId) {
      id
      unreadCount
    }
  }
`);

export const SocialEventsSubscription = graphql(`
  subscription SocialEvents {
    socialEvents {
      kind
      friendshipId
      conversationId
      friend {
        ...FriendFields
      }
      message {
        ...DirectMessageFields
      }
    }
  }
`);

export const InvitationsQuery = graphql(`
  query Invitations {
    invitations {
      id
      type
      email
      phone
      status
      createdAt
    }
    referrals {
      points
      friendsJoined
      rewards {
        id
        name
        description
        required
        progress
        unlocked
      }
    }
  }
`);

export const GenerateInvitationMutation = graphql(`
  mutation GenerateInvitation {
    generateInvitation(type: "app") {
      token
    }
  }
`);

/** A sent invitation: previewUrl is set when the message went to the local outbox instead of out. */
export const SentInvitationFields = graphql(`
  fragment SentInvitationFields on SentInvitation {
    previewUrl
    invitation {
      id
    }
}
`);

export const SendEmailInvitationMutation = graphql(`
  mutation SendEmailInvitation($email: String!) {
    sendEmailInvitation(email: $email) {
      ...SentInvitationFields
    }
  }
`);

export const SendSmsInvitationMutation = graphql(`
  mutation SendSmsInvitation($phoneNumber: String!, $message: String) {
    sendSmsInvitation(phoneNumber: $phoneNumber, message: $message) {
      ...SentInvitationFields
    }
  }
`);
