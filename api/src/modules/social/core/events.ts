import type { EntityManager } from '@mikro-orm/postgresql';
import type { PubSub } from '../../../platform/pubsub.ts';

/**
 * Live social events for one user (a friend request, an acceptance, a direct message). They are
 * sent with `pg_notify` through the writing transaction's own connection: PostgreSQL delivers a
 * NOTIFY only when that transaction commits, so nobody hears of a request or message that was
 * rolled back, and every api process (the pub/sub listens on each) hears the ones that were not.
 * Payloads carry ids only; subscribers read the rows (NOTIFY payloads are capped at 8000 bytes).
 */
export type SocialEvent =
  | {
      event: 'friend';
      kind: 'request' | 'accepted' | 'declined' | 'removed';
      friendshipId: string;
      /** The other person: who asked, accepted, declined or removed. */
      byUserId: string;
    }
  | { event: 'dm'; kind: 'message'; conversationId: string; messageId: string }
  | { event: 'dm'; kind: 'read'; conversationId: string; byUserId: string };

export const socialChannelOf = (userId: string) => `social_${userId.replace(/-/g, '')}`;

/**
 * Payloads start with `{"event":"` so the pub/sub never mistakes them for its own origin-prefixed
 * format (an origin separator at index 12).
 */
export async function notifyUser(em: EntityManager, userId: string, event: SocialEvent): Promise<void> {
  await em.execute('select pg_notify(?, ?)', [socialChannelOf(userId), JSON.stringify(event)]);
}

/** The user's social events as they happen, until the consumer stops iterating. */
export async function* socialEventsOf(pubsub: PubSub, userId: string): AsyncGenerator<SocialEvent> {
  const queue: SocialEvent[] = [];
  let wake: (() => void) | undefined;
  const unsubscribe = await pubsub.subscribe(socialChannelOf(userId), (payload) => {
    try {
      queue.push(JSON.parse(payload) as SocialEvent);
    } catch {
      return;
    }
    wake?.();
  });
  try {
    for (;;) {
      if (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
      for (const event of queue.splice(0)) yield event;
    }
  } finally {
    await unsubscribe();
  }
}

/** A friend request was accepted: by its addressee, or by their own request to the one who asked. */
export interface FriendAccepted {
  /** The transaction the friendship became accepted in. */
  em: EntityManager;
  friendshipId: string;
  /** Who asked first (whose request was accepted). */
  requesterId: string;
  /** Who accepted. */
  accepterId: string;
}

declare module '../../../platform/module.ts' {
  interface HookEvents {
    /** A friendship became accepted (core/friends.ts), in its transaction (platform/hooks.ts). */
    friendAccepted: FriendAccepted;
  }
}
