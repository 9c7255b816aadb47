import { EMAIL_PATTERN } from '@chorus/shared/accountRules';
import { z } from 'zod';
import { msg } from '../../../platform/i18n.ts';

const trimmedString = (missing: string) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string({ error: missing }));

export const friendRequestInput = z.object({
  username: trimmedString(msg('Please enter a username')).pipe(
    z.string().min(1, msg('Please enter a username')).max(50, msg('User not found')),
  ),
});

/** Spec §5: the invitation texts. */
export const invitationMessages = {
  emailInvalid: msg('Please enter a valid email address'),
  phoneInvalid: msg('Please enter a valid phone number'),
} as const;

export const emailInvitationInput = z.object({
  email: trimmedString(invitationMessages.emailInvalid).pipe(
    z
      .string()
      .max(254, invitationMessages.emailInvalid)
      .regex(EMAIL_PATTERN, invitationMessages.emailInvalid),
  ),
});

export const smsInvitationInput = z.object({
  // At least 10 characters (spec §5), and only what phone numbers are written with.
  phoneNumber: trimmedString(invitationMessages.phoneInvalid).pipe(
    z
      .string()
      .min(10, invitationMessages.phoneInvalid)
      .max(32, invitationMessages.phoneInvalid)
      .regex(/^\+?[0-9][0-9 ().-]*[0-9]$/, invitationMessages.phoneInvalid)
      .refine((v) => v.replace(/\D/g, '').length >= 7, invitationMessages.phoneInvalid),
  ),
  message: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : (v ?? undefined)),
    z.string().max(300, msg('The message can be at most 300 characters long')).optional(),
  ),
});

export const generateInvitationInput = z.object({
  type: z.literal('app', { error: msg("Only 'app' links can be generated") }).default('app'),
});

export const directMessageInput = z.object({
  content: trimmedString(msg('Message cannot be empty')).pipe(
    z
      .string()
      .min(1, msg('Message cannot be empty'))
      .max(4000, msg('A message can be at most 4000 characters long')),
  ),
});
