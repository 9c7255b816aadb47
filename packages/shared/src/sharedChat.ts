/**
 * A shared chat as anyone with its link reads it: GET /api/shares/{token}, and the page the api draws
 * for it (the snapshot taken when the link was made). Types only, so the web app shares them.
 */
export interface SharedChat {
  title: string;
  createdAt: string;
  messages: SharedMessage[];
}

export interface SharedMessage {
  role: 'user' | 'assistant';
  content: string;
  model: string | null;
  /** The answering assistant's name and colour from the catalogue (null for a prompt or an unknown id). */
  assistantName: string | null;
  assistantColor: string | null;
  createdAt: string;
  /** Share-scoped image URLs (/api/shares/{token}/images/{n}). */
  images: string[];
}
