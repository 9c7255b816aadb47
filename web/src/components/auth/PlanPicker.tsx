import { RadioCard, Stack, Text } from '@chakra-ui/react';
import { PLANS as CATALOGUE, formatUsd } from '@chorus/api/plans';

export type PlanChoice = 'free' | 'premium' | 'max';

const PLANS: { value: PlanChoice; label: string; price: string; summary: string }[] = [
  { value: 'free', label: 'Free', price: '$0', summary: '10 prompts per month with all 4 models' },
  {
    value: 'premium',
    label: 'Premium',
    price: `${formatUsd(CATALOGUE.monthly.amountCents)}/month`,
    summary: 'Unlimited prompts, image analysis and priority responses',
  },
  {
    value: 'max',
    label: 'Max',
    price: `${formatUsd(CATALOGUE.max.amountCents)}/month`,
    summary: 'Unlimited video and image generation, dedicated support',
  },
];

function isPlanChoice(value: string | null): value is PlanChoice {
  return PLANS.some((plan) => plan.value === value);
}

/** The three sign-up plans as a radio group (arrow keys move between them). */
export function PlanPicker({ value, onChange }: { value: PlanChoice; onChange: (plan: PlanChoice) => void }) {
  return (
    <RadioCard.Root
      value={value}
      onValueChange={(details) => {
        if (isPlanChoice(details.value)) onChange(details.value);
      }}
      name="plan"
    >
      <RadioCard.Label fontWeight="semibold">Choose your plan</RadioCard.Label>
      <Stack gap="2">
        {PLANS.map((plan) => (
          <RadioCard.Item key={plan.value} value={plan.value}>
            <RadioCard.ItemHiddenInput />
            <RadioCard.ItemControl alignItems="center">
              <RadioCard.ItemIndicator />
              <RadioCard.ItemContent>
                <RadioCard.ItemText>{plan.label}</RadioCard.ItemText>
                <RadioCard.ItemDescription>{plan.summary}</RadioCard.ItemDescription>
              </RadioCard.ItemContent>
              <Text fontWeight="bold" whiteSpace="nowrap">
                {plan.price}
              </Text>
            </RadioCard.ItemControl>
          </RadioCard.Item>
        ))}
      </Stack>
    </RadioCard.Root>
  );
}
