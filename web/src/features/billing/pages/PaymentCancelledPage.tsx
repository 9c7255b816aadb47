import { useEffect, useRef } from 'react';
import { Navigate } from 'react-router-dom';
import { PageSpinner } from '../../../components/PageSpinner';
import { notifyError } from '../../../components/toaster';
import { useT } from '../../../lib/i18n';
import { PAYMENT } from '../../../lib/paymentMessages';
import { useAuth } from '../../accounts/session/AuthContext';
import { startSession } from '../../accounts/session/session';

/**
 * Checkout's cancel URL (/payment-cancelled). Sign-up creates the account before checkout, so the
 * person coming back is signed in: they land on My Plan, on Free, with the cancelled message, and can
 * pick a plan again there. Someone not signed in (an old tab, a logged-out device) goes back to sign-up,
 * which shows the same message.
 */
export default function PaymentCancelledPage() {
  const t = useT();
  const { status } = useAuth();
  const told = useRef(false);
  if (status === 'checking') void startSession();
  useEffect(() => {
    if (status !== 'signedIn' || told.current) return;
    told.current = true;
    notifyError(PAYMENT.cancelledTitle, PAYMENT.cancelledText);
  }, [status]);
  if (status === 'checking') return <PageSpinner label={t('Checking authentication...')} minH="100dvh" />;
  if (status === 'signedOut') return <Navigate to="/register?payment=cancelled" replace />;
  return <Navigate to="/plans" replace />;
}
