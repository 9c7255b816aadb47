import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { decodeKeyset, encodeKeyset, keysetAt } from '../../../platform/keysetCursor.ts';
import { parseInput } from '../../../platform/validation.ts';
import { AuditEntry } from './AuditEntry.ts';

/** What a staff action or an automatic decision records (recordAudit). */
export interface AuditInput {
  /** The staff member, or null for an automatic decision. */
  actor: { id: string; username: string } | null;
  action: string;
  targetType: string;
  targetId: string;
  reason?: string | null;
  details?: Record<string, unknown>;
}

/**
 * Writes one audit entry in `em`'s transaction, so an action and its record land together (or neither
 * does). Every staff operation and automatic decision calls it.
 */
export function recordAudit(em: EntityManager, input: AuditInput): AuditEntry {
  return em.create(AuditEntry, {
    actorId: input.actor?.id ?? null,
    actorName: input.actor?.username ?? null,
    action: input.action,
    targetType: input.targetType,
    targetId: input.targetId,
    reason: input.reason ?? null,
    details: input.details ?? {},
  });
}

const auditFilter = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  after: z.string().max(200).optional(),
  action: z.string().trim().max(60).optional(),
  targetType: z.string().trim().max(30).optional(),
  targetId: z.string().trim().max(100).optional(),
  /** A staff member's username; `automatic` for the decisions no one made by hand. */
  actor: z.string().trim().max(50).optional(),
});

export interface AuditPage {
  entries: AuditEntry[];
  nextCursor: string | null;
}

/** The log, newest first, filtered by action (a prefix: `user.` is every action on users), target and actor. */
export async function listAudit(em: EntityManager, query: unknown): Promise<AuditPage> {
  const f = parseInput(auditFilter, query ?? {});
  const position = f.after ? decodeKeyset(f.after, 'after') : null;
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.action) {
    where.push(`action like ? escape '\\'`);
    params.push(`${f.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  }
  if (f.targetType) where.push('target_type = ?') && params.push(f.targetType);
  if (f.targetId) where.push('target_id = ?') && params.push(f.targetId);
  if (f.actor === 'automatic') where.push('actor_id is null');
  else if (f.actor) where.push('lower(actor_name) = lower(?)') && params.push(f.actor);
  if (position) {
    where.push('(created_at, id) < (?::timestamptz, ?::uuid)');
    params.push(position.at, position.id);
  }
  const rows = await em.execute<(Record<string, unknown> & { cursor_at: string; id: string })[]>(
    `select *, ${keysetAt('created_at')} as cursor_at from audit_log
      ${where.length ? `where ${where.join(' and ')}` : ''}
      order by created_at desc, id desc limit ?`,
    [...params, f.limit + 1],
  );
  const page = rows.slice(0, f.limit);
  const last = page.at(-1);
  return {
    entries: page.map(({ cursor_at: _at, ...row }) => em.map(AuditEntry, row)),
    nextCursor: rows.length > f.limit && last ? encodeKeyset({ at: last.cursor_at, id: last.id }) : null,
  };
}
