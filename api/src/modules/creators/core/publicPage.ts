import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../platform/errors.ts';
import { creatorProfile, creatorVideos } from './follows.ts';

/** A profile as GET /api/users/{username} answers it (without the creator's id). */
export async function publicProfile(em: EntityManager, username: unknown, viewerId: string | null) {
  const { id, ...profile } = await creatorProfile(em, username, viewerId);
  const page = await creatorVideos(em, id, {}, viewerId);
  return { ...profile, videos: page.posts, nextCursor: page.nextCursor };
}

export type PublicProfile = Awaited<ReturnType<typeof publicProfile>>;
/** A value as it travels as JSON: dates become ISO strings. */
type Json<T> = T extends Date ? string : T extends object ? { [K in keyof T]: Json<T[K]> } : T;
export type PublicProfileJson = Json<PublicProfile>;

/**
 * The data the server draws /u/{username} with: the REST answer, as JSON, as a visitor who is not
 * signed in sees it (so the browser hydrates the same page). One read per request: the profile read
 * for the head tags is not read again for the body.
 */
export interface CreatorPageSource {
  /** Null for no such person (unknown or banned). */
  creator(username: string): Promise<PublicProfileJson | null>;
}

export function creatorPageSource(em: EntityManager): CreatorPageSource {
  const read = new Map<string, Promise<PublicProfileJson | null>>();
  return {
    creator(username) {
      let profile = read.get(username);
      if (!profile) {
        profile = publicProfile(em.fork(), username, null).then(
          (p) => JSON.parse(JSON.stringify(p)) as PublicProfileJson,
          (error: unknown) => {
            if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
            throw error;
          },
        );
        read.set(username, profile);
      }
      return profile;
    },
  };
}
