import { logger } from '../../../platform/logger.ts';
import type { PubSub } from '../../../platform/pubsub.ts';
import type { Source } from '../../knowledge/core/sources.ts';
import type { Message } from './Message.ts';

export type AnswerStatus = Message['status'];

/**
 * What a subscriber to an answer receives: first a snapshot (the whole text so far), then each
 * delta with the character offset it starts at, and finally `done` with the final status.
 */
export interface AnswerEvent {
  messageId: string;
  /**
   * `persisted` and `ended` are internal between processes and never reach a client: the writer
   * saved its text on request, and the answer ended but its final text was too long for a NOTIFY
   * (read it from the database).
   */
  kind: 'snapshot' | 'delta' | 'done' | 'persisted' | 'ended';
  offset: number;
  text: string;
  status: AnswerStatus;
  error: string | null;
  /** On `done`: the answer's token count and model as its provider reported them, when it did. */
  tokens?: number | null;
  modelName?: string | null;
  /** On `done`: milliseconds to the first token (null without one) and in all. */
  ttftMs?: number | null;
  totalMs?: number | null;
  /** On `done`: what the answer cites as [1], [2]... (knowledge/core/sources.ts), when anything. */
  sources?: Source[] | null;
}

/** The answer as it is saved, whole: a `snapshot` while it is still written, `done` once it ended. */
export const savedAnswerEvent = (message: Message, kind: 'snapshot' | 'done'): AnswerEvent => ({
  messageId: message.id,
  kind,
  offset: 0,
  text: message.content,
  status: message.status,
  error: message.error ?? null,
  tokens: message.tokens ?? null,
  modelName: message.modelName ?? null,
  ttftMs: message.ttftMs ?? null,
  totalMs: message.totalMs ?? null,
  sources: message.sources ?? null,
});

/** The pub/sub channel of one answer's events. */
export const answerChannel = (messageId: string) => `answer_${messageId.replace(/-/g, '')}`;

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; keep room for the origin prefix. */
export const NOTIFY_MAX_BYTES = 7900;

/**
 * The `done` event of an answer, as this process's subscribers get it (the final text) and as the
 * others do: the same, unless it is too long for a NOTIFY; then they are told to read it from the
 * database (`ended`).
 */
export function doneEvent(done: Omit<AnswerEvent, 'kind' | 'offset'>): {
  channel: string;
  local: string;
  remote: string;
} {
  const local = JSON.stringify({ ...done, kind: 'done', offset: 0 });
  const remote =
    Buffer.byteLength(local) <= NOTIFY_MAX_BYTES
      ? local
      : JSON.stringify({ ...done, kind: 'ended', text: '' });
  return { channel: answerChannel(done.messageId), local, remote };
}

/** Tells every subscriber, in this process and the others, that an answer has ended. */
export async function publishDone(pubsub: PubSub, done: Omit<AnswerEvent, 'kind' | 'offset'>): Promise<void> {
  const { channel, local, remote } = doneEvent(done);
  pubsub.publishLocal(channel, local);
  await pubsub.publishRemote(channel, remote).catch((err) => logger.warn({ err }, 'answer event lost'));
}
