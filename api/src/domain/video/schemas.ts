import { z } from 'zod';
import { VIDEO_DURATIONS, VIDEO_SIZES } from './rules.ts';

export const generateVideoInput = z.object({
  prompt: z
    .string({ error: 'Please describe the video you want' })
    .max(2000, 'Prompts are at most 2,000 characters')
    .refine((s) => s.trim().length > 0, 'Please describe the video you want'),
  /** '4', '8' or '12'; when absent it is detected from the prompt (spec §5). */
  duration: z
    .union([z.enum(VIDEO_DURATIONS), z.number().transform(String).pipe(z.enum(VIDEO_DURATIONS))], {
      error: 'Duration must be 4, 8 or 12 seconds',
    })
    .optional(),
  size: z.enum(VIDEO_SIZES, { error: `Size must be one of ${VIDEO_SIZES.join(', ')}` }).optional(),
});

const tag = z
  .string()
  .trim()
  .min(1)
  .max(30, 'Tags are at most 30 characters')
  .transform((t) => t.toLowerCase());
const tags = z
  .array(tag)
  .max(10, 'At most 10 tags')
  .transform((list) => [...new Set(list)]);

/** POST /api/posts: the spec's body; the server trusts only videoId (the rest comes from the job). */
export const savePostInput = z.object({
  videoId: z.string({ error: 'videoId is required' }).uuid('videoId is required'),
  title: z.string().max(255).optional(),
  slug: z.string().max(255).optional(),
  description: z.string().max(5000).nullish(),
  tags: tags.optional(),
  isPublic: z.boolean().optional(),
});

export const updatePostInput = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Title is required')
    .max(120, 'Titles are at most 120 characters')
    .optional(),
  description: z.string().max(5000, 'Descriptions are at most 5,000 characters').nullish(),
  tags: tags.optional(),
  isPublic: z.boolean().optional(),
});

export const publicVideosQuery = z.object({
  search: z.string().trim().max(200).optional(),
  tag: z.string().trim().max(30).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(24),
  /** Opaque cursor from the previous page (newest first). */
  after: z.string().max(200).optional(),
});
