import { z } from 'zod';
import { msg } from '../../../platform/i18n.ts';
import { zodText } from '../../../platform/validation.ts';
import { documentKinds } from './ChatDocument.ts';

/** The longest document (about 100 pages of prose): saves and rewrites past it are refused. */
export const MAX_DOCUMENT_CHARS = 200_000;
/** Documents per chat: a chat's canvas lists them all. */
export const DOCUMENTS_PER_CHAT = 50;

const title = z
  .string({ error: msg('Give the document a title') })
  .trim()
  .min(1, msg('Give the document a title'))
  .max(200, msg('A title is at most 200 characters'))
  .refine((t) => !t.includes('\u0000'), msg('A title cannot contain NUL characters'));
const content = z
  .string({ error: msg('Send the document as text: content') })
  .max(
    MAX_DOCUMENT_CHARS,
    zodText(msg('A document is at most {max, plural, other {#}} characters'), { max: MAX_DOCUMENT_CHARS }),
  )
  .refine((t) => !t.includes('\u0000'), msg('A document cannot contain NUL characters'));
// The message whole, one per field: a phrase put into a sentence can't be translated.
const version = (message: string) => z.number({ error: message }).int(message).min(1, message);

export const createDocumentInput = z.object({
  title: title.optional(),
  kind: z.enum(documentKinds, { error: msg('A document is text or code') }).optional(),
  /** A code document's language, e.g. typescript or c++. */
  language: z
    .string()
    .trim()
    .max(32, msg('A language name is at most 32 characters'))
    .regex(/^[a-z0-9+#._-]*$/i, msg('A language name is letters, digits and + # . _ -'))
    .optional()
    .nullable(),
  content: content.optional(),
  /** "Open in canvas": an answer of the chat whose text the document starts from. */
  fromMessageId: z.string().uuid(msg('Message not found')).optional(),
});

export const saveDocumentInput = z.object({
  content,
  /** The version the change was made from: a save over a newer one is refused (CONFLICT). */
  baseVersion: version(msg('Say which version the change was made from: baseVersion')),
  title: title.optional(),
  /** An accepted rewrite proposal, rather than typing: the versions list says so. */
  reason: z.enum(['save', 'rewrite']).optional(),
});

export const restoreVersionInput = z.object({
  version: version(msg('Say which version to restore: version')),
  baseVersion: version(msg('Say which version the document is at: baseVersion')).optional(),
});

export const rewriteInput = z
  .object({
    /** The selection, as offsets into the content (UTF-16 code units, as JavaScript counts). */
    start: z
      .number({ error: msg('Say where the selection starts: start') })
      .int()
      .min(0, msg('The selection starts at 0 or later')),
    end: z.number({ error: msg('Say where the selection ends: end') }).int(),
    instruction: z
      .string({ error: msg('Say how to change the selection: instruction') })
      .trim()
      .min(1, msg('Say how to change the selection: instruction'))
      .max(2000, msg('An instruction is at most 2,000 characters')),
    /** The assistant that rewrites it (a chat assistant); the chat's own when not given. */
    model: z.string().max(32).optional().nullable(),
    /** The version the selection was made in: a rewrite of a newer one is refused (CONFLICT). */
    baseVersion: version(msg('Say which version the selection was made in: baseVersion')).optional(),
  })
  .refine((r) => r.end > r.start, { message: 'Select some text to rewrite', path: ['end'] });

export const versionsPageInput = z.object({
  limit: z.coerce.number().int().min(1).max(100).optional(),
  /** Versions older than this one. */
  before: z.coerce.number().int().min(1).optional(),
});
