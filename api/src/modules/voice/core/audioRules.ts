import { msg, translate } from '../../../platform/i18n.ts';

/**
 * What a voice upload may be, checked by its bytes (a browser's MediaRecorder names its type loosely,
 * and a name or Content-Type proves nothing): the formats OpenAI-compatible `/audio/transcriptions`
 * servers take. Pure, unit-tested beside it (audioRules.test.ts).
 */

import { LANGUAGES } from '@chorus/shared/languages';

/** 25 MB: OpenAI's own limit for one transcription. */
export const AUDIO_MAX_BYTES = 25 * 1024 * 1024;
/** Ten minutes of recording at most. */
export const AUDIO_MAX_SECONDS = 600;
/** What "Read aloud" may send at once (OpenAI's /audio/speech input limit). */
export const SPEECH_MAX_CHARS = 4096;

export type AudioFormat = 'webm' | 'ogg' | 'mp4' | 'mp3' | 'wav';

/** The file name extension and MIME type sent on to the provider (it goes by the name's extension). */
export const AUDIO_FILE: Record<AudioFormat, { ext: string; type: string }> = {
  webm: { ext: 'webm', type: 'audio/webm' },
  ogg: { ext: 'ogg', type: 'audio/ogg' },
  mp4: { ext: 'm4a', type: 'audio/mp4' },
  mp3: { ext: 'mp3', type: 'audio/mpeg' },
  wav: { ext: 'wav', type: 'audio/wav' },
};

/**
 * The languages a transcription may be told, as OpenAI-compatible servers take them (ISO-639-1):
 * the shipped languages' codes ('pt-BR' → 'pt'). The web sends its page's (features/voice/MicButton.tsx).
 */
export const TRANSCRIPTION_LANGUAGES: readonly string[] = [
  ...new Set(LANGUAGES.map((code) => code.split('-')[0] as string)),
];
/** Refusing an unknown language: rest.ts answers it with textError, in the asker's language. */
export const TRANSCRIPTION_LANGUAGE_TEXT = {
  id: msg('language must be one of {choices}'),
  values: { choices: TRANSCRIPTION_LANGUAGES.join(', ') },
};
export const TRANSCRIPTION_LANGUAGE_MESSAGE = translate(
  'en',
  TRANSCRIPTION_LANGUAGE_TEXT.id,
  TRANSCRIPTION_LANGUAGE_TEXT.values,
);

/** The upload's `language` field: none (the server then guesses), or one of TRANSCRIPTION_LANGUAGES. */
export function transcriptionLanguageOf(value: unknown): { language?: string } | { message: string } {
  if (value === undefined || value === '') return {};
  if (typeof value === 'string' && TRANSCRIPTION_LANGUAGES.includes(value)) return { language: value };
  return { message: TRANSCRIPTION_LANGUAGE_MESSAGE };
}

export const AUDIO_TYPES_MESSAGE = msg('Only WebM, Ogg, MP4/M4A, MP3 and WAV audio can be transcribed');

const ascii = (b: Uint8Array, at: number, text: string) =>
  b.length >= at + text.length && [...text].every((c, i) => b[at + i] === c.charCodeAt(0));

/** The audio format of `bytes` by its signature, or null for anything else. */
export function audioFormatOf(bytes: Uint8Array): AudioFormat | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return 'webm';
  if (ascii(bytes, 0, 'OggS')) return 'ogg';
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WAVE')) return 'wav';
  if (ascii(bytes, 4, 'ftyp')) return 'mp4';
  if (ascii(bytes, 0, 'ID3')) return 'mp3';
  // An MPEG audio frame's sync word (11 set bits), layer III.
  if (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0 && (bytes[1]! & 0x06) === 0x02) return 'mp3';
  return null;
}

/**
 * The recording's length in seconds where its header says so cheaply (WAV's byte rate, Ogg's last
 * granule position, MP4's mvhd box, MP3's first frame's bitrate for constant-bitrate files), or
 * null when it can't be told without decoding: a MediaRecorder WebM is written live and carries no
 * duration. The 25 MB cap bounds those, and the web stops recording at ten minutes.
 */
