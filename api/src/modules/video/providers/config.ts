import { z } from 'zod';
import { environment } from '../../../platform/config.ts';
import { VIDEO_PROVIDER_KINDS } from '../core/provider.ts';

/** The video settings (part of the api's config, read by the worker too). `.env.example` documents each. */
export const videoConfigShape = {
  /** openai, google, runway, luma, fal, replicate or local; unset: openai when VIDEO_API_BASE_URL is set, else local. */
  VIDEO_PROVIDER: z.enum(VIDEO_PROVIDER_KINDS).optional(),
  /** The SDK's API root, exactly as that SDK takes it (a gateway or a test server stands in). */
  VIDEO_API_BASE_URL: z.string().url().optional(),
  VIDEO_API_KEY: z.string().optional(),
  /** The model: sora-2, veo-3.1-generate-preview, gen4.5, ray-2, a fal endpoint id, a Replicate owner/name. */
  VIDEO_MODEL: z.string().min(1).optional(),
  /** Several providers at once, as JSON (live-reloaded); see .env.example. */
  VIDEO_PROVIDERS_FILE: z.string().optional(),
  /** Google: Veo on Vertex AI instead of the Gemini API (an express-mode API key, or ADC with project and location). */
  VIDEO_GOOGLE_VERTEX: z.enum(['true', 'false']).default('false'),
  VIDEO_GOOGLE_PROJECT: z.string().optional(),
  VIDEO_GOOGLE_LOCATION: z.string().optional(),
  /** Replicate's webhook signing secret (whsec_…); without it Replicate is polled. */
  VIDEO_WEBHOOK_SECRET: z.string().optional(),
  /** Where fal's webhook keys (JWKS) are read; fal's own address when unset. */
  VIDEO_WEBHOOK_JWKS_URL: z.string().url().optional(),
  /** Whether providers are asked to call the webhook at all (PUBLIC_URL must reach this api). */
  VIDEO_WEBHOOKS: z.enum(['true', 'false']).default('true'),
  VIDEO_POLL_MS: z.coerce.number().int().min(10).default(2000),
  VIDEO_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
};

/** Where the preview renderer's tools are, read once per process (the api and the worker both render). */
export const renderTools = z
  .object({
    /** Another ffmpeg binary than the one @ffmpeg-installer ships. */
    FFMPEG_PATH: z.string().optional(),
    /** The caption font, tried before the usual system fonts. */
    VIDEO_FONT_FILE: z.string().optional(),
  })
  .parse(environment());
