/**
 * The payment, checkout, plans and portal texts of spec §8, in one place. Titles first, then the
 * descriptions. 'Failed to load Stripe' belongs to clients that load Stripe.js; Chorus sends the
 * browser straight to the session's URL (Stripe's current Checkout flow), so nothing loads it.
 */
export const PAYMENT = {
  cancelledTitle: 'Payment cancelled',
  cancelledText: 'You have not been charged. You can pick a plan again whenever you like.',
  errorTitle: 'Payment Error',
  setupErrorTitle: 'Payment Setup Error',
  configFailed: 'Failed to fetch Stripe configuration',
  keyMissing: 'Stripe publishable key is missing',
  libraryFailed: 'Failed to load Stripe',
  sessionFailed: 'Failed to create checkout session',
  redirectFailed: 'Failed to redirect to checkout',
  checkoutFailedTitle: 'Checkout failed',
  checkoutFailedText: 'Could not process payment. Please try again.',
  checkoutStartFailed: 'There was an error starting the checkout process. Please try again.',
  subscriptionErrorTitle: 'Subscription error',
  activationFailed: 'There was a problem activating your subscription. Please contact support.',
  processFailed: 'Failed to process your payment. Please try again or contact support.',
  successTitle: 'Payment successful!',
  successText: 'Your subscription has been activated.',
  canceledTitle: 'Payment canceled',
  canceledText: 'You have not been charged.',
  portalFailedTitle: 'Portal access failed',
  portalFailedText: 'There was an error accessing your subscription portal. Please try again.',
  loadFailed: 'Failed to load subscription information. Please try again later.',
} as const;
