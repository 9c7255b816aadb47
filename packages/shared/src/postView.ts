/**
 * What anyone allowed to see a post sees, over REST and GraphQL alike. No imports here, so the web
 * app shares the type (over JSON the two dates arrive as ISO strings: web/src/lib/publicVideos.ts).
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
  author: { username: string; displayName: string | null };
  createdAt: Date;
  updatedAt: Date;
}
