import type { EntityManager } from '@mikro-orm/postgresql';

/** What the video module raises for other modules to react to (platform/hooks.ts). */
export interface PostPublished {
  /** The transaction (or request's EntityManager) the post became public in. */
  em: EntityManager;
  postId: string;
  ownerId: string;
  title: string;
  slug: string;
}

declare module '../../../platform/module.ts' {
  interface HookEvents {
    /**
     * A post became public: made public by the worker as the job asked (core/posts.ts keepPost), by
     * its owner's first save, or by an edit. Raised again if it goes private and public again.
     */
    postPublished: PostPublished;
  }
}
