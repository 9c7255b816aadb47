import { randomUUID } from 'node:crypto';
import type { SharedDocument, SharedSource } from '@chorus/shared/sharedChat';
import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { User } from '../../accounts/core/User.ts';
import { Chat } from '../../chat/core/Chat.ts';

/** One message of a shared chat as it was when the link was made. */
export interface SharedMessageSnapshot {
  role: 'user' | 'assistant';
  content: string;
  model: string | null;
  /** ISO time the message was written. */
  createdAt: string;
  /** Storage keys of its images; served only through the share (/api/shares/{token}/images/{n}). */
  images: string[];
  /** On a compare's prompt (modules/compare): its answers as the chat showed them. */
  compare?: SharedCompareSnapshot;
  /** What an answer cites, without links to the owner's files (sharedSources in service.ts). Absent in older links. */
  sources?: SharedSource[];
}

/**
 * A compare as it was when the link was made. Links made before compares were shared have none:
 * their prompt shows only the path's answer, as it did then.
 */
export interface SharedCompareSnapshot {
  blind: boolean;
  /** Whether the owner had voted: a blind compare's names are shown only then (as in the chat). */
  voted: boolean;
  winner: string | null;
  tie: boolean;
  /** The chat's mode when it was asked, kept for a copy (Continue this chat). */
  mode: string | null;
  /** The finished answers, in the order the chat showed them (a blind compare's fixed shuffle). */
  answers: SharedCompareAnswerSnapshot[];
  /** The answer the chat went on from (the next message of the snapshot); null when it went on from another (a merged one) or none. */
  chosen: number | null;
}

export interface SharedCompareAnswerSnapshot {
  /** The assistant asked (its catalogue id). */
  assistant: string;
  /** Its column's letter in a blind compare ("Assistant B"), null otherwise. */
  label: string | null;
  content: string;
  status: 'complete' | 'stopped';
  createdAt: string;
}

/**
 * A read-only link to a chat: a snapshot of its messages taken when the link was made, so later
 * messages never leak into it. The token is a bearer secret the owner sees again in the list, so it
 * is stored as is (unique index: every visit looks it up). Revoking deletes the row; deleting the
 * chat or the account takes its links with it.
 */
export const ChatShare = defineEntity({
  name: 'ChatShare',
  tableName: 'chat_shares',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    /** 32 random bytes, base64url (43 characters). */
    token: p.string().length(64).unique('chat_shares_token_unique'),
    chat: () => p.manyToOne(Chat).deleteRule('cascade').index('chat_shares_chat_id_index'),
    user: () => p.manyToOne(User).deleteRule('cascade').index('chat_shares_user_id_index'),
    title: p.string().length(200),
    messages: p.json<SharedMessageSnapshot[]>(),
    /** The chat's canvas documents as they were (modules/documents); null in links made before them. */
    documents: p.json<SharedDocument[]>().nullable(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
});
export type ChatShare = InferEntity<typeof ChatShare>;
