import { z } from 'zod';
import { defineModule } from '../../http/module.ts';
import { readSettings } from '../../platform/config.ts';
import type { WebhookConfig } from './core/endpoints.ts';
import { webhookReactions } from './core/reactions.ts';
import { sealingKey } from './core/secrets.ts';
import { webhookResolvers } from './graphql.ts';
import { webhookRoutes } from './rest.ts';
import { webhookSettings } from './settings.ts';
import { deliverWebhookTask } from './tasks/deliverWebhook.ts';

declare module '../../platform/module.ts' {
  interface AppServices {
    /** What the endpoints' services read from the settings. */
    webhooks: WebhookConfig;
  }
  interface WorkerContext {
    /** The same, and how deliveries are made and retried. */
    webhooks: WebhookConfig & { timeoutMs: number; retryDelaysSeconds: number[] };
  }
}

/** Reads the module's settings and the key the secrets are sealed with from `config` (api) or env (worker). */
function webhookConfigOf(config: object) {
  const s = readSettings(webhookSettings, config);
  const sessionSecret = (config as { SESSION_SECRET?: string }).SESSION_SECRET;
  const material = s.WEBHOOKS_SECRET_KEY ?? sessionSecret;
  return {
    allowPrivateTargets: s.WEBHOOKS_ALLOW_PRIVATE_TARGETS,
    // A worker started without either can't sign: its deliveries fail saying so (core/deliver.ts).
    secretKey: material ? sealingKey(material) : null,
    timeoutMs: s.WEBHOOKS_TIMEOUT_MS,
    retryDelaysSeconds: s.WEBHOOKS_RETRY_DELAYS_SECONDS,
  };
}

/**
 * Outgoing webhooks: a person's endpoints (a URL, the events it wants, a signing secret shown once),
 * deliveries queued on other modules' events and sent by the worker, signed and retried (README.md).
 * Not the providers' incoming callbacks (video/rest/webhooks.ts).
 */
export const webhooksModule = defineModule({
  name: 'webhooks',
  uses: ['jobs'],
  settings: webhookSettings,
  services: (core) => ({ webhooks: webhookConfigOf(core.config) }),
  graphql: {
    sdl: ['webhooks.graphql'],
    resolvers: [webhookResolvers],
    mappers: {
      WebhookEndpoint: './core/endpoints.ts#EndpointView',
      WebhookDelivery: './core/deliveries.ts#DeliveryView',
    },
  },
  rest: { routes: [webhookRoutes] },
  hooks: webhookReactions,
  worker: {
    // The worker reads the settings from its own environment, validated like the api's.
    context: (env) => ({ webhooks: webhookConfigOf({ ...env, ...z.object(webhookSettings).parse(env) }) }),
    tasks: { deliver_webhook: deliverWebhookTask },
  },
});
