import { defineModule } from '../../http/module.ts';
import { mediaEmbeddable } from '../../http/securityHeaders.ts';
import { SharedCache } from '../../platform/sharedCache.ts';
import { Post } from './core/Post.ts';
import { forgetLikesOf, PUBLIC_VIDEOS_CHANGED, type PublicVideosPage } from './core/posts.ts';
import { VideoJob } from './core/VideoJob.ts';
import { videoResolvers } from './graphql.ts';
import { mediaRoutes } from './http/media.ts';
import { videoPageSourceOf, videoPages } from './http/pages.ts';
import { sitemapRoutes } from './http/sitemap.ts';
import { videoConfigShape } from './providers/config.ts';
import { type VideoProviders, videoProvidersFromEnv } from './providers/index.ts';
import { videoRoutes } from './rest/videos.ts';
import { videoWebhookRoutes } from './rest/webhooks.ts';
import { computeTrendingTask } from './tasks/computeTrending.ts';
import { generateVideoTask } from './tasks/generateVideo.ts';

declare module '../../platform/module.ts' {
  interface AppServices {
    /** The video models (live: follows edits of VIDEO_PROVIDERS_FILE); the worker renders with the same. */
    videoProviders: VideoProviders;
    /** The community gallery's first page, shared by every request of this process. */
    publicVideosFirstPage: SharedCache<PublicVideosPage>;
  }
  interface WorkerContext {
    /** The video models, as the api reads them; each job renders with the one it was asked of. */
    video: VideoProviders;
  }
}

/** Videos from a prompt, the community gallery, their public pages, sitemap and media. */
export const videoModule = defineModule({
  name: 'video',
  uses: ['accounts', 'files', 'jobs', 'safety', 'notifications'],
  entities: [VideoJob, Post],
  settings: videoConfigShape,
  services: (core) => ({
    videoProviders: videoProvidersFromEnv(core.env),
    publicVideosFirstPage: new SharedCache(core.pubsub, PUBLIC_VIDEOS_CHANGED, 5_000),
  }),
  graphql: {
    sdl: ['video.graphql'],
    resolvers: [videoResolvers],
    mappers: { VideoJob: './core/jobs.ts#VideoJobView', Post: './core/posts.ts#PostView' },
  },
  // Providers call back with the raw body they signed.
  rest: { raw: videoWebhookRoutes, routes: [videoRoutes] },
  // Media by allow-list: published videos to anyone, the rest to its owner only (http/media.ts).
  http: [
    {
      path: '/media',
      router: (deps) => [
        mediaEmbeddable,
        mediaRoutes({ ...deps, publicMaxAgeSeconds: deps.config.MEDIA_PUBLIC_MAX_AGE_SECONDS }),
      ],
    },
  ],
  web: {
    routes: (deps, site) =>
      sitemapRoutes({
        em: deps.orm.em,
        pubsub: deps.pubsub,
        origin: site.origin,
        cacheControl: site.cacheable('public, max-age=600', 'private, no-store'),
      }),
    pageSource: videoPageSourceOf,
    pages: videoPages,
  },
  worker: {
    context: (env) => ({ video: videoProvidersFromEnv(env) }),
    tasks: { generate_video: generateVideoTask, compute_trending: computeTrendingTask },
    // The trending order is at most this old; a run replaces every score (core/trending.ts).
    cron: ['*/10 * * * * compute_trending'],
  },
  // A deleted account's likes leave the counts of the videos it liked (core/posts.ts).
  hooks: { accountDeleting: forgetLikesOf },
});
