import { MAX_VIDEO_SECONDS, VIDEO_SIZES } from '@chorus/shared/videoRules';
import { z } from 'zod';
import { msg } from '../../../platform/i18n.ts';
import { zodText } from '../../../platform/validation.ts';

const DURATION_MESSAGE = zodText(msg('Duration must be a whole number of seconds up to {max}'), {
  max: MAX_VIDEO_SECONDS,
});
const seconds = z.coerce
  .number({ error: DURATION_MESSAGE })
  .int(DURATION_MESSAGE)
  .min(1, DURATION_MESSAGE)
  .max(MAX_VIDEO_SECONDS, DURATION_MESSAGE)
  .transform(String);

export const generateVideoInput = z
  .object({
    prompt: z
      .string({ error: msg('Please describe the video you want') })
      .max(2000, msg('Prompts are at most 2,000 characters'))
      .refine((s) => s.trim().length > 0, msg('Please describe the video you want')),
    /** Seconds, one of the chosen model's lengths; when absent it is detected from the prompt (spec §5). */
    duration: seconds.optional(),
    /** Which configured video model (its id in videoModels); the deployment's default when absent. */
    model: z.string().max(100).optional(),
    /** A picture to start from (image-to-video): one of the user's files, by id. */
    imageFileId: z.string().uuid(msg('imageFileId must be the id of one of your files')).optional(),
    /** Or the picture's address as the app shows it (an @image answer's /media/… URL). */
    imageUrl: z.string().max(1000).optional(),
    size: z
      .enum(VIDEO_SIZES, {
        error: zodText(msg('Size must be one of {choices}'), { choices: VIDEO_SIZES.join(', ') }),
      })
      .optional(),
    /** Or a frame of one of the user's finished videos (its id), taken server-side at `frameSeconds`. */
    frameVideoId: z.string().uuid(msg('frameVideoId must be the id of one of your videos')).optional(),
    frameSeconds: z.coerce
      .number({ error: msg('frameSeconds must be a number of seconds') })
      .min(0, msg('frameSeconds must be a number of seconds'))
      .max(MAX_VIDEO_SECONDS, zodText(msg('frameSeconds must be at most {max}'), { max: MAX_VIDEO_SECONDS }))
      .optional(),
    /** Share it to the community gallery when kept; remembered as the user's choice. Their last choice when absent. */
    share: z.boolean({ error: msg('share must be true or false') }).optional(),
    /** "Make one like this": the public post this video remixes (core/visibility.ts requireRemixable). */
    remixOf: z
      .string({ error: msg('remixOf must be the id of a video') })
      .uuid(msg('remixOf must be the id of a video'))
      .optional(),
    /** A remix starts from the original's poster (a copy kept in the user's files), for a model that takes a picture. */
    remixPoster: z.boolean({ error: msg('remixPoster must be true or false') }).optional(),
  })
  .refine((d) => !d.remixPoster || d.remixOf !== undefined, {
    message: msg("Only a remix starts from another video's poster"),
    path: ['remixPoster'],
  })
  .refine((d) => (d.frameVideoId === undefined) === (d.frameSeconds === undefined), {
    message: msg('A frame needs both frameVideoId and frameSeconds'),
    path: ['frameSeconds'],
  })
  .refine(
    (d) =>
      [d.imageFileId, d.imageUrl, d.frameVideoId, d.remixPoster || undefined].filter((v) => v !== undefined)
        .length <= 1,
    {
      message: msg('Start from one picture: a file, an address or a frame of a video'),
      path: ['imageFileId'],
    },
  );

const tag = z
  .string()
  .trim()
  .min(1)
  .max(30, msg('Tags are at most 30 characters'))
  .transform((t) => t.toLowerCase());
const tags = z
  .array(tag)
  .max(10, msg('At most 10 tags'))
  .transform((list) => [...new Set(list)]);

/** POST /api/posts: the spec's body; the server trusts only videoId (the rest comes from the job). */
export const savePostInput = z.object({
  videoId: z.string({ error: msg('videoId is required') }).uuid(msg('videoId is required')),
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
    .min(1, msg('Title is required'))
    .max(120, msg('Titles are at most 120 characters'))
    .optional(),
  description: z.string().max(5000, msg('Descriptions are at most 5,000 characters')).nullish(),
  tags: tags.optional(),
  isPublic: z.boolean().optional(),
});

/**
 * A page of posts (the community gallery, or one's own): `max` is the largest page one may ask for,
 * `fallback` the size of a page asked for without one.
 */
export const postListQuery = ({ max = 100, fallback = 24 } = {}) =>
  z.object({
    search: z.string().trim().max(200).optional(),
    tag: z.string().trim().max(30).optional(),
    limit: z.coerce.number().int().min(1).max(max).default(fallback),
    /** Opaque cursor from the previous page (newest first). */
    after: z.string().max(200).optional(),
  });

/** A page of a video's remixes (GET /api/posts/{id}/remixes, Post.remixes). */
export const remixesQuery = () => postListQuery({ max: 50, fallback: 12 }).pick({ limit: true, after: true });

/** The community gallery's orders: newest first (the spec's), most liked, trending (core/trending.ts). */
export const publicVideoSorts = ['newest', 'top', 'trending'] as const;
export type PublicVideoSort = (typeof publicVideoSorts)[number];

/** The community gallery's page request: the list's, and its order. */
export const publicVideosQuery = () =>
  postListQuery().extend({
    sort: z.enum(publicVideoSorts, { error: msg('Sort must be newest, top or trending') }).default('newest'),
  });
