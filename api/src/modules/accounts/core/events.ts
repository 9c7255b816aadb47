import type { EntityManager } from '@mikro-orm/postgresql';

/** What accounts raises for other modules to react to (platform/hooks.ts). */
export interface UserRegistered {
  em: EntityManager;
  userId: string;
  /** The invitation link the visitor registered through, if any. */
  inviteToken?: string | null | undefined;
}

declare module '../../../platform/module.ts' {
  interface HookEvents {
    /** A new account was written (and flushed); reactions run before registration answers. */
    userRegistered: UserRegistered;
  }
}
