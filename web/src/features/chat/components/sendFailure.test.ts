import { describe, expect, it } from 'vitest';
import { sendFailureOf } from './sendFailure';

describe('sendFailureOf', () => {
  it('offers Retry only for failures that sending again can fix', () => {
    expect(sendFailureOf({ kind: 'unexpected' })).toEqual({ kind: 'retry' });
    expect(sendFailureOf({ kind: 'rejected', code: 'RATE_LIMITED', message: 'Slow down' })).toEqual({
      kind: 'retry',
    });
  });

  it("shows a plan's refusal with its reason and the way to upgrade, never Retry", () => {
    const reason =
      "You've used all 10 prompts of your plan this month. Upgrade to Premium for unlimited prompts.";
    expect(
      sendFailureOf({
        kind: 'rejected',
        code: 'PAYMENT_REQUIRED',
        message: reason,
        upgradeUrl: '/plans',
        feature: 'prompts',
      }),
    ).toEqual({ kind: 'plan', reason, upgradeUrl: '/plans' });
    // Without a link from the server, the plans page.
    expect(
      sendFailureOf({
        kind: 'rejected',
        code: 'PAYMENT_REQUIRED',
        message: 'Image analysis is part of Premium.',
      }),
    ).toEqual({ kind: 'plan', reason: 'Image analysis is part of Premium.', upgradeUrl: '/plans' });
  });

  it('shows a refusal of the text itself with its reason and no Retry', () => {
    expect(
      sendFailureOf({
        kind: 'rejected',
        code: 'BAD_USER_INPUT',
        message: 'Messages are limited to 20,000 characters',
      }),
    ).toEqual({ kind: 'refused', reason: 'Messages are limited to 20,000 characters' });
  });
});
