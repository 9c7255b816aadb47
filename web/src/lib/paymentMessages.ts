import { t } from './i18n';

/**
 * The payment, checkout, plans and portal texts of spec §8, in one place, in the app's language. Titles first,
 * then the descriptions. 'Failed to load Stripe' belongs to clients that load Stripe.js; Chorus sends the
 * browser straight to the session's URL (Stripe's current Checkout flow), so nothing loads it.
 */
export const PAYMENT = {
  // Getters: each text is read in the app's language at the moment it is shown (a toast, a page).
  get cancelledTitle() {
    return t('Payment cancelled');
  },
  get cancelledText() {
    return t('You have not been charged. You can pick a plan again whenever you like.');
  },
  get errorTitle() {
    return t('Payment Error');
  },
  get setupErrorTitle() {
    return t('Payment Setup Error');
  },
  get configFailed() {
    return t('Failed to fetch Stripe configuration');
  },
  get keyMissing() {
    return t('Stripe publishable key is missing');
  },
  get libraryFailed() {
    return t('Failed to load Stripe');
  },
  get sessionFailed() {
    return t('Failed to create checkout session');
  },
  get redirectFailed() {
    return t('Failed to redirect to checkout');
  },
  get checkoutFailedTitle() {
    return t('Checkout failed');
  },
  get checkoutFailedText() {
    return t('Could not process payment. Please try again.');
  },
  get checkoutStartFailed() {
    return t('There was an error starting the checkout process. Please try again.');
  },
  get subscriptionErrorTitle() {
    return t('Subscription error');
  },
  get activationFailed() {
    return t('There was a problem activating your subscription. Please contact support.');
  },
  get processFailed() {
    return t('Failed to process your payment. Please try again or contact support.');
  },
  get successTitle() {
    return t('Payment successful!');
  },
  get successText() {
    return t('Your subscription has been activated.');
  },
  get canceledTitle() {
    return t('Payment canceled');
  },
  get canceledText() {
    return t('You have not been charged.');
  },
  get portalFailedTitle() {
    return t('Portal access failed');
  },
  get portalFailedText() {
    return t('There was an error accessing your subscription portal. Please try again.');
  },
  get loadFailed() {
    return t('Failed to load subscription information. Please try again later.');
  },
};
