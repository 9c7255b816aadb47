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

/** A video job ended: finished (its files stored, its post kept) or failed for good. */
export interface VideoJobEnded {
  /** The transaction the job's ending is written in. */
  em: EntityManager;
  videoId: string;
  ownerId: string;
  prompt: string;
  /** Why it failed (shown to its owner); null when it finished. */
  error: string | null;
}

declare module '../../../platform/module.ts' {
  interface HookEvents {
    /**
     * A post became public: made public by the worker as the job asked (core/posts.ts keepPost), by
     * its owner's first save, or by an edit. Raised again if it goes private and public again.
     */
    postPublished: PostPublished;
    /** The worker finished a video job (core/run.ts), in the transaction that marks it completed. */
    videoCompleted: VideoJobEnded;
    /** A video job failed for good (core/run.ts; not a cancel), in the transaction that marks it failed. */
    videoFailed: VideoJobEnded;
  }
}
