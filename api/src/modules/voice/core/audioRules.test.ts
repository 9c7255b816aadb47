import { describe, expect, it } from 'vitest';
import {
  AUDIO_TYPES_MESSAGE,
  audioFormatOf,
  audioRefusal,
  audioSecondsOf,
  TRANSCRIPTION_LANGUAGE_MESSAGE,
  transcriptionLanguageOf,
} from './audioRules.ts';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const pad = (b: Uint8Array, n = 64) => new Uint8Array([...b, ...new Array(n).fill(0)]);

/** A WAV (16 kHz mono 16-bit) of `seconds` of silence. */
function wavOf(seconds: number) {
  const data = Math.round(seconds * 16_000) * 2;
  const b = new Uint8Array(44 + data);
  const v = new DataView(b.buffer);
  b.set(bytes('RIFF'), 0);
  v.setUint32(4, 36 + data, true);
  b.set(bytes('WAVEfmt '), 8);
  v.setUint32(16, 16, true);
  v.setUint16(20, 1, true);
  v.setUint16(22, 1, true);
  v.setUint32(24, 16_000, true);
  v.setUint32(28, 32_000, true);
  v.setUint16(32, 2, true);
  v.setUint16(34, 16, true);
  b.set(bytes('data'), 36);
  v.setUint32(40, data, true);
  return b;
}

/** An Ogg Opus stream: the OpusHead page, then a last page whose granule position is `samples` at 48 kHz. */
function oggOpus(samples: number) {
  const page = (granule: bigint, body: Uint8Array) => {
    const head = new Uint8Array(27 + 1);
    head.set(bytes('OggS'), 0);
    new DataView(head.buffer).setBigUint64(6, granule, true);
    head[26] = 1;
    head[27] = body.length;
    return new Uint8Array([...head, ...body]);
  };
  return new Uint8Array([
    ...page(0n, pad(bytes('OpusHead'), 11)),
    ...page(BigInt(samples), new Uint8Array(20)),
  ]);
}

/** An MP4 whose movie header (version 0) says `seconds` at timescale 1000. */
function mp4(seconds: number) {
  const b = new Uint8Array(8 + 8 + 8 + 100);
  const v = new DataView(b.buffer);
  b.set(bytes('\0\0\0\x18ftypM4A '), 0);
  b.set(bytes('mvhd'), 28);
  v.setUint32(28 + 4 + 12, 1000);
  v.setUint32(28 + 4 + 16, seconds * 1000);
  return b;
}

describe('audio uploads', () => {
  it('knows the formats by their bytes', () => {
    expect(audioFormatOf(pad(bytes([0x1a, 0x45, 0xdf, 0xa3])))).toBe('webm');
    expect(audioFormatOf(oggOpus(48_000))).toBe('ogg');
    expect(audioFormatOf(mp4(3))).toBe('mp4');
    expect(audioFormatOf(pad(bytes('ID3')))).toBe('mp3');
    expect(audioFormatOf(pad(bytes([0xff, 0xfb, 0x90, 0x00])))).toBe('mp3');
    expect(audioFormatOf(wavOf(0.1))).toBe('wav');
    expect(audioFormatOf(pad(bytes('%PDF-1.7')))).toBeNull();
    expect(audioFormatOf(pad(bytes([0x89, 0x50, 0x4e, 0x47])))).toBeNull();
    expect(audioFormatOf(bytes('OggS'))).toBeNull(); // too short to be anything
  });

  it('tells the length where the header says it cheaply', () => {
    expect(audioSecondsOf(wavOf(2), 'wav')).toBeCloseTo(2);
    expect(audioSecondsOf(oggOpus(48_000 * 5), 'ogg')).toBeCloseTo(5);
    expect(audioSecondsOf(mp4(42), 'mp4')).toBeCloseTo(42);
    // 128 kbps MPEG-1 layer III: 16,000 bytes a second.
    const mp3 = new Uint8Array(16_000 * 3);
    mp3.set([0xff, 0xfb, 0x90, 0x00]);
    expect(audioSecondsOf(mp3, 'mp3')).toBeCloseTo(3);
    // A MediaRecorder WebM is written live: no duration to read.
    expect(audioSecondsOf(pad(bytes([0x1a, 0x45, 0xdf, 0xa3])), 'webm')).toBeNull();
    // Truncated headers give no answer rather than a wrong one.
    expect(audioSecondsOf(wavOf(1).subarray(0, 30), 'wav')).toBeNull();
  });

  it('refuses what is empty, not audio, too big or too long', () => {
    expect(audioRefusal(new Uint8Array(0))).toEqual({ status: 400, message: 'The recording is empty' });
    expect(audioRefusal(pad(bytes('hello')))).toEqual({ status: 400, message: AUDIO_TYPES_MESSAGE });
    expect(audioRefusal(new Uint8Array(25 * 1024 * 1024 + 1))).toMatchObject({ status: 413 });
    expect(audioRefusal(wavOf(601 + 1))).toEqual({
      status: 400,
      message: 'Recordings can be at most 10 minutes long',
    });
    expect(audioRefusal(mp4(599))).toEqual({ format: 'mp4' });
    expect(audioRefusal(oggOpus(48_000 * 700))).toMatchObject({ status: 400 });
  });
});

describe('the language a transcription is told', () => {
  it("takes the shipped languages' two-letter codes, or none", () => {
    expect(TRANSCRIPTION_LANGUAGE_MESSAGE).toBe('language must be one of en, es, fr, de, pt, ja');
    for (const code of ['en', 'es', 'fr', 'de', 'pt', 'ja'])
      expect(transcriptionLanguageOf(code)).toEqual({ language: code });
    expect(transcriptionLanguageOf(undefined)).toEqual({});
    expect(transcriptionLanguageOf('')).toEqual({});
  });

  it('refuses anything else with a message', () => {
    for (const bad of ['pt-BR', 'EN', 'ko', 'english', ['en', 'ja'], 42, 'x'.repeat(5000)])
      expect(transcriptionLanguageOf(bad)).toEqual({ message: TRANSCRIPTION_LANGUAGE_MESSAGE });
  });
});
