import { useQuery } from '@apollo/client/react';
import { Badge, Card, EmptyState, Stack, Table, Text } from '@chakra-ui/react';
import { LuActivity } from 'react-icons/lu';
import { LoadFailed } from '../../../components/LoadFailed';
import { PageHeading } from '../../../components/PageHeading';
import { PageSpinner } from '../../../components/PageSpinner';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { msg, useT } from '../../../lib/i18n';
import { formatDateTime, formatMs, formatPercent } from '../components/format';
import { ProvidersQuery } from '../graphql';

type Provider = NonNullable<ReturnType<typeof useProviders>['data']>['admin']['providers'][number];
const useProviders = () =>
  useQuery(ProvidersQuery, { fetchPolicy: 'cache-and-network', pollInterval: 30_000 });

/** The two kinds of provider, each with its table's texts (translated where drawn). */
const KINDS = [
  {
    kind: 'assistant',
    title: msg('Assistants'),
    description: msg('Answers of the last 24 hours by model.'),
    first: msg('First token'),
    total: msg('Whole answer'),
  },
  {
    kind: 'video',
    title: msg('Video services'),
    description: msg('Renders asked for in the last 24 hours by service.'),
    first: msg('Mean render'),
    total: msg('Slowest render'),
  },
] as const;

/** How each assistant and video service did over the last day, from the answers and renders themselves. */
export default function ProvidersPage() {
  const t = useT();
  usePageMeta({ title: t('Providers · Console'), description: t('Errors and latency of the AI services.') });
  const query = useProviders();
  const providers = query.data?.admin.providers;
  if (!providers && query.loading) return <PageSpinner label={t('Loading providers...')} />;
  if (!providers)
    return (
      <LoadFailed
        title={t('Failed to load providers')}
        onRetry={() => void query.refetch().catch(() => {})}
      />
    );
  return (
    <>
      <PageHeading title={t('Providers')} description={t('Errors and latency over the last 24 hours.')} />
      <Stack gap="6">
        {KINDS.map((k) => (
          <ProviderTable key={k.kind} {...k} rows={providers.filter((p) => p.kind === k.kind)} />
        ))}
      </Stack>
    </>
  );
}

function ProviderTable({
  title,
  description,
  first,
  total,
  rows,
}: (typeof KINDS)[number] & { rows: readonly Provider[] }) {
  const t = useT();
  return (
    <Card.Root variant="outline">
      <Card.Header>
        <Card.Title as="h2">{t(title)}</Card.Title>
        <Card.Description>{t(description)}</Card.Description>
      </Card.Header>
      <Card.Body px={{ base: '2', md: '6' }}>
        {rows.length === 0 ? (
          <EmptyState.Root size="sm">
            <EmptyState.Content>
              <EmptyState.Indicator>
                <LuActivity />
              </EmptyState.Indicator>
              <EmptyState.Title>{t('Nothing in the last 24 hours')}</EmptyState.Title>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <Table.ScrollArea>
            <Table.Root size="sm" aria-label={t(title)} minW="lg">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('Name')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('Requests')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('Errors')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t(first)}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t(total)}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((p) => (
                  <Table.Row key={p.name}>
                    <Table.Cell>
                      <Stack gap="1">
                        <Text fontWeight="medium">{p.name}</Text>
                        {p.lastError ? (
                          <Text fontSize="xs" color="fg.error" wordBreak="break-word" maxW="md">
                            {formatDateTime(p.lastErrorAt)}: {p.lastError}
                          </Text>
                        ) : null}
                      </Stack>
                    </Table.Cell>
                    <Table.Cell textAlign="end">{p.requests}</Table.Cell>
                    <Table.Cell textAlign="end">
                      {p.errors ? (
                        <Badge colorPalette="red" variant="subtle">
                          {p.errors} ({formatPercent(p.errors / p.requests)})
                        </Badge>
                      ) : (
                        0
                      )}
                    </Table.Cell>
                    <Table.Cell textAlign="end">{formatMs(p.avgFirstMs)}</Table.Cell>
                    <Table.Cell textAlign="end">{formatMs(p.avgTotalMs)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Card.Body>
    </Card.Root>
  );
}
