/**
 * A shared chat as anyone with its link reads it: GET /api/shares/{token}, and the page the api draws
 * for it (the snapshot taken when the link was made). Types only, so the web app shares them.
 */
export interface SharedChat {
  title: string;
  createdAt: string;
  messages: SharedMessage[];
  /** The chat's canvas documents as they were (read only); none in links made before documents. */
  documents: SharedDocument[];
}

/** A canvas document of a shared chat (modules/documents), as it was when the link was made. */
export interface SharedDocument {
  title: string;
  /** text (Markdown) or code. */
  kind: 'text' | 'code';
  language: string | null;
  content: string;
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
  /**
   * On a compare's prompt: its answers side by side. The answer the chat went on from is one of
   * them (`chosen`), not repeated as the next message.
   */
  compare: SharedCompare | null;
  /**
   * What an answer cites as [1], [2]... A file's passage keeps its name, page and words but not its
   * link (the file stays its owner's); a web page keeps its address.
   */
  sources: SharedSource[];
}

export interface SharedSource {
  n: number;
  kind: 'file' | 'web';
  title: string;
  /** The web page; null for a file's passage. */
  url: string | null;
  page: number | null;
  snippet: string;
}

/** A compare (one prompt, several assistants) as it was when the link was made. */
export interface SharedCompare {
  blind: boolean;
  /** False while a blind compare had no vote: its answers then carry no assistant, only a letter. */
  namesShown: boolean;
  /** The assistant voted best (its name), null before a vote and for a tie. */
  winnerName: string | null;
  tie: boolean;
  voted: boolean;
  /** In the order the chat showed them. */
  answers: SharedCompareAnswer[];
}

export interface SharedCompareAnswer {
  /** The column's name as the chat showed it: "Claude", "Assistant B", "Assistant B · Claude". */
  name: string;
  /** The assistant and its colour; null while a blind compare's names are hidden. */
  model: string | null;
  assistantColor: string | null;
  content: string;
  /** complete or stopped (an answer still written or failed is not shared). */
  status: string;
  createdAt: string;
  /** The answer the chat went on from. */
  chosen: boolean;
  /** The answer voted best. */
  winner: boolean;
}
