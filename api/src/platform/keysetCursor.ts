import { badInput } from './errors.ts';
import { msg } from './i18n.ts';
import { isUuid } from './validation.ts';

/**
 * Opaque cursors for keyset pages ordered by (a timestamp, id). The timestamp travels as the
 * database wrote it, to the microsecond (KEYSET_AT selects it so), because a JavaScript Date keeps
 * only milliseconds and two rows a few microseconds apart would otherwise swap pages or vanish.
 */
export interface KeysetPosition {
  at: string;
  id: string;
}

/** SQL for a timestamptz column as the cursor's text: UTC, six fractional digits. */
export const keysetAt = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const AT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;

function sameSecond(at: string): boolean {
  const time = new Date(at).getTime();
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 19) === at.slice(0, 19);
}

export function encodeKeyset(position: KeysetPosition): string {
  return Buffer.from(`${position.at}|${position.id}`).toString('base64url');
}

/** The position a cursor names; anything else (garbage, another format, an impossible date) is a 400. */
export function decodeKeyset(cursor: string, field: string): KeysetPosition {
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString().split('|');
  const valid =
    cursor.length <= 200 &&
    rest.length === 0 &&
    at !== undefined &&
    id !== undefined &&
    AT.test(at) &&
    isUuid(id) &&
    // Rejects 2026-02-30 and the like, which PostgreSQL would refuse with an error.
    sameSecond(at);
  if (!valid) throw badInput(msg('Invalid page cursor'), { field });
  return { at: at as string, id: id as string };
}

/**
 * A keyset position led by a rank that sorts above every row without one (a pinned chat's
 * pinned_at, null for the rest, which sort as -infinity): `rank|at|id`, each timestamp as keysetAt
 * writes it.
 */
export interface RankedKeysetPosition extends KeysetPosition {
  rank: string | null;
}

export function encodeRankedKeyset(position: RankedKeysetPosition): string {
  return Buffer.from(`${position.rank ?? '-'}|${position.at}|${position.id}`).toString('base64url');
}

export function decodeRankedKeyset(cursor: string, field: string): RankedKeysetPosition {
  const [rank, ...rest] = Buffer.from(cursor.length <= 200 ? cursor : '', 'base64url')
    .toString()
    .split('|');
  const valid = rank === '-' || (rank !== undefined && AT.test(rank) && sameSecond(rank));
  if (!valid) throw badInput(msg('Invalid page cursor'), { field });
  const position = decodeKeyset(Buffer.from(rest.join('|')).toString('base64url'), field);
  return { rank: rank === '-' ? null : rank, ...position };
}
