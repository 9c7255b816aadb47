import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { describe, expect, it } from 'vitest';
import { readApiFailure } from './errors';

describe('readApiFailure', () => {
  it("tells a moderation refusal in the server's words (CONTENT_REFUSED)", () => {
    const message =
      "This prompt can't be made into a video: it was flagged for violence. Change it and try again.";
    const error = new CombinedGraphQLErrors({
      errors: [{ message, extensions: { code: 'CONTENT_REFUSED', category: 'violence' } }],
    });
    expect(readApiFailure(error)).toEqual({ kind: 'rejected', code: 'CONTENT_REFUSED', message });
  });

  it('keeps an unexplained failure unexplained', () => {
    const error = new CombinedGraphQLErrors({
      errors: [{ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
    });
    expect(readApiFailure(error)).toEqual({ kind: 'unexpected' });
  });
});
