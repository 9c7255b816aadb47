import { z } from 'zod';
import { AppError, badInput } from './errors.ts';
import { msg, translate } from './i18n.ts';

/** zod messages with values (zodText), by their English text: parseInput answers them translated. */
const textsWithValues = new Map<string, { id: string; values: Record<string, unknown> }>();

/**
 * A zod message with values (a limit, a list of choices), as its English text: zod keeps only a
 * string, so the catalogue text and values are remembered by it for parseInput, which answers it in
 * the request's language (platform/errors.ts). The values are the schema's own constants, written
 * once where the schema is defined, never the input: so this holds a few dozen texts.
 * `z.string().max(100, zodText(msg('At most {max} characters'), { max: 100 }))`
 */
export function zodText(id: string, values: Record<string, unknown>): string {
  const english = translate('en', id, values);
  textsWithValues.set(english, { id, values });
  return english;
}

/**
 * Parses input at a boundary. The first issue's message becomes the error text, because the
 * spec's messages are written to be shown to the user one at a time.
 */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  if (containsNul(input)) throw badInput(NUL_MESSAGE);
  // A request sent with no body at all means an empty form: its fields' own messages ("Please enter
  // your password…") say what is missing, not zod's "expected object, received undefined".
  let result = schema.safeParse(input);
  if (!result.success && input === undefined) result = schema.safeParse({});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const message = issue?.message ?? msg('Invalid input');
  const details = { field: issue?.path.join('.') };
  const text = textsWithValues.get(message);
  throw text ? new AppError('BAD_USER_INPUT', message, details, text) : badInput(message, details);
}

export const isUuid = (s: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

/**
 * PostgreSQL `text` cannot hold U+0000, so a NUL that reached the database failed there as a 500.
 * No field of Chorus has a use for it, so it is refused: at the HTTP boundary (http/inputGuard.ts) for every
 * part of a request, and again by parseInput for input that arrives some other way.
 */
export const NUL_MESSAGE = msg('Text cannot contain NUL characters (\\u0000)');

export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v, depth + 1));
}

/** A page size from 1 to `max`, with one message for every way it can be wrong (query strings are text). */
export const pageSize = (max: number) => {
  const message = zodText(msg('limit must be a whole number from 1 to {max}'), { max });
  return z.coerce.number({ error: message }).int(message).min(1, message).max(max, message);
};

/** An opaque page cursor, as the previous page named it. */
export const pageCursor = z.string().min(1, msg('Invalid page cursor')).max(200, msg('Invalid page cursor'));
