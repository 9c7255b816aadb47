import { defineModule } from '../../http/module.ts';
import { CheckoutFulfilment } from './core/CheckoutFulfilment.ts';
import { PaymentHistory } from './core/PaymentHistory.ts';
import { SandboxObject } from './core/SandboxObject.ts';
import { StripeEvent } from './core/StripeEvent.ts';
import { Subscription } from './core/Subscription.ts';
import type { BillingService } from './core/service.ts';
import { billingResolvers } from './graphql.ts';
import { createBilling } from './providers/setup.ts';
import { billingRoutes } from './rest/billing.ts';
import { billingSandboxRoutes } from './rest/sandbox.ts';
import { billingWebhookRoutes } from './rest/webhook.ts';
import { billingSettings } from './settings.ts';

declare module '../../platform/module.ts' {
  interface AppServices {
    billing: BillingService;
  }
}

/** Plans and subscriptions: Stripe Checkout, or the built-in sandbox checkout without a key. */
export const billingModule = defineModule({
  name: 'billing',
  uses: ['accounts'],
  entities: [Subscription, PaymentHistory, StripeEvent, CheckoutFulfilment, SandboxObject],
  settings: billingSettings,
  services: (core) => ({ billing: createBilling(core.orm, core.config) }),
  graphql: { sdl: ['billing.graphql'], resolvers: [billingResolvers] },
  rest: {
    // Before the JSON parser: Stripe signs the raw body.
    raw: billingWebhookRoutes,
    routes: [billingRoutes, billingSandboxRoutes],
    // The sandbox checkout's own forms post from our pages.
    formPaths: /^\/billing\/sandbox\//,
  },
});
