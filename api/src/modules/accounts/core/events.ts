import type { EntityManager } from '@mikro-orm/postgresql';

/** What accounts raises for other modules to react to (platform/hooks.ts). */
export interface UserRegistered {
  em: EntityManager;
  userId: string;
  /** The invitation link the visitor registered through, if any. */
  inviteToken?: string | null | undefined;
}

/** Someone asked to change their username; a reaction refuses by throwing (an AppError the caller answers). */
export interface UsernameChanging {
  userId: string;
  from: string;
  to: string;
  /** The server's settings, for reactions that depend on theirs. */
  config: object;
}

/** An account is about to be deleted, in the deleting transaction: other modules undo what counts it. */
export interface AccountDeleting {
  em: EntityManager;
  userId: string;
}

/**
 * A session was signed out (logout), after its row is gone. Reactions end what belonged to that
 * browser's session (its push subscriptions: modules/push).
 */
export interface SessionEnded {
  em: EntityManager;
  /** The raw session id (a secret: never log or store it; hash it as platform/sessionSockets.ts does). */
  sessionId: string;
}

declare module '../../../platform/module.ts' {
  interface HookEvents {
    /** A new account was written (and flushed); reactions run before registration answers. */
    userRegistered: UserRegistered;
    /** Before a username change is written. */
    usernameChanging: UsernameChanging;
    /** In the deleting transaction, before the account's rows go (their cascades follow). */
    accountDeleting: AccountDeleting;
    /** A session was signed out (flows/authFlow.ts logout). */
    sessionEnded: SessionEnded;
  }
}
