/**
 * Client-side checks from spec §5. The rules and their wording come from the api's own module
 * (`@chorus/api/rules`, plain TypeScript with no imports), so the forms and the server can never
 * disagree; the api validates again, these only save a round trip and give instant feedback.
 */
import {
  accountMessages,
  EMAIL_PATTERN,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from '@chorus/shared/accountRules';
import { msg } from '../../lib/i18n';

export { PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '@chorus/shared/accountRules';

export const MESSAGES = {
  loginMissing: accountMessages.loginMissing,
  registerMissing: accountMessages.registerMissing,
  usernameTooShort: accountMessages.usernameShort,
  usernameTooLong: accountMessages.usernameLong,
  usernameChars: accountMessages.usernameChars,
  passwordTooShort: accountMessages.passwordShort,
  passwordsDiffer: accountMessages.passwordsDiffer,
  invalidEmail: accountMessages.emailInvalid,
} as const;

/**
 * Title of validation toasts; the rule itself goes in the description. A toast is labelled by its
 * title, so a title naming a field ("Username…") would compete with that field's own label.
 */
export const CHECK_DETAILS = msg('Check your details');

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email);
}

/** The first problem with a new username (sign-up, profile), in the server's order, or null. */
export function usernameProblem(username: string): string | null {
  if (username.length < USERNAME_MIN) return MESSAGES.usernameTooShort;
  if (username.length > USERNAME_MAX) return MESSAGES.usernameTooLong;
  if (!USERNAME_PATTERN.test(username)) return MESSAGES.usernameChars;
  return null;
}