export function audioSecondsOf(bytes: Uint8Array, format: AudioFormat): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    if (format === 'wav') return wavSeconds(bytes, view);
    if (format === 'ogg') return oggSeconds(bytes, view);
    if (format === 'mp4') return mp4Seconds(bytes, view);
    if (format === 'mp3') return mp3Seconds(bytes);
  } catch {
    return null;
  }
  return null;
}

function wavSeconds(bytes: Uint8Array, view: DataView): number | null {
  let byteRate = 0;
  for (let at = 12; at + 8 <= bytes.length; ) {
    const size = view.getUint32(at + 4, true);
    if (ascii(bytes, at, 'fmt ')) byteRate = view.getUint32(at + 16, true);
    if (ascii(bytes, at, 'data')) return byteRate > 0 ? size / byteRate : null;
    at += 8 + size + (size % 2);
  }
  return null;
}

function oggSeconds(bytes: Uint8Array, view: DataView): number | null {
  // Opus always counts at 48 kHz; Vorbis names its rate in the identification header.
  let rate = 0;
  if (ascii(bytes, 28, 'OpusHead')) rate = 48_000;
  else if (bytes[28] === 1 && ascii(bytes, 29, 'vorbis')) rate = view.getUint32(28 + 12, true);
  if (!rate) return null;
  for (let at = bytes.length - 27; at >= 0; at--) {
    if (!ascii(bytes, at, 'OggS')) continue;
    const granule = Number(view.getBigUint64(at + 6, true));
    return granule > 0 && granule < 2 ** 53 ? granule / rate : null;
  }
  return null;
}

function mp4Seconds(bytes: Uint8Array, view: DataView): number | null {
  // moov may come first or last; mvhd is its first child in practice, so a scan for it is enough.
  for (let at = 4; at + 28 <= bytes.length; at++) {
    if (!ascii(bytes, at, 'mvhd')) continue;
    const version = bytes[at + 4];
    if (version === 1) {
      const timescale = view.getUint32(at + 4 + 20, false);
      const duration = Number(view.getBigUint64(at + 4 + 24, false));
      return timescale ? duration / timescale : null;
    }
    const timescale = view.getUint32(at + 4 + 12, false);
    const duration = view.getUint32(at + 4 + 16, false);
    return timescale ? duration / timescale : null;
  }
  return null;
}

const MP3_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];

function mp3Seconds(bytes: Uint8Array): number | null {
  let at = 0;
  if (ascii(bytes, 0, 'ID3')) {
    const size =
      ((bytes[6]! & 0x7f) << 21) |
      ((bytes[7]! & 0x7f) << 14) |
      ((bytes[8]! & 0x7f) << 7) |
      (bytes[9]! & 0x7f);
    at = 10 + size;
  }
  if (bytes[at] !== 0xff || (bytes[at + 1]! & 0xe0) !== 0xe0) return null;
  // MPEG-1 layer III only: other versions' tables differ, and an estimate is all this is.
  if ((bytes[at + 1]! & 0x18) !== 0x18) return null;
  const kbps = MP3_KBPS[bytes[at + 2]! >> 4];
  if (!kbps) return null;
  return ((bytes.length - at) * 8) / (kbps * 1000);
}

/** Why an upload can't be transcribed, or null when it may. */
export function audioRefusal(
  bytes: Uint8Array,
): { status: 400 | 413; message: string } | { format: AudioFormat } {
  if (bytes.length === 0) return { status: 400, message: msg('The recording is empty') };
  if (bytes.length > AUDIO_MAX_BYTES) return { status: 413, message: msg('Recordings can be at most 25 MB') };
  const format = audioFormatOf(bytes);
  if (!format) return { status: 400, message: AUDIO_TYPES_MESSAGE };
  const seconds = audioSecondsOf(bytes, format);
  if (seconds !== null && seconds > AUDIO_MAX_SECONDS + 1)
    return { status: 400, message: msg('Recordings can be at most 10 minutes long') };
  return { format };
}
