import { AppError } from '../../../platform/errors.ts';
import { raise } from '../../../platform/hooks.ts';
import { logger } from '../../../platform/logger.ts';
import type { ModerationProvider, ModerationResult } from './provider.ts';
import { type CheckedSubject, refusalMessage } from './refusals.ts';
import type { WordListModeration } from './words.ts';

/** One automatic decision about a text: what the audit log records (the `contentChecked` event). */
export interface ContentDecision {
  allowed: boolean;
  /** The most severe category it was flagged for (OpenAI's names, or the word list's); null when allowed. */
  category: string | null;
  /** Every category it was flagged for, most severe first. */
  categories: string[];
  /** Why, for moderators (which words, which model, a failure): never shown to the person as it is. */
  reason: string;
  /** Who decided: 'wordlist', or the remote model's name (MODERATION_MODEL). */
  provider: string;
  /** The remote checker failed or timed out, so the word list decided alone. */
  fallback: boolean;
}

/** A decision with what it was about, raised for other modules (the audit log) to record. */
export interface ContentChecked {
  userId: string;
  /** A prompt, a post being made public, or a render the video service itself refused. */
  subject: CheckedSubject | 'video_render';
  /** The job's or post's id when there is one already (a refused prompt never gets a job). */
  subjectId: string | null;
  /** The text checked, cut at 2,000 characters. */
  text: string;
  decision: ContentDecision;
}

declare module '../../../platform/module.ts' {
  interface HookEvents {
    /**
     * An automatic moderation decision was made (allowed or refused), in the api or the worker.
     * Reactions must not throw for a refusal to still be explained: a failing one is logged.
     */
    contentChecked: ContentChecked;
  }
}

/** Raises `contentChecked`; a reaction that fails is logged, never the person's problem. */
export async function recordDecision(event: ContentChecked): Promise<void> {
  try {
    await raise('contentChecked', { ...event, text: event.text.slice(0, 2000) });
  } catch (err) {
    logger.error(
      { err, subject: event.subject, subjectId: event.subjectId },
      'a content decision was not recorded',
    );
  }
}

/** The refusal as the REST 400 (`{ message, code: 'CONTENT_REFUSED', category }`) and GraphQL error. */
export function contentRefused(subject: CheckedSubject, decision: ContentDecision, field?: string): AppError {
  return new AppError('CONTENT_REFUSED', refusalMessage(subject, decision.category), {
    category: decision.category,
    ...(field ? { field } : {}),
  });
}

function decisionOf(result: ModerationResult, provider: string, fallback: boolean): ContentDecision {
  return {
    allowed: !result.flagged,
    category: result.flagged ? (result.categories[0] ?? null) : null,
    categories: result.flagged ? result.categories : [],
    reason: result.reason,
    provider,
    fallback,
  };
}

/**
 * The automatic checks: the word list first (the operator's own policy, instant, never down),
 * then the remote checker when one is configured. When the remote one fails (an error, a 5xx, a
 * timeout) the word list's answer stands and the failure is logged: nobody is refused because the
 * checker is down, and no check ever turns into a 500.
 */
export class ContentChecks {
  constructor(
    readonly words: WordListModeration,
    readonly remote: ModerationProvider | null = null,
  ) {}

  /** What the checks say about `text`; never throws. */
  async decide(text: string): Promise<ContentDecision> {
    const local = this.words.checkNow(text);
    if (local.flagged || !this.remote) return decisionOf(local, this.words.name, false);
    try {
      return decisionOf(await this.remote.check(text), this.remote.name, false);
    } catch (err) {
      logger.warn(
        { err, checker: this.remote.name },
        'the moderation service failed; the word list decided alone',
      );
      const failure = err instanceof Error ? err.message.slice(0, 200) : String(err);
      return {
        ...decisionOf(local, this.words.name, true),
        reason: `${this.remote.name} failed (${failure}); ${local.reason}`,
      };
    }
  }

  /**
   * Decides, records the decision (`contentChecked`), and throws the plain-words refusal
   * (CONTENT_REFUSED, a 400) when the text is not allowed. Call it before anything is counted or queued.
   */
  async requireAllowed(check: {
    userId: string;
    subject: CheckedSubject;
    subjectId?: string | null;
    text: string;
    /** The input field the refusal points at (the dialog marks it). */
    field?: string;
  }): Promise<ContentDecision> {
    const decision = await this.decide(check.text);
    await recordDecision({
      userId: check.userId,
      subject: check.subject,
      subjectId: check.subjectId ?? null,
      text: check.text,
      decision,
    });
    if (!decision.allowed) throw contentRefused(check.subject, decision, check.field);
    return decision;
  }
}
