import type { ApolloCache } from '@apollo/client';
import type { ResultOf } from '@graphql-typed-document-node/core';
import { ChatsQuery } from '../graphql';

type ListedChat = ResultOf<typeof ChatsQuery>['chatPage']['chats'][number];

/**
 * After a send (or a compare) made a chat: it joins the top of My Chats in the cache; a chat
 * already listed is updated in place by its id, so nothing is done for it here.
 */
export function addToMyChats(cache: ApolloCache, chat: ListedChat | undefined): void {
  if (!chat) return;
  cache.updateQuery({ query: ChatsQuery }, (list) =>
    list && !list.chatPage.chats.some((c) => c.id === chat.id)
      ? { chatPage: { ...list.chatPage, chats: [chat, ...list.chatPage.chats] } }
      : undefined,
  );
}
