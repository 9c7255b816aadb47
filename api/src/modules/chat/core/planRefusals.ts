import { AppError } from '../../../platform/errors.ts';
import type { MeteredFeature } from './PlanLimit.ts';

/** How long someone refused by their plan's limit has their next sends checked before asking. */
export const LIMITED_FOR_MS = 60_000;

/**
 * Who was refused by their plan's limit a moment ago, per user and feature. A send normally asks
 * the provider while its prompt is counted (send.ts); someone at one of these limits a moment ago
 * is counted first, so a client retrying at its limit doesn't start (and abort) a request per try.
 * Kept in memory only (a hint, never the limit itself: usage.ts holds that), and bounded.
 */
export class PlanRefusals {
  /** `userId:feature` -> when a send was last refused for it. */
  private readonly refusedAt = new Map<string, number>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxKept = 10_000,
  ) {}

  /** Whether any of these features refused this user within LIMITED_FOR_MS. */
  recentlyRefused(userId: string, features: MeteredFeature[]): boolean {
    return features.some((f) => this.now() - (this.refusedAt.get(`${userId}:${f}`) ?? 0) < LIMITED_FOR_MS);
  }

  /** A prompt counting these features was saved: none of them is at its limit any more. */
  allowed(userId: string, features: MeteredFeature[]): void {
    for (const f of features) this.refusedAt.delete(`${userId}:${f}`);
  }

  /**
   * A prompt counting these features failed to save with `error`: a refusal by the plan
   * (PAYMENT_REQUIRED) is remembered for the feature it names (usage.ts overLimit), or for all of
   * them when it names none. Any other failure is not a refusal.
   */
  failed(userId: string, features: MeteredFeature[], error: unknown): void {
    if (!(error instanceof AppError && error.code === 'PAYMENT_REQUIRED')) return;
    if (this.refusedAt.size > this.maxKept) this.refusedAt.clear();
    const refused = error.details?.feature;
    for (const f of features)
      if (refused === undefined || f === refused) this.refusedAt.set(`${userId}:${f}`, this.now());
  }
}
