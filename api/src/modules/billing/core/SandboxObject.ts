import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

/**
 * The sandbox checkout's own records (customers, checkout sessions, subscriptions) when no Stripe
 * keys are set: the sandbox plays Stripe's part, so it keeps what Stripe would keep, in the shared
 * database so every api process sees the same state.
 */
export const SandboxObject = defineEntity({
  name: 'SandboxObject',
  tableName: 'billing_sandbox_objects',
  properties: {
    id: p.string().length(255).primary(),
    kind: p.string().length(32),
    data: p.json<Record<string, unknown>>(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
});
export type SandboxObject = InferEntity<typeof SandboxObject>;
