/**
 * The account rules of the spec (§5, §9) in one place, shared by the server's zod schemas and the
 * web forms so both say the same thing. Plain TypeScript: the web bundle imports it too.
 */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 50;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 200;
/** The spec's "{email}" pattern: something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Marks a text for the catalogues (scripts/lib/i18nMessages.ts finds it; the api answers it translated).
 * The limits are written into the texts rather than filled in, so each is one whole sentence for the
 * translators and the web can show it with a plain t(); accountRules.test.ts keeps them equal to the
 * constants above.
 */
const msg = (text: string) => text;

export const accountMessages = {
  loginMissing: msg('Please enter both username and password'),
  registerMissing: msg('Please fill out all required fields'),
  usernameShort: msg('Username must be at least 3 characters long'),
  usernameLong: msg('Username must be at most 50 characters long'),
  usernameChars: msg('Username may only contain letters, numbers, dots, hyphens and underscores'),
  passwordShort: msg('Password must be at least 6 characters long'),
  passwordLong: msg('Password must be at most 200 characters long'),
  passwordsDiffer: msg("Passwords don't match"),
  emailInvalid: msg('Please enter a valid email address'),
  badLogin: msg('Invalid username or password'),
  usernameTaken: msg('That username is already taken'),
  emailTaken: msg('An account with that email already exists'),
} as const;

/** Usernames appear in URLs, mentions and friend requests, so keep them to safe characters. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;

/** One row of the profile's sessions list (GET /api/auth/sessions): named by a hash, never the cookie's id. */
export interface SessionView {
  id: string;
  current: boolean;
  userAgent: string;
  ip: string;
  createdAt: string | null;
  lastActiveAt: string | null;
}
