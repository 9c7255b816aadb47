import { z } from 'zod';

/**
 * The webhooks module's settings (module.ts `settings`; .env.example documents each). The worker
 * reads the same ones from its environment (module.ts `worker.context`).
 */
export const webhookSettings = {
  /**
   * Let endpoints point at private, loopback and link-local addresses, and at plain http: only for a
   * self-hosted install that calls its own network on purpose, and for the tests' local receiver.
   */
  WEBHOOKS_ALLOW_PRIVATE_TARGETS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** How long one delivery attempt may take before it counts as failed (and is retried). */
  WEBHOOKS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /**
   * The waits before each retry of a failed delivery, in seconds, comma-separated: 1 + that many
   * attempts in all, then the delivery is marked failed. The default spreads six over about an hour.
   */
  WEBHOOKS_RETRY_DELAYS_SECONDS: z
    .string()
    .default('60,300,600,1200,1800')
    .refine((v) => /^\d+(,\d+){0,9}$/.test(v.replace(/\s/g, '')), {
      message: 'WEBHOOKS_RETRY_DELAYS_SECONDS must be up to 10 whole numbers of seconds, comma-separated',
    })
    .transform((v) => v.replace(/\s/g, '').split(',').map(Number)),
  /**
   * Key for the endpoints' signing secrets at rest (AES-256-GCM); SESSION_SECRET when unset. Changing
   * it makes the stored secrets unreadable: their endpoints must be made again.
   */
  WEBHOOKS_SECRET_KEY: z.string().min(16, 'WEBHOOKS_SECRET_KEY must be at least 16 characters').optional(),
};
