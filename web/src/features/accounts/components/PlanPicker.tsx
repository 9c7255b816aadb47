import { Box, chakra, Stack, Text } from '@chakra-ui/react';
import { PLANS as CATALOGUE, formatUsd } from '@chorus/shared/plans';
import { msg, useT } from '../../../lib/i18n';

export type PlanChoice = 'free' | 'premium' | 'max';

// `price` is a month's price (drawn as "{price}/month"); Free is shown as $0.
const PLANS: { value: PlanChoice; label: string; price: string | null; summary: string }[] = [
  { value: 'free', label: msg('Free'), price: null, summary: msg('10 prompts per month with all 4 models') },
  {
    value: 'premium',
    label: msg('Premium'),
    price: formatUsd(CATALOGUE.monthly.amountCents),
    summary: msg('Unlimited prompts, image analysis and priority responses'),
  },
  {
    value: 'max',
    label: msg('Max'),
    price: formatUsd(CATALOGUE.max.amountCents),
    summary: msg('Unlimited video and image generation, dedicated support'),
  },
];

/**
 * The three sign-up plans as a radio group: native radio inputs (Tab reaches the group, arrow keys
 * move between plans, each with the global focus ring) in cards styled like Chakra's outline
 * RadioCard, without its state machine and recipes on the sign-up page.
 */
export function PlanPicker({ value, onChange }: { value: PlanChoice; onChange: (plan: PlanChoice) => void }) {
  const t = useT();
  return (
    <Box as="fieldset" minW="0">
      <Box as="legend" fontWeight="semibold" textStyle="sm" mb="1.5">
        {t('Choose your plan')}
      </Box>
      <Stack gap="2">
        {PLANS.map((plan) => (
          <Box
            as="label"
            key={plan.value}
            display="flex"
            alignItems="center"
            gap="2.5"
            p="4"
            textStyle="sm"
            borderWidth="1px"
            borderRadius="l2"
            cursor="pointer"
            userSelect="none"
            css={{
              '&:has(input:checked)': {
                borderColor: 'colorPalette.solid',
                boxShadow: 'inset 0 0 0 1px var(--chakra-colors-color-palette-solid)',
              },
              '&:has(input:focus-visible)': { bg: 'colorPalette.muted/20' },
            }}
          >
            <chakra.input
              type="radio"
              name="plan"
              value={plan.value}
              checked={value === plan.value}
              onChange={() => onChange(plan.value)}
              w="4"
              h="4"
              flexShrink="0"
              m="0"
              cursor="pointer"
              css={{ accentColor: 'var(--chakra-colors-color-palette-solid)' }}
            />
            <Stack gap="1" flex="1">
              <Text fontWeight="medium">{t(plan.label)}</Text>
              <Text opacity="0.64">{t(plan.summary)}</Text>
            </Stack>
            <Text fontWeight="bold" whiteSpace="nowrap">
              {plan.price === null ? '$0' : t('{price}/month', { price: plan.price })}
            </Text>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
