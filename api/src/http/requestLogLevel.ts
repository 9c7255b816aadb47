import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The level of the one line pino-http writes per request. A 402 is a plan's limit or a paid feature
 * (e.g. @image on Free): an expected outcome the user is told about, so it is info, like a success.
 * Other 4xx stay warnings (bad input, failed sign-ins, probes are worth seeing), 5xx and errors are
 * errors. No stack is logged for any of them: the line carries the status, not the error.
 */
export function requestLogLevel(
  _req: IncomingMessage,
  res: ServerResponse,
  err?: Error,
): 'info' | 'warn' | 'error' {
  if (err || res.statusCode >= 500) return 'error';
  if (res.statusCode === 402) return 'info';
  return res.statusCode >= 400 ? 'warn' : 'info';
}
