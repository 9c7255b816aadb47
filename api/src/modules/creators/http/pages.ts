import { creatorPageMeta } from '@chorus/shared/creatorPageMeta';
import { CREATOR_NOT_FOUND_META } from '@chorus/shared/seo';
import type { PageSource, PublicPage, RouteDeps } from '../../../http/module.ts';
import { type CreatorPageSource, creatorPageSource } from '../core/publicPage.ts';

/** Profiles' public data, for the pages the server draws (http/web.ts). */
export const creatorPageSourceOf = (deps: RouteDeps): PageSource => ({ ...creatorPageSource(deps.orm.em) });

/** A creator's profile (`/u/{username}`): its head tags, or a 404 for no such person. */
export const creatorPages: readonly PublicPage[] = [
  {
    kind: 'creator',
    preloadKey: '/u/{username}',
    notFoundMeta: CREATOR_NOT_FOUND_META,
    async meta(route, source, base) {
      const profile = await (source as unknown as CreatorPageSource).creator(route.username ?? '');
      return profile ? creatorPageMeta(profile, base) : null;
    },
  },
];
