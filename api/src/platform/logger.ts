import { pino } from 'pino';
import { logLevel, service } from './config.ts';

/** Structured JSON logs on stdout, one object per line, for any log shipper to pick up. */
export const logger = pino({
  level: logLevel,
  base: { service },
  redact: ['req.headers.cookie', 'res.headers["set-cookie"]', '*.password'],
});
export type Logger = typeof logger;
