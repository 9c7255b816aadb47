import { APIError } from 'openai';
import { describe, expect, it } from 'vitest';
import { providerRefusalMessage } from '../../safety/core/refusals.ts';
import { VideoRenderError } from '../core/provider.ts';
import { readableError } from '../core/run.ts';
import { isRefusal, safetyRejectionOf } from './remote.ts';

describe("the video services' safety refusals", () => {
  it("reads a render's failure as a refusal by its words (Luma's content_moderated, Veo's filters, Replicate's NSFW)", () => {
    for (const reason of [
      'content_moderated',
      '400: prompt not allowed because advanced moderation failed',
      "Your prompt couldn't be submitted: it may violate our policies",
      'NSFW content detected',
      'moderation_blocked The prompt was flagged by the content filter',
    ]) {
      expect(isRefusal(reason), reason).toBe(true);
    }
    expect(isRefusal('The GPU ran out of memory')).toBe(false);
  });

  it("takes a 4xx naming the service's safety system as a refusal, and no other client error", () => {
    const blocked = new APIError(
      400,
      {
        message: 'Your request was blocked by our moderation system.',
        type: 'invalid_request_error',
        code: 'moderation_blocked',
      },
      undefined,
      new Headers(),
    );
    expect(safetyRejectionOf(blocked)).toBe('Your request was blocked by our moderation system.');
    const policy = Object.assign(new Error('422 Unprocessable Entity'), {
      status: 422,
      body: { detail: 'Input rejected by the content policy' },
    });
    expect(safetyRejectionOf(policy)).toBe('Input rejected by the content policy');
    const parameter = new APIError(
      400,
      { message: 'Parameter resolution not allowed for this model', type: 'invalid_request_error' },
      undefined,
      new Headers(),
    );
    expect(safetyRejectionOf(parameter)).toBeNull();
  });

  it('explains a refusal in plain words, with the service’s own cut short', () => {
    const error = readableError(new VideoRenderError('NSFW content detected', false, true));
    expect(error).toBe(providerRefusalMessage('NSFW content detected'));
    expect(error).toBe(
      'This prompt can\'t be made into a video: the video service refused it under its safety rules ("NSFW content detected"). Change it and try again. It was not counted against your plan.',
    );
    expect(providerRefusalMessage('x'.repeat(500)).length).toBeLessThan(400);
    // Any other failure keeps its own words.
    expect(readableError(new VideoRenderError('Luma finished without a video'))).toBe(
      'Luma finished without a video',
    );
  });
});
