import { badInput, textError } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';

/** A calendar month in UTC: its name (YYYY-MM), its bounds and the days it has had so far. */
export interface UsageMonth {
  month: string;
  /** The first instant of the month and of the next one (UTC). */
  start: Date;
  end: Date;
  /** YYYY-MM-DD of each day of the month up to today (all of them for a past month). */
  days: string[];
}

/** The earliest month asked about: Chorus kept no usage before it. */
const FIRST_YEAR = 2020;

const monthName = (d: Date) => d.toISOString().slice(0, 7);

/**
 * The month `asked` names (YYYY-MM), or the current one (UTC) when none; a month that is malformed,
 * before 2020 or still to come is bad input (a 400 saying which).
 */
export function usageMonth(asked: unknown, now = new Date()): UsageMonth {
  const current = monthName(now);
  const month = asked === undefined || asked === null || asked === '' ? current : asked;
  if (typeof month !== 'string' || !/^\d{4}-(0[1-9]|1[0-2])$/.test(month))
    throw badInput(msg('month must be a month written YYYY-MM, e.g. 2026-11'), { field: 'month' });
  if (Number(month.slice(0, 4)) < FIRST_YEAR)
    throw textError(
      'BAD_USER_INPUT',
      msg('month must be {year}-01 or later'),
      { year: FIRST_YEAR },
      { field: 'month' },
    );
  if (month > current) throw badInput(msg('month must not be in the future'), { field: 'month' });
  const start = new Date(`${month}-01T00:00:00.000Z`);
  const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  const last = month === current ? now.getUTCDate() : new Date(end.getTime() - 1).getUTCDate();
  const days = Array.from({ length: last }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
  return { month, start, end, days };
}
