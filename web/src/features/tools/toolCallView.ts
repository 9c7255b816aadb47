import { msg } from '../../lib/i18n';

/** How an answer's tool call reads (components/AnswerToolCalls.tsx). */

export const TOOL_CALL_STATUS: Record<string, { label: string; palette: string }> = {
  pending: { label: msg('Waiting for you'), palette: 'orange' },
  approved: { label: msg('Running'), palette: 'blue' },
  refused: { label: msg('Refused'), palette: 'gray' },
  done: { label: msg('Done'), palette: 'green' },
  failed: { label: msg('Failed'), palette: 'red' },
};

export const statusOf = (status: string) => TOOL_CALL_STATUS[status] ?? { label: status, palette: 'gray' };

/** The model's arguments, indented when they are JSON (they always should be), else as given. */
export function prettyArguments(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** Calls by id, the later list's copy winning (a decision's answer may come before the live update). */
export function mergeCalls<T extends { id: string }>(base: readonly T[], newer: readonly T[]): T[] {
  const byId = new Map(base.map((c) => [c.id, c]));
  for (const c of newer) byId.set(c.id, c);
  return [...byId.values()];
}
