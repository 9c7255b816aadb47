import type { SharedChat } from '@chorus/shared/sharedChat';
import { apiGet, apiPost } from '../../lib/api';

export type { SharedChat, SharedDocument, SharedMessage } from '@chorus/shared/sharedChat';

/** The key the page's data goes by, on the server (lib/publicPageData.ts) and in the browser. */
export const sharedChatKey = (token: string) => `shared-chat:${token}`;

export const fetchSharedChat = (token: string, signal?: AbortSignal) =>
  apiGet<SharedChat>(`/api/shares/${encodeURIComponent(token)}`, undefined, signal);

/** "Continue this chat": a copy in the signed-in reader's own chats. */
export const continueSharedChat = (token: string) =>
  apiPost<{ id: string; title: string }>(`/api/shares/${encodeURIComponent(token)}/continue`);
