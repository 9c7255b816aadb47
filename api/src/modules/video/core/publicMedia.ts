import type { PubSub } from '../../../platform/pubsub.ts';

/**
 * Payload: a user id whose public content changed as a whole (a ban hides all of it, an unban shows
 * it again; a moderator hid one of their posts). Every api process's media route (video/http/media.ts)
 * drops its cached "is this published?" answers for that user's videos at once, rather than after
 * their 60 s. Changes to one post also reach it through the posts trigger (public_media_changed);
 * this one has no row of `posts` to fire on, and is heard in the acting process without a round trip.
 */
export const PUBLIC_MEDIA_OWNER_CHANGED = 'public_media_owner_changed';

/** Announces to every process (this one at once) that `userId`'s public media may have changed. */
export const announceOwnerMediaChanged = (pubsub: PubSub, userId: string) =>
  pubsub.publish(PUBLIC_MEDIA_OWNER_CHANGED, userId);
