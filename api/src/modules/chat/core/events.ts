import type { EntityManager } from '@mikro-orm/postgresql';

/** What the chat module raises for other modules to react to (platform/hooks.ts). */
export interface AnswerCompleted {
  /** The transaction the answer's completed ending is saved in (answerWriter.ts persistAnswer). */
  em: EntityManager;
  messageId: string;
  /** The chat's owner. */
  userId: string;
}

declare module '../../../platform/module.ts' {
  interface HookEvents {
    /** An assistant's answer was saved completed (not stopped, not failed). */
    answerCompleted: AnswerCompleted;
  }
}
