import {
  EMAIL_PATTERN,
  accountMessages as m,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from '@chorus/shared/accountRules';
import { LANGUAGES } from '@chorus/shared/languages';
import { z } from 'zod';
import { msg } from '../../../platform/i18n.ts';
import { zodText } from '../../../platform/validation.ts';

const trimmed = (missing: string) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string({ error: missing }).min(1, missing));

const username = (missing: string) =>
  trimmed(missing)
    .pipe(z.string().min(USERNAME_MIN, m.usernameShort).max(USERNAME_MAX, m.usernameLong))
    .pipe(z.string().regex(USERNAME_PATTERN, m.usernameChars));

// No control characters (a NUL can't even be stored): the spec's pattern only excludes spaces.
const email = (missing: string) =>
  trimmed(missing).pipe(
    z
      .string()
      .max(254, m.emailInvalid)
      .regex(EMAIL_PATTERN, m.emailInvalid)
      .regex(/^[^\p{Cc}]*$/u, m.emailInvalid),
  );

// Passwords are not trimmed: spaces may be part of them.
const password = (missing: string) =>
  z
    .string({ error: missing })
    .min(1, missing)
    .min(PASSWORD_MIN, m.passwordShort)
    .max(PASSWORD_MAX, m.passwordLong);

/**
 * The spec (§5) answers a form with any required field missing with its missing-fields message
 * before any rule about a field's content, so presence is checked across the whole form first and
 * the field rules only run once everything is there. Blank means empty after trimming, except for
 * the password, which is never trimmed.
 */
const allPresent = <T extends z.ZodType>(fields: readonly string[], missing: string, rules: T) =>
  z
    .unknown()
    .superRefine((value, ctx) => {
      const form = (value !== null && typeof value === 'object' ? value : {}) as Record<string, unknown>;
      const absent = fields.find((field) => {
        const v = form[field];
        return typeof v !== 'string' || (field === 'password' ? v : v.trim()) === '';
      });
      if (absent) ctx.addIssue({ code: 'custom', message: missing, path: [absent] });
    })
    .pipe(rules);

// Fields in the order the spec checks them (username, password, email): the first issue is shown.
export const registerInput = allPresent(
  ['username', 'password', 'email'],
  m.registerMissing,
  z.object({
    username: username(m.registerMissing),
    password: password(m.registerMissing),
    email: email(m.registerMissing),
    /** The token of the invitation link the visitor came through (/invite/{token}), if any. */
    inviteToken: z.string().max(64).optional().nullable(),
    /** The appearance chosen before signing up, so the new account keeps it everywhere. */
    darkMode: z.boolean().optional().nullable(),
  }),
);

export const loginInput = allPresent(
  ['username', 'password'],
  m.loginMissing,
  z.object({
    // Every account's name follows the registration rules, so anything else is refused as input
    // (400) before it reaches the database or becomes a rate-limit key.
    username: username(m.loginMissing),
    password: password(m.loginMissing),
  }),
);

const optionalText = (max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || null : v),
    z.string().max(max, message).nullable().optional(),
  );

/** A shipped language's code, or null for "the browser's" (packages/shared/src/languages.ts). */
const language = z
  .enum(LANGUAGES, {
    error: zodText(msg('Language must be one of: {choices}'), { choices: LANGUAGES.join(', ') }),
  })
  .nullish();

export const updateProfileInput = z.object({
  username: username(m.usernameShort).optional(),
  email: email(m.emailInvalid).optional(),
  displayName: optionalText(100, msg('Display name must be at most 100 characters long')),
  bio: optionalText(500, msg('Bio must be at most 500 characters long')),
  /** The interface language (a setting; accepted here too, as API clients set it with the profile). */
  language,
  /** Needed only when `email` changes (core/emailChange.ts). */
  currentPassword: z
    .string({ error: msg('Your current password is not correct') })
    .max(PASSWORD_MAX, msg('Your current password is not correct'))
    .nullish(),
});

export const settingsInput = z.object({
  language,
  theme: z
    .enum(['system', 'light', 'dark'], { error: msg('Theme must be system, light or dark') })
    .optional(),
  darkMode: z.boolean().optional(),
  allowNotifications: z.boolean().optional(),
  enableSounds: z.boolean().optional(),
  enableStreaming: z.boolean().optional(),
  memoryEnabled: z.boolean().optional(),
  shareVideos: z.boolean().optional(),
});

export type RegisterInput = z.infer<typeof registerInput>;
export type LoginInput = z.infer<typeof loginInput>;
export type UpdateProfileInput = z.infer<typeof updateProfileInput>;
export type SettingsInput = z.infer<typeof settingsInput>;
