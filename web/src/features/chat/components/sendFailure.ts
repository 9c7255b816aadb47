import type { ApiFailure } from '../../../graphql/errors';

/**
 * Why a prompt was not sent, as its failed entry in the chat shows it:
 * - retry: the network or the server broke (or it was busy): sending the same text again can work;
 * - plan: the plan refused it (an allowance used up, a feature it does not include): the reason and
 *   a way to upgrade, since sending it again cannot work until the plan changes;
 * - refused: the server refused the text itself (too long, an image gone): the reason, no retry.
 */
export type SendFailure =
  | { kind: 'retry' }
  | { kind: 'plan'; reason: string; upgradeUrl: string }
  | { kind: 'refused'; reason: string };

/** Refusals that go away by themselves (a limiter's window passes). */
const RETRYABLE_CODES = new Set(['RATE_LIMITED']);

export function sendFailureOf(failure: ApiFailure): SendFailure {
  if (failure.kind === 'unexpected' || RETRYABLE_CODES.has(failure.code)) return { kind: 'retry' };
  if (failure.code === 'PAYMENT_REQUIRED' || failure.upgradeUrl) {
    return { kind: 'plan', reason: failure.message, upgradeUrl: failure.upgradeUrl ?? '/plans' };
  }
  return { kind: 'refused', reason: failure.message };
}
