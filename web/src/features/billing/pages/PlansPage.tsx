import { useMutation } from '@apollo/client/react';
import { Button, Skeleton } from '@chakra-ui/react';
import { PLANS, type PlanInfo, type PlanType } from '@chorus/shared/plans';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Notice } from '../../../components/Notice';
import { PageHeading } from '../../../components/PageHeading';
import { notifyError, notifySuccess } from '../../../components/toaster';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { useT } from '../../../lib/i18n';
import { notifyFailure } from '../../../lib/mutationToast';
import { PAYMENT } from '../../../lib/paymentMessages';
import { startCheckout, takeSetupError } from '../../../lib/startCheckout';
import { Celebration } from '../components/Celebration';
import { CurrentPlanCard } from '../components/CurrentPlanCard';
import { PlanCard } from '../components/PlanCard';
import { PlanGrid } from '../components/PlanGrid';
import { useMySubscription } from '../components/useMySubscription';
import { WelcomeModal } from '../components/WelcomeModal';
import { CreatePortalSessionMutation, ProcessCheckoutSessionMutation } from '../graphql';

const CELEBRATION_MS = 8000;

/**
 * The return from checkout (spec §2, §4): read success / canceled / session_id once, tidy the
 * address to /plans, then confirm the session with the server (which asks the payment provider).
 */
function useCheckoutReturn(onActivated: (planType: PlanType) => void) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const handled = useRef(false);
  const [processCheckout] = useMutation(ProcessCheckoutSessionMutation);

  useEffect(() => {
    if (handled.current) return;
    const success = searchParams.get('success');
    const canceled = searchParams.get('canceled');
    const sessionId = searchParams.get('session_id');
    if (!success && !canceled && !sessionId) return;
    handled.current = true;
    navigate('/plans', { replace: true });
    if (canceled === 'true') {
      notifyError(PAYMENT.canceledTitle, PAYMENT.canceledText);
      return;
    }
    if (success !== 'true' || !sessionId) return;
    processCheckout({ variables: { sessionId }, refetchQueries: ['MySubscription', 'PromptAllowance'] })
      .then(({ data }) => {
        const result = data?.processCheckoutSession;
        if (result?.success) {
          notifySuccess(PAYMENT.successTitle, PAYMENT.successText);
          onActivated(result.subscription.planType as PlanType);
        } else {
          notifyError(PAYMENT.subscriptionErrorTitle, result?.message || PAYMENT.activationFailed);
        }
      })
      .catch((error: unknown) => {
        notifyFailure(PAYMENT.subscriptionErrorTitle, error, PAYMENT.processFailed);
      });
  }, [searchParams, navigate, processCheckout, onActivated]);
}

export default function PlansPage() {
  const t = useT();
  usePageMeta({
    title: t('My Plan'),
    description: t('See your Chorus plan and compare Free, Premium and Max.'),
  });
  const { subscription, loading, failed, retry } = useMySubscription();
  const [redirectingTo, setRedirectingTo] = useState<PlanType | null>(null);
  const [celebrating, setCelebrating] = useState(false);
  const [welcomePlan, setWelcomePlan] = useState<PlanInfo | null>(null);
  const [createPortal, portalState] = useMutation(CreatePortalSessionMutation);
  const [setupError, setSetupError] = useState<string | null>(null);
  // Read after mounting (the server-rendered page has no session storage).
  useEffect(() => setSetupError(takeSetupError()), []);

  const onActivated = useRef((planType: PlanType) => {
    setCelebrating(true);
    setWelcomePlan(PLANS[planType] ?? null);
  }).current;
  useCheckoutReturn(onActivated);

  useEffect(() => {
    if (!celebrating) return;
    const timer = window.setTimeout(() => setCelebrating(false), CELEBRATION_MS);
    return () => window.clearTimeout(timer);
  }, [celebrating]);

  const choose = async (plan: PlanInfo) => {
    setRedirectingTo(plan.type);
    const leaving = await startCheckout(plan.type, 'plans');
    // The browser is on its way to checkout; otherwise put the card back.
    if (!leaving) setRedirectingTo(null);
  };

  const manageBilling = async () => {
    try {
      const { data } = await createPortal();
      const url = data?.createPortalSession.url;
      if (!url) throw new Error('no portal URL');
      window.location.assign(url);
    } catch {
      notifyError(PAYMENT.portalFailedTitle, PAYMENT.portalFailedText);
    }
  };

  const currentType = (subscription?.planType ?? 'free') as PlanType;
  const onPaidPlan = currentType !== 'free';

  return (
    <>
      <PageHeading
        title={t('My Plan')}
        description={t('Your current plan, what it includes, and the options to upgrade.')}
      />
      {setupError ? (
        <Notice
          status="error"
          mb="6"
          role="alert"
          data-testid="payment-setup-error"
          title={PAYMENT.setupErrorTitle}
          description={t(
            '{reason} Your account is on the Free plan; you can pick a plan below to try again.',
            {
              reason: setupError.replace(/[.!?]?$/, '.'),
            },
          )}
          action={
            <Button size="sm" variant="ghost" onClick={() => setSetupError(null)} flexShrink={0}>
              {t('Dismiss')}
            </Button>
          }
        />
      ) : null}
      {failed ? (
        <Notice
          status="error"
          mb="6"
          role="alert"
          alignItems="center"
          description={PAYMENT.loadFailed}
          action={
            <Button size="sm" variant="outline" onClick={retry} flexShrink={0}>
              {t('Retry')}
            </Button>
          }
        />
      ) : null}
      {loading ? <Skeleton height="28" rounded="l3" mb="6" aria-label={t('Loading your plan')} /> : null}
      {subscription ? (
        <CurrentPlanCard
          subscription={subscription}
          openingPortal={portalState.loading}
          onManageBilling={manageBilling}
        />
      ) : null}

      <PlanGrid
        renderPlan={(type) => (
          <PlanCard
            key={type}
            plan={PLANS[type]}
            current={Boolean(subscription) && type === currentType}
            onPaidPlan={onPaidPlan}
            redirecting={redirectingTo === type}
            busy={redirectingTo !== null && redirectingTo !== type}
            onChoose={choose}
          />
        )}
      />

      {celebrating ? <Celebration /> : null}
      <WelcomeModal plan={welcomePlan} open={welcomePlan !== null} onClose={() => setWelcomePlan(null)} />
    </>
  );
}
