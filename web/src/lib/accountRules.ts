/**
 * Client-side checks from spec §5, worded exactly as the spec's messages. The api validates the same
 * rules again; these only save a round trip and give instant feedback.
 */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 50;
export const PASSWORD_MIN = 6;

// "Looks like an email": something@something.tld with no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const MESSAGES = {
  usernameTooShort: `Username must be at least ${USERNAME_MIN} characters long`,
  usernameTooLong: `Username must be at most ${USERNAME_MAX} characters long`,
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters long`,
  passwordsDiffer: "Passwords don't match",
  invalidEmail: 'Please enter a valid email address',
} as const;

/**
 * Title of validation toasts; the rule itself goes in the description. A toast is labelled by its
 * title, so a title naming a field ("Username…") would compete with that field's own label.
 */
export const CHECK_DETAILS = 'Check your details';

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email);
}

/** The first problem with a username, or null. */
export function usernameProblem(username: string): string | null {
  if (username.length < USERNAME_MIN) return MESSAGES.usernameTooShort;
  if (username.length > USERNAME_MAX) return MESSAGES.usernameTooLong;
  return null;
}
