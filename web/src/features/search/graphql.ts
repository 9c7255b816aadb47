import { graphql } from '../../graphql/__generated__';

export const SearchChatsQuery = graphql(`
  query SearchChats($query: String!, $limit: Int) {
    search(query: $query, limit: $limit, perChat: true) {
      chatId
      chatTitle
      messageId
      snippet
      createdAt
      matchCount
    }
  }
`);
