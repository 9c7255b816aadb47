import { Badge, Button, Card, HStack, List, Stack, Text } from '@chakra-ui/react';
import { formatPrice, type PlanInfo } from '@chorus/shared/plans';
import { LuCheck, LuX } from 'react-icons/lu';
import { type Translate, useLanguage, useT } from '../../../lib/i18n';

interface PlanCardProps {
  /** The plan's name's heading: h2 right under a page's h1 (Pricing), h3 under My Plan's sections. */
  headingLevel?: 'h2' | 'h3';
  plan: PlanInfo;
  /** The plan the user is on now. */
  current: boolean;
  /** The user is on a paid plan (Free's button then reads Downgrade, still disabled). */
  onPaidPlan: boolean;
  /** This card's checkout is starting: its button shows the redirecting state. */
  redirecting: boolean;
  /** Another card's checkout is starting. */
  busy: boolean;
  onChoose: (plan: PlanInfo) => void;
  /** Public pricing: every card's button starts sign-up with this label (none is current or disabled). */
  startLabel?: string;
}

function actionLabel(plan: PlanInfo, onPaidPlan: boolean, t: Translate): string {
  if (plan.tier === 'free') return t('Downgrade');
  if (onPaidPlan) return t('Switch to {plan}', { plan: plan.name });
  return plan.tier === 'max' ? t('Upgrade to Max') : t('Upgrade to Premium');
}

/** One plan with its price, "was" price and savings, what it includes, and its action. */
export function PlanCard({
  plan,
  current,
  onPaidPlan,
  redirecting,
  busy,
  onChoose,
  startLabel,
  headingLevel = 'h3',
}: PlanCardProps) {
  const t = useT();
  const language = useLanguage();
  const highlighted = plan.tier === 'premium';
  const per = plan.period === 'year' ? t('/year') : t('/month');
  // Spec §2: the downgrade button on the free card is disabled (cancelling is done in the billing portal).
  const disabled = startLabel ? false : current || plan.tier === 'free' || busy;
  return (
    <Card.Root
      variant="outline"
      borderWidth={highlighted ? '2px' : '1px'}
      borderColor={highlighted ? 'colorPalette.solid' : undefined}
      data-plan={plan.type}
      aria-label={
        plan.period === 'year'
          ? t('{plan} yearly plan', { plan: plan.name })
          : t('{plan} plan', { plan: plan.name })
      }
      role="group"
    >
      <Card.Header gap="2">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Card.Title as={headingLevel}>{plan.name}</Card.Title>
          {current ? (
            <Badge colorPalette="green" variant="surface">
              {t('Current plan')}
            </Badge>
          ) : highlighted ? (
            <Badge colorPalette="purple">{t('Most popular')}</Badge>
          ) : null}
        </HStack>
        <Text color="fg.muted" fontSize="sm">
          {t(plan.tagline)}
        </Text>
      </Card.Header>
      <Card.Body gap="4">
        <Stack gap="1">
          <HStack gap="2" align="baseline" wrap="wrap">
            <Text fontSize="3xl" fontWeight="bold" lineHeight="1">
              {formatPrice(plan.amountCents, language)}
            </Text>
            <Text color="fg.muted">{plan.tier === 'free' ? t('/month') : per}</Text>
            {plan.compareAtCents ? (
              <Text
                as="del"
                color="fg.muted"
                aria-label={t('was {price}', { price: formatPrice(plan.compareAtCents, language) })}
              >
                {formatPrice(plan.compareAtCents, language)}
              </Text>
            ) : null}
          </HStack>
          {plan.savingsLabel || plan.savesLabel ? (
            <HStack gap="2" wrap="wrap">
              {plan.savingsLabel ? (
                <Badge colorPalette="green" variant="subtle">
                  {t(plan.savingsLabel)}
                </Badge>
              ) : null}
              {plan.savesLabel ? (
                <Text fontSize="sm" color={{ base: 'green.700', _dark: 'green.300' }}>
                  {t(plan.savesLabel)}
                </Text>
              ) : null}
            </HStack>
          ) : null}
        </Stack>
        <List.Root gap="2" variant="plain">
          {plan.features.map((feature) => (
            <List.Item key={feature} alignItems="center">
              <List.Indicator asChild color={{ base: 'green.600', _dark: 'green.300' }}>
                <LuCheck aria-hidden="true" />
              </List.Indicator>
              {t(feature)}
            </List.Item>
          ))}
          {plan.notIncluded.map((feature) => (
            <List.Item key={feature} alignItems="center" color="fg.muted">
              <List.Indicator asChild>
                <LuX aria-hidden="true" />
              </List.Indicator>
              <Text as="span" textDecoration="line-through">
                {t(feature)}
              </Text>
              <Text as="span" srOnly>
                {t('(not included)')}
              </Text>
            </List.Item>
          ))}
        </List.Root>
      </Card.Body>
      <Card.Footer>
        <Button
          width="full"
          variant={highlighted ? 'solid' : 'outline'}
          disabled={disabled}
          loading={redirecting}
          loadingText={t('Redirecting...')}
          onClick={() => onChoose(plan)}
        >
          {startLabel ?? (current ? t('Current Plan') : actionLabel(plan, onPaidPlan, t))}
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
