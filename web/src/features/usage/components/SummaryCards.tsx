import { Card, Progress, SimpleGrid, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { UsageQuery } from '../../../graphql/__generated__/graphql';
import { useLanguage, useT } from '../../../lib/i18n';
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
  const t = useT();
  const language = useLanguage();
  const { prompts, tokens, videos, storage, cost } = usage;
  const limited = prompts.limit !== null && prompts.limit !== undefined;
  const percent = limited && prompts.limit! > 0 ? Math.min(100, (prompts.used / prompts.limit!) * 100) : 100;
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="3" data-testid="usage-summary">
      <Summary
        label={t('Prompts')}
        value={
          limited
            ? t('{used} of {limit}', {
                used: formatNumber(prompts.used, language),
                limit: formatNumber(prompts.limit!, language),
              })
            : formatNumber(prompts.used, language)
        }
      >
        {limited ? (
          <Progress.Root
            value={percent}
            size="sm"
            colorPalette={percent >= 100 ? 'red' : percent >= 80 ? 'orange' : undefined}
            translations={{ value: () => t('Prompts used') }}
          >
            <Progress.Track
              aria-valuetext={t('{used} of {limit} prompts used', {
                used: prompts.used,
                limit: prompts.limit,
              })}
            >
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            {t('Unlimited on your plan')}
          </Text>
        )}
      </Summary>
      <Summary label={t('Tokens')} value={formatNumber(tokens.total, language)}>
        <Text fontSize="sm" color="fg.muted">
          {t("in assistants' answers")}
        </Text>
      </Summary>
      <Summary label={t('Video seconds')} value={formatSeconds(videos.seconds, language)}>
        <Text fontSize="sm" color="fg.muted">
          {t('{count, plural, one {{formatted} video finished} other {{formatted} videos finished}}', {
            count: videos.count,
            formatted: formatNumber(videos.count, language),
          })}
        </Text>
      </Summary>
      <Summary label={t('Storage')} value={formatBytes(storage.bytes, language)}>
        <Text fontSize="sm" color="fg.muted">
          {t('{count, plural, one {{formatted} file stored now} other {{formatted} files stored now}}', {
            count: storage.files,
            formatted: formatNumber(storage.files, language),
          })}
        </Text>
      </Summary>
      <Summary
        label={t('Estimated cost')}
        value={
          cost.configured && cost.estimate !== null && cost.estimate !== undefined
            ? formatCost(cost.estimate, cost.currency, language)
            : '—'
        }
      >
        <Text fontSize="sm" color="fg.muted">
          {cost.configured ? t('An estimate from the configured prices') : t('Prices not configured')}
        </Text>
      </Summary>
    </SimpleGrid>
  );
}
