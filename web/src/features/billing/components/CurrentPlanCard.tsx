import { Badge, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { PLANS, type PlanType } from '@chorus/shared/plans';
import { LuCreditCard } from 'react-icons/lu';
import type { SubscriptionFieldsFragment } from '../../../graphql/__generated__/graphql';
import { formatLongDate } from '../../../lib/formatDate';
import { msg, useLanguage, useT } from '../../../lib/i18n';

const statusText: Record<string, string> = {
  active: msg('Active'),
  trialing: msg('Trial'),
  past_due: msg('Payment due'),
  canceled: msg('Canceled'),
  unpaid: msg('Unpaid'),
  incomplete: msg('Incomplete'),
};

/** The plan the user is on, when it renews or ends, and Manage billing (the billing portal). */
export function CurrentPlanCard({
  subscription,
  openingPortal,
  onManageBilling,
}: {
  subscription: SubscriptionFieldsFragment;
  openingPortal: boolean;
  onManageBilling: () => void;
}) {
  const t = useT();
  const language = useLanguage();
  const plan = PLANS[subscription.planType as PlanType] ?? PLANS.free;
  const paid = plan.tier !== 'free';
  const periodName = plan.period === 'year' ? t('Yearly') : t('Monthly');
  const end = subscription.currentPeriodEnd
    ? formatLongDate(subscription.currentPeriodEnd, false, language)
    : '';
  return (
    <Card.Root variant="subtle" mb="6" aria-labelledby="current-plan-title">
      <Card.Body>
        <Stack
          direction={{ base: 'column', md: 'row' }}
          justify="space-between"
          gap="4"
          align={{ md: 'center' }}
        >
          <Stack gap="1">
            <Text fontSize="sm" color="fg.muted">
              {t('Current plan')}
            </Text>
            <HStack gap="2" wrap="wrap">
              <Text
                as="h2"
                id="current-plan-title"
                fontSize="2xl"
                fontWeight="bold"
                data-testid="current-plan"
              >
                {paid ? t('{plan} ({period})', { plan: plan.name, period: periodName }) : t('Free')}
              </Text>
              {paid ? (
                <Badge colorPalette={subscription.status === 'past_due' ? 'orange' : 'green'}>
                  {subscription.cancelAtPeriodEnd
                    ? t('Ends at period end')
                    : t(statusText[subscription.status] ?? subscription.status)}
                </Badge>
              ) : null}
            </HStack>
            <Text color="fg.muted">
              {paid
                ? end
                  ? subscription.cancelAtPeriodEnd
                    ? t('Your plan ends on {date}, then you are back on Free.', { date: end })
                    : t('Renews on {date}.', { date: end })
                  : t(plan.tagline)
                : t('10 prompts per month with all 4 models. Upgrade for unlimited prompts.')}
            </Text>
            {subscription.status === 'past_due' ? (
              <Text color={{ base: 'orange.700', _dark: 'orange.300' }} fontSize="sm">
                {t('Your last payment failed. Update your card in Manage billing to keep your plan.')}
              </Text>
            ) : null}
          </Stack>
          {subscription.hasBillingAccount ? (
            <Button
              variant="outline"
              onClick={onManageBilling}
              loading={openingPortal}
              loadingText={t('Opening...')}
              flexShrink={0}
            >
              <LuCreditCard aria-hidden="true" /> {t('Manage billing')}
            </Button>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
