import { Card, Progress, SimpleGrid, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { UsageQuery } from '../../../graphql/__generated__/graphql';
import { formatBytes, formatCost, formatNumber, formatSeconds } from '../usageRules';

type Usage = UsageQuery['usage'];

function Summary({ label, value, children }: { label: string; value: ReactNode; children?: ReactNode }) {
  return (
    <Card.Root variant="outline" size="sm">
      <Card.Body gap="1">
        <Text color="fg.muted" fontSize="sm" as="h3">
          {label}
        </Text>
        <Text fontSize="2xl" fontWeight="semibold" lineHeight="short">
          {value}
        </Text>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

/** The month at a glance: prompts of the plan, tokens, video seconds, storage now, the cost estimate. */
export function SummaryCards({ usage }: { usage: Usage }) {
  const { prompts, tokens, videos, storage, cost } = usage;
  const limited = prompts.limit !== null && prompts.limit !== undefined;
  const percent = limited && prompts.limit! > 0 ? Math.min(100, (prompts.used / prompts.limit!) * 100) : 100;
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="3" data-testid="usage-summary">
      <Summary
        label="Prompts"
        value={
          limited
            ? `${formatNumber(prompts.used)} of ${formatNumber(prompts.limit!)}`
            : formatNumber(prompts.used)
        }
      >
        {limited ? (
          <Progress.Root
            value={percent}
            size="sm"
            colorPalette={percent >= 100 ? 'red' : percent >= 80 ? 'orange' : undefined}
            translations={{ value: () => 'Prompts used' }}
          >
            <Progress.Track aria-valuetext={`${prompts.used} of ${prompts.limit} prompts used`}>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            Unlimited on your plan
          </Text>
        )}
      </Summary>
      <Summary label="Tokens" value={formatNumber(tokens.total)}>
        <Text fontSize="sm" color="fg.muted">
          in assistants' answers
        </Text>
      </Summary>
      <Summary label="Video seconds" value={formatSeconds(videos.seconds)}>
        <Text fontSize="sm" color="fg.muted">
          {videos.count === 1 ? '1 video' : `${formatNumber(videos.count)} videos`} finished
        </Text>
      </Summary>
      <Summary label="Storage" value={formatBytes(storage.bytes)}>
        <Text fontSize="sm" color="fg.muted">
          {storage.files === 1 ? '1 file' : `${formatNumber(storage.files)} files`} stored now
        </Text>
      </Summary>
      <Summary
        label="Estimated cost"
        value={
          cost.configured && cost.estimate !== null && cost.estimate !== undefined
            ? formatCost(cost.estimate, cost.currency)
            : '—'
        }
      >
        <Text fontSize="sm" color="fg.muted">
          {cost.configured ? 'An estimate from the configured prices' : 'Prices not configured'}
        </Text>
      </Summary>
    </SimpleGrid>
  );
}
