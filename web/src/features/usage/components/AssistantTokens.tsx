import { Box, Table, Text } from '@chakra-ui/react';
import type { UsageQuery } from '../../../graphql/__generated__/graphql';
import { useLanguage, useT } from '../../../lib/i18n';
import { formatNumber } from '../usageRules';

type Row = UsageQuery['usage']['tokens']['byAssistant'][number];

/** Tokens per assistant, most first, each with a bar of its share of the month's tokens. */
export function AssistantTokens({ rows, total }: { rows: readonly Row[]; total: number }) {
  const t = useT();
  const language = useLanguage();
  if (rows.length === 0) return <Text color="fg.muted">{t('No answers this month.')}</Text>;
  return (
    <Table.ScrollArea
      borderWidth="1px"
      rounded="md"
      tabIndex={0}
      role="region"
      aria-label={t('Tokens per assistant')}
    >
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('Assistant')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('Answers')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('Tokens')}</Table.ColumnHeader>
            <Table.ColumnHeader w="40%" hideBelow="sm">
              {t('Share')}
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => {
            const share = total > 0 ? Math.round((r.tokens / total) * 100) : 0;
            return (
              <Table.Row key={r.assistant}>
                <Table.Cell>{r.name}</Table.Cell>
                <Table.Cell textAlign="end">{formatNumber(r.answers, language)}</Table.Cell>
                <Table.Cell textAlign="end">{formatNumber(r.tokens, language)}</Table.Cell>
                <Table.Cell hideBelow="sm">
                  <Box display="flex" alignItems="center" gap="2">
                    <Box flex="1" h="2" bg="bg.muted" rounded="full" aria-hidden="true">
                      <Box h="full" w={`${share}%`} bg="colorPalette.solid" rounded="full" />
                    </Box>
                    <Text fontSize="xs" color="fg.muted" minW="3ch" textAlign="end">
                      {language === 'en'
                        ? `${share}%`
                        : new Intl.NumberFormat(language, { style: 'percent' }).format(share / 100)}
                    </Text>
                  </Box>
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
