import { graphql } from '../../graphql/__generated__';

/** The owner's share links of a chat (schema/shares.graphql). */

export const ChatShareFields = graphql(`
  fragment ChatShareFields on ChatShare {
    token
    url
    title
    messageCount
    createdAt
  }
`);

export const ChatSharesQuery = graphql(`
  query ChatShares($chatId: ID!) {
    chatShares(chatId: $chatId) {
      ...ChatShareFields
    }
  }
`);

export const CreateChatShareMutation = graphql(`
  mutation CreateChatShare($chatId: ID!) {
    createChatShare(chatId: $chatId) {
      ...ChatShareFields
    }
  }
`);

export const RevokeChatShareMutation = graphql(`
  mutation RevokeChatShare($token: String!) {
    revokeChatShare(token: $token)
  }
`);

export const SendChatShareMutation = graphql(`
  mutation SendChatShare($token: String!, $friendId: ID!) {
    sendChatShare(token: $token, friendId: $friendId) {
      id
      conversationId
    }
  }
`);

export const ShareFriendsQuery = graphql(`
  query ShareFriends {
    friends {
      id
      username
      displayName
    }
  }
`);
