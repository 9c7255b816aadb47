import { z } from 'zod';

/** A blank line in .env (`VAPID_PUBLIC_KEY=`) means unset, as leaving it out does. */
const blankIsUnset = (v: unknown) => (v === '' ? undefined : v);
const base64url = /^[A-Za-z0-9_-]+$/;

/**
 * The push module's settings (module.ts `settings`; .env.example documents each). The worker reads
 * the same ones from its environment (module.ts `worker.context`). Without both keys push is off:
 * `GET /api/push/config` answers `{ publicKey: null }` and nothing is queued.
 */
export const pushSettings = {
  /** The VAPID key pair (`npx web-push generate-vapid-keys`): the public one browsers subscribe with. */
  VAPID_PUBLIC_KEY: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(base64url, 'VAPID_PUBLIC_KEY must be URL-safe base64 (npx web-push generate-vapid-keys)')
      .length(87, 'VAPID_PUBLIC_KEY must be 65 bytes in URL-safe base64 (87 characters)')
      .optional(),
  ),
  VAPID_PRIVATE_KEY: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(base64url, 'VAPID_PRIVATE_KEY must be URL-safe base64 (npx web-push generate-vapid-keys)')
      .length(43, 'VAPID_PRIVATE_KEY must be 32 bytes in URL-safe base64 (43 characters)')
      .optional(),
  ),
  /** Who runs this server, for push services to reach: a mailto: (or https:) address. */
  VAPID_SUBJECT: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'VAPID_SUBJECT must be a mailto: address (or an https: URL)')
      .optional(),
  ),
};

/** Checks across the three (module.ts `settingsIssues`). */
export function pushSettingsIssues(config: object): string[] {
  const c = config as {
    VAPID_PUBLIC_KEY?: string;
    VAPID_PRIVATE_KEY?: string;
    VAPID_SUBJECT?: string;
    NODE_ENV?: string;
  };
  const issues: string[] = [];
  if (Boolean(c.VAPID_PUBLIC_KEY) !== Boolean(c.VAPID_PRIVATE_KEY))
    issues.push('VAPID_PUBLIC_KEY: set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither (push off)');
  if (c.VAPID_PUBLIC_KEY && !c.VAPID_SUBJECT && c.NODE_ENV === 'production')
    issues.push('VAPID_SUBJECT: push services ask for a contact: set a mailto: address with the VAPID keys');
  return issues;
}
