import { VIDEO_NOT_FOUND_META } from '@chorus/shared/seo';
import { videoPageMeta } from '@chorus/shared/videoPageMeta';
import type { PageSource, PublicPage, RouteDeps } from '../../../http/module.ts';
import { type PublicPageSource, publicPageSource, videoPageDataOf } from '../core/publicPages.ts';

/** The gallery's and the videos' public data, for the pages the server draws (http/web.ts). */
export const videoPageSourceOf = (deps: RouteDeps): PageSource => ({
  ...publicPageSource(deps.orm.em, deps.publicVideosFirstPage),
});

/** A public video's page (`/videos/{slug}`): its head tags, or a 404 when it is private or gone. */
export const videoPages: readonly PublicPage[] = [
  {
    kind: 'video',
    preloadKey: '/videos/{slug}',
    notFoundMeta: VIDEO_NOT_FOUND_META,
    async meta(route, source, base) {
      const video = await (source as unknown as PublicPageSource).publicVideo(route.slug ?? '');
      return video ? videoPageMeta(videoPageDataOf(video), base) : null;
    },
  },
];
