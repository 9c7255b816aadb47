import { Readable } from 'node:stream';
import { Router } from 'express';
import multer from 'multer';
import { refuseNulFileName } from '../../http/inputGuard.ts';
import { AppError, badInput, textError } from '../../platform/errors.ts';
import { msg } from '../../platform/i18n.ts';
import type { AppServices } from '../../platform/module.ts';
import { signedIn } from '../../rest/adapter.ts';
import { signedInUpload } from '../../rest/upload.ts';
import {
  AUDIO_MAX_BYTES,
  audioRefusal,
  TRANSCRIPTION_LANGUAGE_TEXT,
  transcriptionLanguageOf,
} from './core/audioRules.ts';

const SEND_AS = msg('Send the recording as multipart field "file"');

/**
 * `POST /api/audio/transcriptions` (multipart `file`, optional `language`: en, es, fr, de, pt, ja) → `{ text }`; `POST /api/audio/speech`
 * `{ text, messageId? }` → audio/mpeg; `GET /api/audio/config` → what this server can do
 * (core/voiceService.ts). Signed in only; each counted per person.
 */
export function voiceRoutes(services: AppServices): Router {
  const { voice } = services;
  const upload = multer({
    storage: multer.memoryStorage(),
    fileFilter: refuseNulFileName,
    defParamCharset: 'utf8',
    limits: { fileSize: AUDIO_MAX_BYTES, files: 1 },
  });
  const r = Router();

  r.get(
    '/audio/config',
    signedIn(services, () => voice.availability),
  );

  r.post(
    '/audio/transcriptions',
    signedInUpload(upload, 'file', (err) =>
      err.code === 'LIMIT_FILE_SIZE'
        ? new AppError('PAYLOAD_TOO_LARGE', msg('Recordings can be at most 25 MB'))
        : badInput(SEND_AS),
    ),
    signedIn(services, async ({ userId, req }) => {
      if (!req.file) throw badInput(SEND_AS);
      const bytes = new Uint8Array(
        req.file.buffer.buffer,
        req.file.buffer.byteOffset,
        req.file.buffer.byteLength,
      );
      const checked = audioRefusal(bytes);
      if ('message' in checked)
        throw checked.status === 413
          ? new AppError('PAYLOAD_TOO_LARGE', checked.message)
          : badInput(checked.message);
      const told = transcriptionLanguageOf((req.body as Record<string, unknown> | undefined)?.language);
      if ('message' in told) {
        const { id, values } = TRANSCRIPTION_LANGUAGE_TEXT;
        throw textError('BAD_USER_INPUT', id, values, { field: 'language' });
      }
      return { text: await voice.transcribe(userId, bytes, checked.format, told.language) };
    }),
  );

  r.post(
    '/audio/speech',
    signedIn(services, async ({ userId, req, res }) => {
      const body: unknown = req.body;
      if (!body || typeof body !== 'object') throw badInput('Send JSON { "text": "…" }');
      const { text, messageId } = body as { text?: unknown; messageId?: unknown };
      // Accepted for the client's bookkeeping (which answer is being read); nothing is kept by it.
      if (messageId !== undefined && (typeof messageId !== 'string' || messageId.length > 100))
        throw badInput(msg('messageId must be a message id'));
      const audio = await voice.speak(userId, text);
      res.status(200).type('audio/mpeg').set('Cache-Control', 'private, no-store');
      const stream = Readable.fromWeb(audio as import('node:stream/web').ReadableStream<Uint8Array>);
      stream.on('error', () => res.destroy());
      stream.pipe(res);
    }),
  );
  return r;
}
