import OpenAI, { toFile } from 'openai';
import { readSettings } from '../../../platform/config.ts';
import { AppError, badInput, textError } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { logger } from '../../../platform/logger.ts';
import type { PgPool } from '../../../platform/pg.ts';
import { PerUserLimit, secondsOf } from '../../../platform/userLimit.ts';
import { voiceSettings } from '../settings.ts';
import { AUDIO_FILE, type AudioFormat, SPEECH_MAX_CHARS } from './audioRules.ts';

type VoiceConfig = ReturnType<typeof readSettings<typeof voiceSettings>>;

/** What the web needs to know to choose between the server and the browser's own voice features. */
export interface VoiceAvailability {
  transcription: boolean;
  speech: boolean;
}

export const STT_NOT_SET_UP = msg('Voice transcription is not set up on this server (STT_BASE_URL)');
export const TTS_NOT_SET_UP = msg('Reading aloud is not set up on this server (TTS_BASE_URL)');

/**
 * Speech-to-text and text-to-speech through any OpenAI-compatible server, with the official SDK
 * (`audio.transcriptions.create`, `audio.speech.create`). Built once per api process (module.ts
 * `services`). The SDK's retries are off: a person waiting on a recording is better told at once,
 * and the timeout is VOICE_TIMEOUT_MS. Per-person limits are counted in Postgres (platform/userLimit.ts).
 */
export class VoiceService {
  private readonly stt: OpenAI | null;
  private readonly tts: OpenAI | null;
  private readonly transcriptions: PerUserLimit;
  private readonly speeches: PerUserLimit;

  constructor(
    private readonly config: VoiceConfig,
    pool: PgPool,
  ) {
    const client = (baseURL: string | undefined, apiKey: string | undefined) =>
      baseURL || apiKey
        ? new OpenAI({
            apiKey: apiKey || 'none',
            ...(baseURL ? { baseURL } : {}),
            timeout: config.VOICE_TIMEOUT_MS,
            maxRetries: 0,
          })
        : null;
    this.stt = client(config.STT_BASE_URL, config.STT_API_KEY);
    this.tts = client(config.TTS_BASE_URL, config.TTS_API_KEY);
    const wait = (ms: number) => ({
      id: msg('Too many voice requests. Please wait {seconds} seconds and try again.'),
      values: { seconds: secondsOf(ms) },
    });
    this.transcriptions = new PerUserLimit(
      pool,
      {
        keyPrefix: 'voice_transcription',
        points: config.VOICE_TRANSCRIPTIONS_PER_MINUTE,
        durationSeconds: 60,
      },
      wait,
    );
    this.speeches = new PerUserLimit(
      pool,
      { keyPrefix: 'voice_speech', points: config.VOICE_SPEECH_PER_MINUTE, durationSeconds: 60 },
      wait,
    );
  }

  get availability(): VoiceAvailability {
    return { transcription: this.stt !== null, speech: this.tts !== null };
  }

  /**
   * The text of a recording whose bytes audioRules.ts has accepted as `format`, heard in `language`
   * (ISO-639-1, audioRules.ts TRANSCRIPTION_LANGUAGES) when told, else in whatever the server guesses.
   */
  async transcribe(
    userId: string,
    bytes: Uint8Array,
    format: AudioFormat,
    language?: string,
  ): Promise<string> {
    if (!this.stt) throw new AppError('SERVICE_UNAVAILABLE', STT_NOT_SET_UP);
    await this.transcriptions.consume(userId);
    const { ext, type } = AUDIO_FILE[format];
    try {
      const file = await toFile(bytes, `recording.${ext}`, { type });
      const answer = await this.stt.audio.transcriptions.create({
        file,
        model: this.config.STT_MODEL,
        ...(language ? { language } : {}),
      });
      return typeof answer.text === 'string' ? answer.text.trim() : '';
    } catch (err) {
      logger.warn({ err: String(err) }, 'transcription failed');
      throw new AppError('UPSTREAM_ERROR', msg('Transcription failed, try again'));
    }
  }

  /** The spoken text as MP3 bytes, streamed as the provider sends them. */
  async speak(userId: string, text: unknown): Promise<ReadableStream<Uint8Array>> {
    // Bad input is a 400 whether or not speech is set up (api/test/hardening.input.test.ts).
    const input = speechTextOf(text);
    if (!this.tts) throw new AppError('SERVICE_UNAVAILABLE', TTS_NOT_SET_UP);
    await this.speeches.consume(userId);
    try {
      const answer = await this.tts.audio.speech.create({
        model: this.config.TTS_MODEL,
        voice: this.config.TTS_VOICE,
        input,
        response_format: 'mp3',
      });
      if (!answer.body) throw new Error('no audio in the answer');
      return answer.body;
    } catch (err) {
      logger.warn({ err: String(err) }, 'speech failed');
      throw new AppError('UPSTREAM_ERROR', msg('Reading aloud failed, try again'));
    }
  }
}

/** The text "Read aloud" may send: some non-blank text within SPEECH_MAX_CHARS. */
export function speechTextOf(text: unknown): string {
  if (typeof text !== 'string' || text.trim() === '')
    throw badInput(msg('Send the text to read aloud as "text"'));
  if (text.length > SPEECH_MAX_CHARS)
    throw textError('BAD_USER_INPUT', msg('Read aloud takes at most {max} characters at once'), {
      max: SPEECH_MAX_CHARS,
    });
  return text;
}

/** One voice service per api process (its services object). */
export const voiceServiceFrom = (services: { config: object; pool: PgPool }) =>
  new VoiceService(readSettings(voiceSettings, services.config), services.pool);
