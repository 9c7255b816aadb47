import type { z } from 'zod';
import { badInput } from './errors.ts';

/**
 * Parses input at a boundary. The first issue's message becomes the error text, because the
 * spec's messages are written to be shown to the user one at a time.
 */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw badInput(issue?.message ?? 'Invalid input', { field: issue?.path.join('.') });
}

export const isUuid = (s: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);
