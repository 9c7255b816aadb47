import { SHARE_NOT_FOUND_META, sharePageMeta } from '@chorus/shared/seo';
import type { PageSource, PublicPage, RouteDeps } from '../../../http/module.ts';
import { type SharePageSource, sharePageSource } from '../core/publicPage.ts';

/** Shared chats' public data, for the pages the server draws (http/web.ts). */
export const sharePageSourceOf = (deps: RouteDeps): PageSource => ({
  ...sharePageSource(deps.orm.em, deps.storage),
});

/** A shared chat's page (`/share/{token}`): a bearer link, so drawn but kept out of search. */
export const sharePages: readonly PublicPage[] = [
  {
    kind: 'share',
    preloadKey: '/share/{token}',
    notFoundMeta: SHARE_NOT_FOUND_META,
    unlisted: true,
    async meta(route, source) {
      const share = await (source as unknown as SharePageSource).share(route.token ?? '');
      return share ? sharePageMeta(share) : null;
    },
  },
];
