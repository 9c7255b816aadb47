import type { VideoPageData } from './videoPageMeta.ts';

/** The original a remix credits: "Remix of <title> by @username", linking `url`. */
export interface RemixOrigin {
  id: string;
  title: string;
  slug: string;
  /** Its page's path (/videos/{slug}). */
  url: string;
  author: { username: string; displayName: string | null };
}

/**
 * What anyone allowed to see a post sees, over REST and GraphQL alike. No runtime imports here, so
 * the web app shares the type (over JSON the two dates arrive as ISO strings: web/src/features/video/publicVideos.ts).
 */
export interface PostView {
  id: string;
  userId: string;
  videoId: string | null;
  slug: string;
  title: string;
  description: string | null;
  prompt: string;
  tags: string[];
  duration: string | null;
  seconds: number | null;
  size: string | null;
  videoUrl: string;
  thumbnailUrl: string | null;
  isPublic: boolean;
  likes: number;
  views: number;
  likedByMe: boolean;
  /** Made by the built-in local renderer (no video service configured): shown as a preview render. */
  preview: boolean;
  /** Provenance: the provider and AI model that made it (null on posts older than this record). */
  provider: string | null;
  model: string | null;
  /** The picture an image-to-video started from. */
  sourceImageUrl: string | null;
  /** When that picture was a frame of one of the owner's videos: that video's id and the moment (seconds). */
  sourceVideoId: string | null;
  sourceFrameSeconds: number | null;
  author: { username: string; displayName: string | null };
  /** The video this one remixes ("Make one like this"), while everyone may still see it; else null. */
  remixOf: RemixOrigin | null;
  /** How many public remixes it has. */
  remixCount: number;
  /** Why moderators (or the reports threshold) hid it; only its owner sees a hidden post. */
  hiddenReason?: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * What a public video's page says about it (its head tags and JSON-LD, through `videoPageMeta`):
 * the same for the server's HTML and the browser's, as a post or as its JSON (dates as strings).
 */
export function videoPageDataOf(
  post: Omit<PostView, 'createdAt' | 'updatedAt'> & { createdAt: Date | string },
): VideoPageData {
  return {
    slug: post.slug,
    title: post.title,
    description: post.description,
    prompt: post.prompt,
    tags: post.tags,
    videoUrl: post.videoUrl,
    thumbnailUrl: post.thumbnailUrl,
    duration: post.duration,
    size: post.size,
    views: post.views,
    likes: post.likes,
    createdAt: post.createdAt,
    author: post.author.displayName || post.author.username,
    model: post.model,
    provider: post.provider,
    preview: post.preview,
    sourceImageUrl: post.sourceImageUrl,
  };
}
