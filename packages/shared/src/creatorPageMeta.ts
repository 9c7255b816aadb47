/**
 * What a creator's public profile (/u/{username}) says about itself: its title, description, card and
 * ProfilePage JSON-LD. The page table and the meta shape are in seo.ts; this file is the part that
 * depends on the profile (read by the api's render and the profile page's own chunk only).
 */
import type { PageMeta } from './seo.ts';

/** What a profile page needs to describe itself (GET /api/users/{username}). */
export interface CreatorPageData {
  username: string;
  displayName?: string | null;
  avatar?: string | null;
  bio?: string | null;
  followers: number;
  following: number;
}

const DESCRIPTION_MAX = 200;

/** The path of someone's profile page. */
export const creatorPath = (username: string) => `/u/${encodeURIComponent(username)}`;

/** The name a profile shows: the display name, else the username. */
export const creatorName = (c: Pick<CreatorPageData, 'username' | 'displayName'>) =>
  c.displayName?.trim() || c.username;

export function creatorDescription(c: CreatorPageData): string {
  const bio = (c.bio ?? '').replace(/\s+/g, ' ').trim();
  if (bio) return bio.length > DESCRIPTION_MAX ? `${bio.slice(0, DESCRIPTION_MAX - 1)}…` : bio;
  return `Short AI videos by ${creatorName(c)} (@${c.username}), shared with the Chorus community.`;
}

/** Meta of /u/{username}: the profile card and its ProfilePage (with the Person it is about). */
export function creatorPageMeta(c: CreatorPageData, origin: string): PageMeta {
  const path = creatorPath(c.username);
  const absolute = (url: string) => new URL(url, origin).href;
  const name = creatorName(c);
  const description = creatorDescription(c);
  const image = c.avatar ? absolute(c.avatar) : undefined;
  return {
    title: `${name} (@${c.username})`,
    description,
    keywords: ['AI videos', name, c.username],
    canonicalPath: path,
    image,
    ogType: 'profile',
    structuredData: {
      '@context': 'https://schema.org',
      '@type': 'ProfilePage',
      url: absolute(path),
      mainEntity: {
        '@type': 'Person',
        name,
        alternateName: `@${c.username}`,
        identifier: c.username,
        ...(c.bio?.trim() ? { description: c.bio.trim() } : {}),
        ...(image ? { image } : {}),
        url: absolute(path),
        interactionStatistic: [
          {
            '@type': 'InteractionCounter',
            interactionType: 'https://schema.org/FollowAction',
            userInteractionCount: c.followers,
          },
        ],
        agentInteractionStatistic: {
          '@type': 'InteractionCounter',
          interactionType: 'https://schema.org/FollowAction',
          userInteractionCount: c.following,
        },
      },
    },
  };
}
