import { Container, Text } from '@chakra-ui/react';
import { PLANS, type PlanInfo } from '@chorus/shared/plans';
import { useNavigate } from 'react-router-dom';
import { PageHeading } from '../../../components/PageHeading';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { useT } from '../../../lib/i18n';
import { useAuth } from '../../accounts/session/AuthContext';
import { PlanCard } from '../components/PlanCard';
import { PlanGrid } from '../components/PlanGrid';

/** The sign-up plan each card starts (yearly Premium signs up on Premium; checkout offers the period). */
const SIGN_UP_PLAN: Record<PlanInfo['tier'], string> = { free: 'free', premium: 'premium', max: 'max' };

/**
 * Public pricing (/pricing): the same plan cards as My Plan, for visitors. Each card's Start button
 * opens sign-up with that plan picked; someone already signed in is sent to My Plan to change plans.
 */
export default function PricingPage() {
  const t = useT();
  usePageMeta('/pricing');
  const { user } = useAuth();
  const navigate = useNavigate();

  const start = (plan: PlanInfo) => navigate(user ? '/plans' : `/register?plan=${SIGN_UP_PLAN[plan.tier]}`);

  return (
    <Container maxW="6xl" py={{ base: '8', md: '14' }}>
      <PageHeading
        title={t('Plans and pricing')}
        description={t('Start free, upgrade when you need more. Cancel any time from your account.')}
      />
      <PlanGrid
        renderPlan={(type) => (
          <PlanCard
            key={type}
            plan={PLANS[type]}
            headingLevel="h2"
            current={false}
            onPaidPlan={false}
            redirecting={false}
            busy={false}
            onChoose={start}
            startLabel={user ? t('Change in My Plan') : t('Start {plan}', { plan: PLANS[type].name })}
          />
        )}
      >
        <Text color="fg.muted" textAlign="center" fontSize="sm">
          {t(
            'Prices in US dollars. Paid plans go through secure card checkout after you create your account.',
          )}
        </Text>
      </PlanGrid>
    </Container>
  );
}
