import { Box, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { UsageQuery } from '../../../graphql/__generated__/graphql';
import { msg, useLanguage, useT } from '../../../lib/i18n';
import { barPercent, dayLabel, formatNumber, formatSeconds } from '../usageRules';

type Day = UsageQuery['usage']['days'][number];

const METRICS = [
  {
    key: 'tokens',
    label: msg('Tokens'),
    summary: msg('Tokens per day: {total} in all, at most {max} in a day. The table below has each day.'),
    format: formatNumber,
  },
  {
    key: 'prompts',
    label: msg('Prompts'),
    summary: msg('Prompts per day: {total} in all, at most {max} in a day. The table below has each day.'),
    format: formatNumber,
  },
  {
    key: 'videoSeconds',
    label: msg('Video seconds'),
    summary: msg(
      'Video seconds per day: {total} in all, at most {max} in a day. The table below has each day.',
    ),
    format: formatSeconds,
  },
] as const;
type MetricKey = (typeof METRICS)[number]['key'];

/**
 * The month day by day as CSS bars (one metric at a time), with the same numbers as a table under
 * "Show as a table" for screen readers and anyone who wants the figures: the bars are decoration.
 */
export function DailyChart({ days }: { days: readonly Day[] }) {
  const t = useT();
  const language = useLanguage();
  // The first metric the month has any of (offline answers report no tokens, say).
  const [metric, setMetric] = useState<MetricKey>(
    () => METRICS.find((m) => days.some((d) => d[m.key] > 0))?.key ?? 'tokens',
  );
  const chosen = METRICS.find((m) => m.key === metric)!;
  const max = Math.max(0, ...days.map((d) => d[metric]));
  const total = days.reduce((s, d) => s + d[metric], 0);
  return (
    <Stack gap="3">
      <HStack gap="1" wrap="wrap" role="group" aria-label={t('What the chart shows')}>
        {METRICS.map((m) => (
          <Button
            key={m.key}
            size="xs"
            variant={m.key === metric ? 'solid' : 'outline'}
            aria-pressed={m.key === metric}
            onClick={() => setMetric(m.key)}
          >
            {t(m.label)}
          </Button>
        ))}
      </HStack>
      <Box
        role="img"
        aria-label={t(chosen.summary, {
          total: chosen.format(total, language),
          max: chosen.format(max, language),
        })}
        borderWidth="1px"
        rounded="md"
        p="2"
      >
        <HStack align="end" gap="1px" h="32" data-testid="usage-bars">
          {days.map((d) => (
            <Box
              key={d.date}
              flex="1"
              h="full"
              display="flex"
              alignItems="end"
              title={`${dayLabel(d.date, language)}: ${chosen.format(d[metric], language)}`}
            >
              <Box w="full" h={`${barPercent(d[metric], max)}%`} bg="colorPalette.solid" roundedTop="xs" />
            </Box>
          ))}
        </HStack>
        <HStack justify="space-between" mt="1" fontSize="xs" color="fg.muted" aria-hidden="true">
          <Text>{days[0] ? dayLabel(days[0].date, language) : ''}</Text>
          <Text>{days.at(-1) ? dayLabel(days.at(-1)!.date, language) : ''}</Text>
        </HStack>
      </Box>
      <details>
        <Box as="summary" cursor="pointer" fontSize="sm" color="colorPalette.fg" w="fit-content">
          {t('Show as a table')}
        </Box>
        <Table.ScrollArea
          mt="2"
          borderWidth="1px"
          rounded="md"
          maxH="96"
          // It scrolls: reachable by keyboard, named for screen readers.
          tabIndex={0}
          role="region"
          aria-label={t('Usage per day')}
        >
          <Table.Root size="sm" stickyHeader>
            <Table.Caption srOnly>{t('Usage per day')}</Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('Day')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('Prompts')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('Tokens')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('Video seconds')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {days.map((d) => (
                <Table.Row key={d.date}>
                  <Table.Cell>{dayLabel(d.date, language)}</Table.Cell>
                  <Table.Cell textAlign="end">{formatNumber(d.prompts, language)}</Table.Cell>
                  <Table.Cell textAlign="end">{formatNumber(d.tokens, language)}</Table.Cell>
                  <Table.Cell textAlign="end">{formatSeconds(d.videoSeconds, language)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </details>
    </Stack>
  );
}
