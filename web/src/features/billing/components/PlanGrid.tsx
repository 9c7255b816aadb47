import { Badge, Button, ButtonGroup, HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import { type BillingPeriod, PLANS_BY_PERIOD, type PlanType, YEARLY_TAB_BADGE } from '@chorus/shared/plans';
import { type ReactNode, useState } from 'react';
import { useT } from '../../../lib/i18n';

/**
 * The Monthly/Yearly switch over the three plan cards of that period: My Plan and the public
 * pricing page draw the same grid, each with its own card (`renderPlan`).
 */
export function PlanGrid({
  renderPlan,
  children,
}: {
  renderPlan: (type: PlanType) => ReactNode;
  children?: ReactNode;
}) {
  const t = useT();
  const [period, setPeriod] = useState<BillingPeriod>('month');
  return (
    <Stack gap="5">
      <HStack justify="center">
        <ButtonGroup size="sm" variant="outline" attached role="group" aria-label={t('Billing period')}>
          {(['month', 'year'] as const).map((p) => (
            <Button
              key={p}
              aria-pressed={period === p}
              variant={period === p ? 'solid' : 'outline'}
              onClick={() => setPeriod(p)}
            >
              {p === 'month' ? t('Monthly') : t('Yearly')}
              {p === 'year' ? (
                <Badge colorPalette="green" variant={period === 'year' ? 'solid' : 'subtle'} ms="1">
                  {t(YEARLY_TAB_BADGE)}
                </Badge>
              ) : null}
            </Button>
          ))}
        </ButtonGroup>
      </HStack>
      <SimpleGrid columns={{ base: 1, lg: 3 }} gap="5">
        {PLANS_BY_PERIOD[period].map(renderPlan)}
      </SimpleGrid>
      {children}
    </Stack>
  );
}
