import { z } from 'zod';
import { LocalRenderer } from './localRenderer.ts';
import { RemoteVideoProvider } from './remoteProvider.ts';
import type { VideoProvider } from './types.ts';

export { extractThumbnail } from './ffmpeg.ts';
export type { RenderHooks, RenderRequest, VideoProvider } from './types.ts';
export { VideoRenderError } from './types.ts';

const schema = z.object({
  /** Base URL of a service speaking the OpenAI Videos protocol; without it videos render locally. */
  VIDEO_API_BASE_URL: z.string().url().optional(),
  VIDEO_API_KEY: z.string().optional(),
  VIDEO_MODEL: z.string().default('sora-2'),
  VIDEO_POLL_MS: z.coerce.number().int().min(10).default(2000),
  VIDEO_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
});

/** The configured video provider: the remote Videos API when a base URL is set, else the preview renderer. */
export function videoProviderFromEnv(env: NodeJS.ProcessEnv = process.env): VideoProvider {
  const c = schema.parse(env);
  if (!c.VIDEO_API_BASE_URL) return new LocalRenderer();
  return new RemoteVideoProvider({
    baseURL: c.VIDEO_API_BASE_URL,
    apiKey: c.VIDEO_API_KEY || 'none',
    model: c.VIDEO_MODEL,
    pollMs: c.VIDEO_POLL_MS,
    timeoutMs: c.VIDEO_TIMEOUT_MS,
  });
}
