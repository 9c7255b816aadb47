import type { EntityManager } from '@mikro-orm/postgresql';
import type { NotificationKind } from './kinds.ts';

/** A notification was written or counted up (`notify`), in the writer's transaction. */
export interface NotificationWritten {
  /** The transaction (or request's EntityManager) it was written in: a job queued here commits with it. */
  em: EntityManager;
  notificationId: string;
  userId: string;
  kind: NotificationKind;
}

declare module '../../../platform/module.ts' {
  interface HookEvents {
    /** What notifications raises (platform/hooks.ts): Web Push reacts (modules/push). */
    notificationWritten: NotificationWritten;
  }
}
