import { z } from 'zod';
import { msg } from '../../../platform/i18n.ts';

/** A share token: 32 random bytes as base64url. Anything else is a link that does not exist. */
export const SHARE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const sendShareInput = z.object({
  friendId: z.string({ error: msg('Choose a friend') }).uuid(msg('Choose a friend')),
});

/** The n-th image of a share (counted over all its messages, from 0). */
export const shareImageIndex = z.coerce.number().int().min(0).max(10_000);
