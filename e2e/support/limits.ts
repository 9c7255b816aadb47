/**
 * Login and registration limits high enough for every journey of a run: they all come from
 * 127.0.0.1 and share one database's counters, so an api a journey starts itself needs them too.
 */
export const journeyAuthLimits = {
  AUTH_RATE_LIMIT_PER_IP: '100000',
  AUTH_RATE_LIMIT_PER_USERNAME: '100000',
  AUTH_RATE_LIMIT_PER_IP_PER_DAY: '100000',
  AUTH_RATE_LIMIT_PER_USERNAME_PER_DAY: '100000',
} as const;
