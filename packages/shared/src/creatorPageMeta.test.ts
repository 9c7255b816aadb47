import { describe, expect, it } from 'vitest';
import { creatorDescription, creatorName, creatorPageMeta, creatorPath } from './creatorPageMeta.ts';
import { matchRoute } from './seo.ts';

describe('creatorPageMeta', () => {
  const base = { username: 'bea_films', followers: 3, following: 1 };

  it('names a profile by its display name, else its username', () => {
    expect(creatorName({ username: 'bea', displayName: '  ' })).toBe('bea');
    expect(creatorName({ username: 'bea', displayName: 'Bea Maker' })).toBe('Bea Maker');
    expect(creatorPath('a b/c')).toBe('/u/a%20b%2Fc');
  });

  it('describes it by its bio (one line, at most 200 characters), else in words', () => {
    expect(creatorDescription({ ...base, bio: 'Birds\n\nand   the sea' })).toBe('Birds and the sea');
    expect(creatorDescription({ ...base, bio: 'x'.repeat(300) })).toHaveLength(200);
    expect(creatorDescription({ ...base, displayName: 'Bea' })).toBe(
      'Short AI videos by Bea (@bea_films), shared with the Chorus community.',
    );
  });

  it('carries a canonical path and a ProfilePage about the Person', () => {
    const meta = creatorPageMeta(
      { ...base, displayName: 'Bea', avatar: '/media/avatars/b.png', bio: 'Films' },
      'https://chorus.example',
    );
    expect(meta).toMatchObject({
      title: 'Bea (@bea_films)',
      canonicalPath: '/u/bea_films',
      image: 'https://chorus.example/media/avatars/b.png',
      ogType: 'profile',
    });
    expect(meta.structuredData).toMatchObject({
      '@type': 'ProfilePage',
      mainEntity: {
        '@type': 'Person',
        name: 'Bea',
        alternateName: '@bea_films',
        description: 'Films',
        url: 'https://chorus.example/u/bea_films',
        interactionStatistic: [expect.objectContaining({ userInteractionCount: 3 })],
      },
    });
  });
});

describe('matchRoute', () => {
  it('names /u/{username} a creator page, decoded, with or without a trailing slash', () => {
    expect(matchRoute('/u/bea_films')).toEqual({ kind: 'creator', username: 'bea_films' });
    expect(matchRoute('/u/b%C3%A9a/')).toEqual({ kind: 'creator', username: 'béa' });
    expect(matchRoute('/u/a/b')).toBeNull();
    expect(matchRoute('/u/')).toBeNull();
  });
});
