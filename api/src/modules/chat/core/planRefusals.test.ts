import { describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/errors.ts';
import { LIMITED_FOR_MS, PlanRefusals } from './planRefusals.ts';

const overLimit = (feature?: string) =>
  new AppError('PAYMENT_REQUIRED', 'Limit reached', feature ? { feature } : undefined);

/** A PlanRefusals on a clock the test moves. */
function withClock() {
  const clock = { now: 1_000_000 };
  return { clock, refusals: new PlanRefusals(() => clock.now, 3) };
}

describe('PlanRefusals', () => {
  it('knows nobody at first', () => {
    expect(new PlanRefusals().recentlyRefused('u1', ['prompts'])).toBe(false);
  });

  it('remembers a refusal for a minute', () => {
    const { clock, refusals } = withClock();
    refusals.failed('u1', ['prompts'], overLimit('prompts'));
    expect(refusals.recentlyRefused('u1', ['prompts'])).toBe(true);
    clock.now += LIMITED_FOR_MS - 1;
    expect(refusals.recentlyRefused('u1', ['prompts'])).toBe(true);
    clock.now += 1;
    expect(refusals.recentlyRefused('u1', ['prompts'])).toBe(false);
  });

  it('remembers only the feature refused, for that user only', () => {
    const { refusals } = withClock();
    refusals.failed('u1', ['prompts', 'image_analysis'], overLimit('image_analysis'));
    expect(refusals.recentlyRefused('u1', ['prompts'])).toBe(false);
    expect(refusals.recentlyRefused('u1', ['prompts', 'image_analysis'])).toBe(true);
    expect(refusals.recentlyRefused('u2', ['image_analysis'])).toBe(false);
  });

  it('remembers every feature when the refusal names none', () => {
    const { refusals } = withClock();
    refusals.failed('u1', ['prompts', 'image_analysis'], overLimit());
    expect(refusals.recentlyRefused('u1', ['prompts'])).toBe(true);
    expect(refusals.recentlyRefused('u1', ['image_analysis'])).toBe(true);
  });

  it('ignores failures that are not refusals by the plan', () => {
    const { refusals } = withClock();
    refusals.failed('u1', ['prompts'], new AppError('BAD_USER_INPUT', 'nope'));
    refusals.failed('u1', ['prompts'], new Error('connection lost'));
    expect(refusals.recentlyRefused('u1', ['prompts'])).toBe(false);
  });

  it('forgets a refusal once a prompt counting it is saved', () => {
    const { refusals } = withClock();
    refusals.failed('u1', ['prompts'], overLimit('prompts'));
    refusals.allowed('u1', ['prompts']);
    expect(refusals.recentlyRefused('u1', ['prompts'])).toBe(false);
  });

  it('stays bounded: past its size it starts again', () => {
    const { refusals } = withClock();
    for (const user of ['a', 'b', 'c', 'd']) refusals.failed(user, ['prompts'], overLimit());
    expect(refusals.recentlyRefused('a', ['prompts'])).toBe(true);
    refusals.failed('e', ['prompts'], overLimit());
    expect(refusals.recentlyRefused('a', ['prompts'])).toBe(false);
    expect(refusals.recentlyRefused('e', ['prompts'])).toBe(true);
  });
});
