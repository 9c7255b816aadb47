import { z } from 'zod';

/**
 * The voice module's settings (module.ts `settings`; api/src/config.ts validates them with everyone's
 * at start-up, core/voiceService.ts reads them with readSettings). `.env.example` documents each.
 * Speech-to-text and text-to-speech each go to any OpenAI-compatible server (`/audio/transcriptions`,
 * `/audio/speech`); with neither its base URL nor its key set, that half is off and the web falls back
 * to the browser's own speech recognition or synthesis where it has them.
 */
export const voiceSettings = {
  /** The transcription server's API root (OpenAI's, a gateway, a local whisper server). */
  STT_BASE_URL: z.url().optional(),
  STT_API_KEY: z.string().min(1).optional(),
  STT_MODEL: z.string().min(1).default('whisper-1'),
  /** The speech server's API root. */
  TTS_BASE_URL: z.url().optional(),
  TTS_API_KEY: z.string().min(1).optional(),
  TTS_MODEL: z.string().min(1).default('tts-1'),
  TTS_VOICE: z.string().min(1).max(64).default('alloy'),
  /** How long one transcription or speech request may take before it counts as failed. */
  VOICE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  /** Transcriptions one person may ask for a minute (every api process shares the count). */
  VOICE_TRANSCRIPTIONS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
  /** "Read aloud" requests one person may make a minute. */
  VOICE_SPEECH_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(20),
};
