import { pino } from 'pino';

/** Structured JSON logs on stdout, one object per line, for any log shipper to pick up. */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
  base: { service: process.env.CHORUS_SERVICE ?? 'api' },
  redact: ['req.headers.cookie', 'res.headers["set-cookie"]', '*.password'],
});
export type Logger = typeof logger;
