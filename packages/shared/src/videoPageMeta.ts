/**
 * What a public video page (/videos/{slug}) says about itself: its description, its provenance line,
 * its link-preview card and its VideoObject and breadcrumb JSON-LD. The page table and the meta shape
 * are in seo.ts; this file is the part that depends on a post.
 */
import type { PageMeta } from './seo.ts';

/** What a public video page needs to describe itself (a public post and its author). */
export interface VideoPageData {
  slug: string;
  title: string;
  description?: string | null;
  prompt: string;
  tags: string[];
  videoUrl: string;
  thumbnailUrl?: string | null;
  /** Seconds, as stored ('4', '8', '12'). */
  duration?: string | null;
  /** 'WIDTHxHEIGHT'. */
  size?: string | null;
  views: number;
  likes: number;
  createdAt: Date | string;
  author?: string | null;
  /** Provenance: the AI model and provider that made it, or a preview render (no model). */
  model?: string | null;
  provider?: string | null;
  preview?: boolean;
  sourceImageUrl?: string | null;
}

/** "an AI video made with veo-3.1 (google)", "a preview render (no AI model)": what made it. */
export function videoMadeWith(video: Pick<VideoPageData, 'model' | 'provider' | 'preview'>): string {
  if (video.preview) return 'a preview render by Chorus (no AI model)';
  if (video.model)
    return `an AI-generated video made with ${video.model}${video.provider ? ` (${video.provider})` : ''}`;
  return 'an AI-generated video';
}

/** Spec §2: the description falls back to the prompt, then to a generic text. */
export function videoDescription(video: Pick<VideoPageData, 'description' | 'prompt'>): string {
  return (
    video.description?.trim() ||
    video.prompt?.trim() ||
    'An AI-generated video created and shared with Chorus.'
  );
}

/** Meta of /videos/{slug}: the video card (1280x720 unless the post says otherwise), VideoObject and breadcrumb. */
export function videoPageMeta(video: VideoPageData, origin: string): PageMeta {
  const path = `/videos/${encodeURIComponent(video.slug)}`;
  const absolute = (url: string) => new URL(url, origin).href;
  const description = videoDescription(video);
  const [width, height] = /^(\d+)x(\d+)$/.test(video.size ?? '')
    ? (video.size as string).split('x').map(Number)
    : [1280, 720];
  const seconds = Number(video.duration) || undefined;
  const uploadDate = new Date(video.createdAt).toISOString();
  const thumbnail = video.thumbnailUrl ? absolute(video.thumbnailUrl) : undefined;
  return {
    title: video.title,
    description,
    keywords: ['AI video', ...video.tags],
    canonicalPath: path,
    image: thumbnail,
    ogType: 'video.other',
    video: { url: absolute(video.videoUrl), width: width!, height: height!, type: 'video/mp4' },
    structuredData: [
      {
        '@context': 'https://schema.org',
        '@type': 'VideoObject',
        name: video.title,
        description,
        ...(thumbnail ? { thumbnailUrl: [thumbnail] } : {}),
        uploadDate,
        ...(seconds ? { duration: `PT${seconds}S` } : {}),
        contentUrl: absolute(video.videoUrl),
        embedUrl: absolute(path),
        width,
        height,
        keywords: video.tags.join(', '),
        ...(video.author ? { author: { '@type': 'Person', name: video.author } } : {}),
        // The AI label, machine-readable. schema.org's `digitalSourceType` (on CreativeWork) takes a
        // member of IPTCDigitalSourceEnumeration, each defined as one IPTC digital source type code
        // (TrainedAlgorithmicMediaDigitalSource is IPTC's trainedAlgorithmicMedia, "created by a
        // model trained on sampled content"; the preview renderer's drawn clips are algorithmicMedia):
        // the one vocabulary for this in JSON-LD, and what schema.org validators check against, where
        // the bare IPTC URI is no member. Not `additionalProperty` (not a CreativeWork property) nor
        // `creativeWorkStatus` (a draft/published state). `creditText` says it in words, which is what
        // a reader of the card sees; search engines read the same label from the MP4 itself too
        // (the provider's C2PA manifest, stored byte for byte: api/test/videoProviders.test.ts).
        digitalSourceType: video.preview
          ? 'https://schema.org/AlgorithmicMediaDigitalSource'
          : 'https://schema.org/TrainedAlgorithmicMediaDigitalSource',
        creditText: videoMadeWith(video),
        ...(video.model && !video.preview
          ? {
              creator: {
                '@type': 'SoftwareApplication',
                name: video.model,
                ...(video.provider ? { provider: { '@type': 'Organization', name: video.provider } } : {}),
              },
            }
          : {}),
        interactionStatistic: [
          {
            '@type': 'InteractionCounter',
            interactionType: { '@type': 'WatchAction' },
            userInteractionCount: video.views,
          },
          {
            '@type': 'InteractionCounter',
            interactionType: { '@type': 'LikeAction' },
            userInteractionCount: video.likes,
          },
        ],
      },
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Home', item: absolute('/') },
          { '@type': 'ListItem', position: 2, name: 'Videos', item: absolute('/community-videos') },
          { '@type': 'ListItem', position: 3, name: video.title, item: absolute(path) },
        ],
      },
    ],
  };
}
