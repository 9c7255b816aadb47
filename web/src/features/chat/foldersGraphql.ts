import { graphql } from '../../graphql/__generated__';

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
