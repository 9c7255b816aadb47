import { apiGet, apiPost } from '../../lib/api';

/** A shared chat as GET /api/shares/{token} answers it (the snapshot taken when the link was made). */
export interface SharedChat {
  title: string;
  createdAt: string;
  messages: SharedMessage[];
}

export interface SharedMessage {
  role: 'user' | 'assistant';
  content: string;
  model: string | null;
  /** The answering assistant's name and colour from the catalogue (null for a prompt). */
  assistantName: string | null;
  assistantColor: string | null;
  createdAt: string;
  /** Share-scoped image URLs (/api/shares/{token}/images/{n}). */
  images: string[];
}

/** The key the page's data goes by, on the server (lib/publicPageData.ts) and in the browser. */
export const sharedChatKey = (token: string) => `shared-chat:${token}`;

export const fetchSharedChat = (token: string, signal?: AbortSignal) =>
  apiGet<SharedChat>(`/api/shares/${encodeURIComponent(token)}`, undefined, signal);

/** "Continue this chat": a copy in the signed-in reader's own chats. */
export const continueSharedChat = (token: string) =>
  apiPost<{ id: string; title: string }>(`/api/shares/${encodeURIComponent(token)}/continue`);
