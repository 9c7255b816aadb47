import { graphql } from '../../graphql/__generated__';

/** The files a chat reads (Chat.files), as ChatView loaded them or a change since left them. */
export const ChatFilesQuery = graphql(`
  query ChatFiles($id: ID!) {
    chat(id: $id) {
      id
      files {
        id
        name
      }
    }
  }
`);

/** Sets the files a chat reads; the answer updates ChatFilesQuery in the cache. */
export const SetChatFilesMutation = graphql(`
  mutation SetChatFiles($chatId: ID!, $fileIds: [ID!]!) {
    setChatFiles(chatId: $chatId, fileIds: $fileIds) {
      id
      files {
        id
        name
      }
    }
  }
`);
