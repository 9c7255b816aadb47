import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { CreatedEntity } from '../../../platform/baseEntity.ts';

/**
 * One line of the audit log: a staff action or an automatic decision (the actor is null then). Kept:
 * an entry outlives its actor (the name stays when the account is deleted) and its target.
 */
export const AuditEntry = defineEntity({
  name: 'AuditEntry',
  tableName: 'audit_log',
  extends: CreatedEntity,
  properties: {
    /** The staff member; null for an automatic decision (a moderation check, the auto-hide threshold). */
    actorId: p.uuid().nullable(),
    /** Their username when it was written. */
    actorName: p.string().length(50).nullable(),
    /** What was done, e.g. `role.set`, `user.ban`, `report.hide`, `check.refuse`. */
    action: p.string().length(60),
    /** What it was done to: user, post, message, report, plan… */
    targetType: p.string().length(30),
    targetId: p.string().length(100),
    /** Why, as staff wrote it or the check answered. */
    reason: p.text().nullable(),
    details: p.json<Record<string, unknown>>().defaultRaw(`'{}'::jsonb`),
  },
});
export type AuditEntry = InferEntity<typeof AuditEntry>;
