import { graphql } from '../../graphql/__generated__';

export const AssistantFields = graphql(`
  fragment AssistantFields on Assistant {
    id
    name
    shortName
    color
    command
    initial
    isDefault
    kind
    description
    offline
    vision
    basedOn
    starters
  }
`);

export const CatalogueQuery = graphql(`
  query Catalogue {
    catalogue {
      version
      assistants {
        ...AssistantFields
      }
      webSearch
    }
  }
`);

export const ChatFields = graphql(`
  fragment ChatFields on Chat {
    id
    title
    activeModel
    # The custom assistant answering next; written out, not as a fragment: each fragment counts two
    # levels of the depth limit (api/src/graphql/armor.ts).
    activeCustomAssistant {
      id
      name
      handle
      color
    }
    mode
    folderId
    pinned
    createdAt
    updatedAt
  }
`);

/**
 * A message without what a compare's prompt adds: for the whole path a version switch answers,
 * whose length (up to 500) times a compare's answers would be over the cost limit (api/src/graphql/cost.ts).
 */
export const MessageCoreFields = graphql(`
  fragment MessageCoreFields on Message {
    id
    chatId
    role
    content
    model
    # The custom assistant that wrote it (made on the Assistants page); written out (see above).
    customAssistant {
      id
      name
      handle
      color
    }
    status
    error
    createdAt
    images
    parentId
    siblingIds
    tokens
    modelName
  }
`);

export const MessageFields = graphql(`
  fragment MessageFields on Message {
    ...MessageCoreFields
    # What an answer cites as [1], [2]... (the Sources list under it). Not in MessageCoreFields: a
    # version switch's path of up to 500 messages times 20 sources is over the cost limit.
    sources {
      n
      kind
      title
      url
      fileId
      page
      snippet
    }
    # The tool calls an answer made (Tools over MCP, features/tools); written out for the depth limit.
    toolCalls {
      id
      messageId
      serverName
      tool
      arguments
      status
      result
    }
    # A compare's prompt: its columns (features/compare); null on every other message. Written out,
    # not as fragments: each fragment counts two levels of the depth limit (api/src/graphql/armor.ts).
    compare {
      id
      chatId
      assistants
      answerIds
      blind
      mode
      winner
      tie
      votedAt
      answers {
        id
        chatId
        role
        content
        model
        status
        error
        createdAt
        siblingIds
        tokens
        modelName
        ttftMs
        totalMs
        costEstimate
        mergedFrom
      }
    }
  }
`);

/**
 * My Chats, a page at a time (typePolicies in app/apollo.ts join the pages). The page sizes here
 * are literals so that the cost limit counts them (api/src/graphql/armor.ts).
 */
export const ChatsQuery = graphql(`
  query Chats($after: String) {
    chatPage(first: 40, after: $after) {
      chats {
        ...ChatFields
      }
      nextCursor
    }
  }
`);

/** A chat and the latest page of the path it shows. */
export const ChatViewQuery = graphql(`
  query ChatView($id: ID!) {
    chat(id: $id) {
      ...ChatFields
      files {
        id
        name
      }
    }
    messagePage(chatId: $id, last: 30) {
      messages {
        ...MessageFields
      }
      olderCursor
    }
  }
`);

/** The page of a chat's path above the message `before` names (the first one shown). */
export const OlderMessagesQuery = graphql(`
  query OlderMessages($chatId: ID!, $before: ID!) {
    messagePage(chatId: $chatId, last: 30, before: $before) {
      messages {
        ...MessageFields
      }
      olderCursor
    }
  }
`);

/** A plan's monthly allowance of one metered feature (prompts here, videos in the video dialog). */
export const AllowanceFields = graphql(`
  fragment AllowanceFields on Allowance {
    feature
    plan
    limit
    used
    remaining
  }
`);

export const PromptAllowanceQuery = graphql(`
  query PromptAllowance {
    allowance(feature: "prompts") {
      ...AllowanceFields
    }
  }
`);

export const SendMessageMutation = graphql(`
  mutation SendMessage($input: SendMessageInput!) {
    sendMessage(input: $input) {
      chat {
        ...ChatFields
        # The files it reads (features/knowledge useGrounding), kept by a new chat's first prompt.
        files {
          id
          name
        }
      }
      userMessage {
        ...MessageFields
      }
      aiMessage {
        ...MessageFields
      }
      modelChanged
      activeModel
      activeCustomAssistantId
    }
  }
`);

export const RenameChatMutation = graphql(`
  mutation RenameChat($id: ID!, $title: String!) {
    renameChat(id: $id, title: $title) {
      ...ChatFields
    }
  }
`);

export const DeleteChatMutation = graphql(`
  mutation DeleteChat($id: ID!) {
    deleteChat(id: $id)
  }
`);

export const StopGenerationMutation = graphql(`
  mutation StopGeneration($messageId: ID!) {
    stopGeneration(messageId: $messageId) {
      id
      status
    }
  }
`);

export const RegenerateMutation = graphql(`
  mutation Regenerate($messageId: ID!) {
    regenerate(messageId: $messageId) {
      ...MessageFields
    }
  }
`);

/** A sent prompt written again: a new version of it and its answer, now the chat's path. */
export const EditMessageMutation = graphql(`
  mutation EditMessage($messageId: ID!, $content: String!) {
    editMessage(messageId: $messageId, content: $content) {
      userMessage {
        ...MessageFields
      }
      aiMessage {
        ...MessageFields
      }
    }
  }
`);

/** Shows another version of a turn; answers the chat's new path. */
export const SelectMessageVersionMutation = graphql(`
  mutation SelectMessageVersion($chatId: ID!, $messageId: ID!) {
    selectMessageVersion(chatId: $chatId, messageId: $messageId) {
      ...MessageCoreFields
    }
  }
`);

export const AnswerStreamSubscription = graphql(`
  subscription AnswerStream($messageId: ID!) {
    answerStream(messageId: $messageId) {
      messageId
      kind
      offset
      text
      status
      error
      tokens
      modelName
      sources {
        n
        kind
        title
        url
        fileId
        page
        snippet
      }
    }
  }
`);

/** Folders and pins of the user's chats (api module folders; the web shows them in the chat sidebar). */
export const ChatFolderFields = graphql(`
  fragment ChatFolderFields on ChatFolder {
    id
    name
    position
  }
`);

export const ChatFoldersQuery = graphql(`
  query ChatFolders {
    chatFolders {
      ...ChatFolderFields
    }
  }
`);

export const CreateChatFolderMutation = graphql(`
  mutation CreateChatFolder($name: String!) {
    createChatFolder(name: $name) {
      ...ChatFolderFields
    }
  }
`);

export const RenameChatFolderMutation = graphql(`
  mutation RenameChatFolder($id: ID!, $name: String!) {
    updateChatFolder(id: $id, input: { name: $name }) {
      ...ChatFolderFields
    }
  }
`);

export const DeleteChatFolderMutation = graphql(`
  mutation DeleteChatFolder($id: ID!) {
    deleteChatFolder(id: $id)
  }
`);

export const MoveChatToFolderMutation = graphql(`
  mutation MoveChatToFolder($chatId: ID!, $folderId: ID) {
    moveChatToFolder(chatId: $chatId, folderId: $folderId) {
      id
      folderId
    }
  }
`);

export const SetChatPinnedMutation = graphql(`
  mutation SetChatPinned($chatId: ID!, $pinned: Boolean!) {
    setChatPinned(chatId: $chatId, pinned: $pinned) {
      id
      pinned
    }
  }
`);
