import { readApiFailure } from '../graphql/errors';

/**
 * Logs a failed action in the browser console. A refusal the server explained (a plan's limit, a
 * Premium-only feature, bad input) is an expected outcome the person has already been told about:
 * one info line with the reason, no stack. Anything else is an error, logged with its details.
 */
export function logFailure(what: string, error: unknown): void {
  const failure = readApiFailure(error);
  if (failure.kind === 'rejected') console.info(`${what}: ${failure.message} (${failure.code})`);
  else console.error(what, error);
}
