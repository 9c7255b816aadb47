import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withinBudget } from './withinBudget.ts';

describe('withinBudget', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers the value that comes in time', async () => {
    const answer = withinBudget(new Promise((resolve) => setTimeout(() => resolve('facts'), 10)), 25);
    await vi.advanceTimersByTimeAsync(10);
    await expect(answer).resolves.toBe('facts');
  });

  it('answers null once the budget runs out, while the work runs on', async () => {
    let late: string | undefined;
    const work = new Promise<string>((resolve) => setTimeout(() => resolve('late facts'), 100));
    void work.then((v) => {
      late = v;
    });
    const answer = withinBudget(work, 25);
    await vi.advanceTimersByTimeAsync(25);
    await expect(answer).resolves.toBeNull();
    await vi.advanceTimersByTimeAsync(75);
    expect(late).toBe('late facts');
  });

  it('answers null for a failure, without passing it on', async () => {
    await expect(withinBudget(Promise.reject(new Error('db down')), 25)).resolves.toBeNull();
  });

  it('leaves no timer behind once it has its answer', async () => {
    await withinBudget(Promise.resolve(1), 25);
    expect(vi.getTimerCount()).toBe(0);
  });
});
