import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { CreatedEntity } from '../../../platform/baseEntity.ts';

/** What can be reported: a community video (post), a person, a direct message, a comment on a video. */
export const reportTargetTypes = ['post', 'user', 'message', 'comment', 'assistant'] as const;
export type ReportTargetType = (typeof reportTargetTypes)[number];

/** Why, as the report dialog offers it (the tokens are the API's: docs in the module README). */
export const reportReasons = [
  'spam',
  'sexual',
  'violence',
  'hate',
  'harassment',
  'illegal',
  'other',
] as const;
export type ReportReason = (typeof reportReasons)[number];

/** What staff did about a target's reports (`moderate`), also what its reporters are told. */
export const moderationActions = ['hide', 'restore', 'delete', 'dismiss', 'warn', 'suspend', 'ban'] as const;
export type ModerationAction = (typeof moderationActions)[number];

/**
 * One person's report of one target (unique per reporter and target). Open until staff act on the
 * target; then every open report of it is resolved with the action taken (`outcome`).
 */
export const Report = defineEntity({
  name: 'Report',
  tableName: 'reports',
  extends: CreatedEntity,
  properties: {
    reporterId: p.uuid(),
    targetType: p.enum(reportTargetTypes),
    targetId: p.uuid(),
    /** Whose content it is (the poster, the person, the sender): who a warning or ban goes to. */
    ownerId: p.uuid().nullable(),
    reason: p.enum(reportReasons),
    note: p.text().nullable(),
    status: p.enum(['open', 'resolved'] as const).default('open'),
    outcome: p.enum(moderationActions).nullable(),
    outcomeNote: p.text().nullable(),
    resolvedAt: p.datetime().nullable(),
    resolvedById: p.uuid().nullable(),
  },
});
export type Report = InferEntity<typeof Report>;
