import { Badge, Button, ButtonGroup, Container, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  type BillingPeriod,
  PLANS,
  PLANS_BY_PERIOD,
  type PlanInfo,
  YEARLY_TAB_BADGE,
} from '@chorus/shared/plans';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PageHeading } from '../../../components/PageHeading';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { useAuth } from '../../accounts/session/AuthContext';
import { PlanCard } from '../components/PlanCard';

/** The sign-up plan each card starts (yearly Premium signs up on Premium; checkout offers the period). */
const SIGN_UP_PLAN: Record<PlanInfo['tier'], string> = { free: 'free', premium: 'premium', max: 'max' };

/**
 * Public pricing (/pricing): the same plan cards as My Plan, for visitors. Each card's Start button
 * opens sign-up with that plan picked; someone already signed in is sent to My Plan to change plans.
 */
export default function PricingPage() {
  usePageMeta('/pricing');
  const { user } = useAuth();
  const navigate = useNavigate();
  const [period, setPeriod] = useState<BillingPeriod>('month');

  const start = (plan: PlanInfo) => navigate(user ? '/plans' : `/register?plan=${SIGN_UP_PLAN[plan.tier]}`);

  return (
    <Container maxW="6xl" py={{ base: '8', md: '14' }}>
      <PageHeading
        title="Plans and pricing"
        description="Start free, upgrade when you need more. Cancel any time from your account."
      />
      <Stack gap="5">
        <HStack justify="center">
          <ButtonGroup size="sm" variant="outline" attached role="group" aria-label="Billing period">
            {(['month', 'year'] as const).map((p) => (
              <Button
                key={p}
                aria-pressed={period === p}
                variant={period === p ? 'solid' : 'outline'}
                onClick={() => setPeriod(p)}
              >
                {p === 'month' ? 'Monthly' : 'Yearly'}
                {p === 'year' ? (
                  <Badge colorPalette="green" variant={period === 'year' ? 'solid' : 'subtle'} ms="1">
                    {YEARLY_TAB_BADGE}
                  </Badge>
                ) : null}
              </Button>
            ))}
          </ButtonGroup>
        </HStack>
        <SimpleGrid columns={{ base: 1, lg: 3 }} gap="5">
          {PLANS_BY_PERIOD[period].map((type) => (
            <PlanCard
              key={type}
              plan={PLANS[type]}
              current={false}
              onPaidPlan={false}
              redirecting={false}
              busy={false}
              onChoose={start}
              startLabel={user ? 'Change in My Plan' : `Start ${PLANS[type].name}`}
            />
          ))}
        </SimpleGrid>
        <Text color="fg.muted" textAlign="center" fontSize="sm">
          Prices in US dollars. Paid plans go through secure card checkout after you create your account.
        </Text>
      </Stack>
    </Container>
  );
}
