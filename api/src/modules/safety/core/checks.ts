import type { EntityManager } from '@mikro-orm/postgresql';
import { type AppError, textError } from '../../../platform/errors.ts';
import { raise } from '../../../platform/hooks.ts';
import { logger } from '../../../platform/logger.ts';
import { recordAudit } from '../../moderation/core/audit.ts';
import type { ModerationProvider, ModerationResult } from './provider.ts';
import { type CheckedSubject, refusalText } from './refusals.ts';
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

/** What a decision was about, as the audit log names targets. */
export interface CheckedTarget {
  /** `user` for a prompt refused before it had a job, `video` for a job, `post` for a post. */
  type: 'user' | 'video' | 'post';
  id: string;
}

/** A decision with what it was about, raised for other modules to react to. */
export interface ContentChecked {
  userId: string;
  /** A prompt, a post being made public, or a render the video service itself refused. */
  subject: CheckedSubject | 'video_render';
  target: CheckedTarget;
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

/** The audit log's action for a decision worth a moderator's look; null for a plain "allowed". */
export function auditActionOf(decision: ContentDecision): 'check.refuse' | 'check.fallback' | null {
  if (!decision.allowed) return 'check.refuse';
  // Let through while the remote checker was down: only the word list looked at it.
  return decision.fallback ? 'check.fallback' : null;
}

/**
 * Records a decision: refusals (`check.refuse`) and texts let through by the word list alone while
 * the remote checker was down (`check.fallback`) go to the audit log (moderation's recordAudit, no
 * actor: an automatic decision), on a fork of `em` so nothing else the caller has pending is
 * flushed with it; every decision, allowed ones too, is raised as `contentChecked`. A failure
 * here is logged, never the person's problem.
 */
export async function recordDecision(em: EntityManager, event: ContentChecked): Promise<void> {
  const checked = { ...event, text: event.text.slice(0, 2000) };
  const action = auditActionOf(event.decision);
  try {
    if (action) {
      const fork = em.fork();
      const { decision } = checked;
      recordAudit(fork, {
        actor: null,
        action,
        targetType: checked.target.type,
        targetId: checked.target.id,
        reason: decision.reason,
        details: {
          subject: checked.subject,
          userId: checked.userId,
          category: decision.category,
          categories: decision.categories,
          provider: decision.provider,
          fallback: decision.fallback,
          text: checked.text,
        },
      });
      await fork.flush();
    }
    await raise('contentChecked', checked);
  } catch (err) {
    logger.error(
      { err, subject: event.subject, target: event.target },
      'a content decision was not recorded',
    );
  }
}

/** The refusal as the REST 400 (`{ message, code: 'CONTENT_REFUSED', category }`) and GraphQL error. */
export function contentRefused(subject: CheckedSubject, decision: ContentDecision, field?: string): AppError {
  const { id, values } = refusalText(subject, decision.category);
  return textError('CONTENT_REFUSED', id, values, {
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
   * Decides, records the decision (recordDecision), and throws the plain-words refusal
   * (CONTENT_REFUSED, a 400) when the text is not allowed. Call it before anything is counted or queued.
   */
  async requireAllowed(
    em: EntityManager,
    check: {
      userId: string;
      subject: CheckedSubject;
      /** What the audit log files it under; the user when unset (a prompt has no job yet). */
      target?: CheckedTarget;
      text: string;
      /** The input field the refusal points at (the dialog marks it). */
      field?: string;
    },
  ): Promise<ContentDecision> {
    const decision = await this.decide(check.text);
    await recordDecision(em, {
      userId: check.userId,
      subject: check.subject,
      target: check.target ?? { type: 'user', id: check.userId },
      text: check.text,
      decision,
    });
    if (!decision.allowed) throw contentRefused(check.subject, decision, check.field);
    return decision;
  }
}
