import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';
import { CreateCheckoutSessionMutation, StripeConfigQuery } from '../../graphql/billing';
import { readApiFailure } from '../../graphql/errors';
import { notifyError } from '../toaster';
import { PAYMENT } from './paymentMessages';

export type CheckoutOrigin = 'register' | 'plans';

/**
 * Starts checkout for a plan: reads the payment config (once, then cached), asks the server for a
 * checkout session (the server picks the price) and sends the browser to its URL, which is
 * Stripe's hosted checkout, the sandbox's test page, or the billing portal for a user who already
 * pays. Resolves false (after a toast) when the browser is not leaving.
 */
export function useCheckout() {
  const client = useApolloClient();
  return useCallback(
    async (planType: string, from: CheckoutOrigin): Promise<boolean> => {
      let config: { publishableKey?: string | null; mode: string } | undefined;
      try {
        const result = await client.query({ query: StripeConfigQuery, fetchPolicy: 'cache-first' });
        config = result.data?.stripeConfig;
      } catch {
        config = undefined;
      }
      if (!config) {
        notifyError(PAYMENT.errorTitle, PAYMENT.configFailed);
        return false;
      }
      if (config.mode === 'stripe' && !config.publishableKey) {
        notifyError(PAYMENT.errorTitle, PAYMENT.keyMissing);
        return false;
      }

      let url: string | undefined;
      try {
        const result = await client.mutate({
          mutation: CreateCheckoutSessionMutation,
          variables: { planType, from },
        });
        url = result.data?.createCheckoutSession.url;
      } catch (error) {
        const failure = readApiFailure(error);
        if (from === 'register') {
          notifyError(
            PAYMENT.setupErrorTitle,
            failure.kind === 'rejected' ? failure.message : PAYMENT.sessionFailed,
          );
        } else {
          notifyError(
            PAYMENT.checkoutFailedTitle,
            failure.kind === 'rejected'
              ? failure.message || PAYMENT.checkoutFailedText
              : PAYMENT.checkoutStartFailed,
          );
        }
        return false;
      }
      if (!url) {
        notifyError(PAYMENT.errorTitle, PAYMENT.redirectFailed);
        return false;
      }
      try {
        window.location.assign(url);
        return true;
      } catch {
        notifyError(PAYMENT.errorTitle, PAYMENT.redirectFailed);
        return false;
      }
    },
    [client],
  );
}
