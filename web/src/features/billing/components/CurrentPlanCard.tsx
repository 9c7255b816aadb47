import { Badge, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { PLANS, type PlanType } from '@chorus/shared/plans';
import { LuCreditCard } from 'react-icons/lu';
import type { SubscriptionFieldsFragment } from '../../../graphql/__generated__/graphql';
import { formatLongDate } from '../../../lib/formatDate';

const statusText: Record<string, string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Payment due',
  canceled: 'Canceled',
  unpaid: 'Unpaid',
  incomplete: 'Incomplete',
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
  const plan = PLANS[subscription.planType as PlanType] ?? PLANS.free;
  const paid = plan.tier !== 'free';
  const periodName = plan.period === 'year' ? 'Yearly' : 'Monthly';
  const end = subscription.currentPeriodEnd ? formatLongDate(subscription.currentPeriodEnd) : '';
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
              Current plan
            </Text>
            <HStack gap="2" wrap="wrap">
              <Text
                as="h2"
                id="current-plan-title"
                fontSize="2xl"
                fontWeight="bold"
                data-testid="current-plan"
              >
                {paid ? `${plan.name} (${periodName})` : 'Free'}
              </Text>
              {paid ? (
                <Badge colorPalette={subscription.status === 'past_due' ? 'orange' : 'green'}>
                  {subscription.cancelAtPeriodEnd
                    ? 'Ends at period end'
                    : (statusText[subscription.status] ?? subscription.status)}
                </Badge>
              ) : null}
            </HStack>
            <Text color="fg.muted">
              {paid
                ? end
                  ? subscription.cancelAtPeriodEnd
                    ? `Your plan ends on ${end}, then you are back on Free.`
                    : `Renews on ${end}.`
                  : plan.tagline
                : '10 prompts per month with all 4 models. Upgrade for unlimited prompts.'}
            </Text>
            {subscription.status === 'past_due' ? (
              <Text color={{ base: 'orange.700', _dark: 'orange.300' }} fontSize="sm">
                Your last payment failed. Update your card in Manage billing to keep your plan.
              </Text>
            ) : null}
          </Stack>
          {subscription.hasBillingAccount ? (
            <Button
              variant="outline"
              onClick={onManageBilling}
              loading={openingPortal}
              loadingText="Opening..."
              flexShrink={0}
            >
              <LuCreditCard aria-hidden="true" /> Manage billing
            </Button>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
