import express, { type Request } from 'express';

/**
 * Webhooks are signed over the exact bytes sent, so their routes sit before the JSON parser and
 * read the body raw, whatever its type.
 */
export const rawWebhookBody = express.raw({ type: () => true, limit: '1mb' });

/** The raw body `rawWebhookBody` read (empty when there was none). */
export const bodyBytesOf = (req: Request): Buffer => (Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
