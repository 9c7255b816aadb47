import { notifyError } from '../components/toaster';
import { readApiFailure } from '../graphql/errors';
import { apiGet, apiPost } from './api';
import { PAYMENT } from './paymentMessages';

export type CheckoutOrigin = 'register' | 'plans';

const SETUP_ERROR_KEY = 'chorus.checkoutSetupError';

function rememberSetupError(message: string): void {
  try {
    sessionStorage.setItem(SETUP_ERROR_KEY, message);
  } catch {
    // Storage refused (private mode): /plans simply shows no notice.
  }
}

/** Why checkout could not start right after sign-up, once (PlansPage shows it). */
export function takeSetupError(): string | null {
  try {
    const message = sessionStorage.getItem(SETUP_ERROR_KEY);
    sessionStorage.removeItem(SETUP_ERROR_KEY);
    return message;
  } catch {
    return null;
  }
}

interface StripeConfig {
  publishableKey?: string | null;
  mode?: string;
}

interface CheckoutSession {
  sessionId: string | null;
  url: string;
}

/** The payment config, read once per page load (a failed read is tried again next time). */
let configRequest: Promise<StripeConfig> | undefined;

function stripeConfig(): Promise<StripeConfig> {
  configRequest ??= apiGet<StripeConfig>('/api/stripe/config').catch((error: unknown) => {
    configRequest = undefined;
    throw error;
  });
  return configRequest;
}

/**
 * Starts checkout for a plan: reads the payment config, asks the server for a checkout session (the
 * server picks the price) and sends the browser to its URL, which is Stripe's hosted checkout, the
 * sandbox's test page, or the billing portal for a user who already pays. Resolves false (after a
 * toast) when the browser is not leaving. Plain REST, so sign-up can use it without Apollo.
 */
export async function startCheckout(planType: string, from: CheckoutOrigin): Promise<boolean> {
  let config: StripeConfig | undefined;
  try {
    config = await stripeConfig();
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
    const session = await apiPost<CheckoutSession>('/api/subscription/checkout', { planType, from });
    url = session?.url;
  } catch (error) {
    const failure = readApiFailure(error);
    if (from === 'register') {
      // Sign-up goes on to /plans; the reason waits there as a notice in the page (under the verify
      // banner, readable on a phone) rather than a toast over both that vanishes in 5 s.
      rememberSetupError(failure.kind === 'rejected' ? failure.message : PAYMENT.sessionFailed);
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
}
