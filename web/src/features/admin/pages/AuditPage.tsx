import { useQuery } from '@apollo/client/react';
import { Badge, Card, Code, Field, Input, Stack, Table, Text } from '@chakra-ui/react';
import { LuScrollText } from 'react-icons/lu';
import { PageHeading } from '../../../components/PageHeading';
import { useDebouncedValue } from '../../../hooks/useDebouncedValue';
import { useLoadMore } from '../../../hooks/useLoadMore';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { msg, useT } from '../../../lib/i18n';
import { formatDateTime } from '../components/format';
import { PagedList } from '../components/ListStates';
import { useFilterParams } from '../components/useFilterParams';
import { AuditLogQuery } from '../graphql';

/** The log's filters (their labels and placeholders translated where drawn). */
const FILTERS = [
  { param: 'action', label: msg('Action'), placeholder: msg('e.g. user. or plan.limit.set') },
  { param: 'actor', label: msg('Actor'), placeholder: msg('A username, or automatic') },
  { param: 'target', label: msg('Target id'), placeholder: msg('A user, job or plan id') },
] as const;

/** Details as the log keeps them (JSON text), shown compactly: `key: value` pairs. */
function detailsText(details: string): string {
  try {
    const parsed = JSON.parse(details) as Record<string, unknown>;
    return Object.entries(parsed)
      .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
      .join(' · ');
  } catch {
    return details;
  }
}

/** The audit log, newest first: every staff action and automatic decision, filtered and paged. */
export default function AuditPage() {
  const t = useT();
  usePageMeta({ title: t('Audit log · Console'), description: t('What staff and automatic checks did.') });
  const [values, set] = useFilterParams(FILTERS.map((f) => f.param));
  // Debounced as text: a new object each render would never settle.
  const settled = JSON.parse(useDebouncedValue(JSON.stringify(values), 300)) as typeof values;
  const filter = {
    ...(settled.action.trim() ? { action: settled.action.trim() } : {}),
    ...(settled.actor.trim() ? { actor: settled.actor.trim() } : {}),
    ...(settled.target.trim() ? { targetId: settled.target.trim() } : {}),
  };
  const log = useQuery(AuditLogQuery, { variables: { filter }, fetchPolicy: 'cache-and-network' });
  const page = log.data?.admin.auditLog;
  const more = useLoadMore(
    page?.nextCursor ?? null,
    (after) => log.fetchMore({ variables: { after } }),
    t('entries'),
  );
  const entries = page?.entries ?? [];

  return (
    <>
      <PageHeading
        title={t('Audit log')}
        description={t('Every staff action and automatic decision, newest first.')}
      />
      <Card.Root variant="outline">
        <Card.Header>
          <Stack direction={{ base: 'column', md: 'row' }} gap="3">
            {FILTERS.map((f) => (
              <Field.Root key={f.param} flex="1">
                <Field.Label>{t(f.label)}</Field.Label>
                <Input
                  value={values[f.param]}
                  placeholder={t(f.placeholder)}
                  autoComplete="off"
                  onChange={(e) => set(f.param, e.target.value)}
                />
              </Field.Root>
            ))}
          </Stack>
        </Card.Header>
        <Card.Body px={{ base: '2', md: '6' }}>
          <PagedList
            query={log}
            loaded={Boolean(page)}
            loadingLabel={t('Loading the log...')}
            failedTitle={t('Failed to load the log')}
            empty={
              entries.length === 0
                ? {
                    icon: <LuScrollText />,
                    title: t('No entries'),
                    description: Object.keys(filter).length
                      ? t('Nothing matches these filters.')
                      : t('Nothing has been recorded yet.'),
                  }
                : null
            }
            more={more}
            moreLabel={t('Load older entries')}
          >
            <Table.Root size="sm" aria-label={t('Audit log')} tableLayout="fixed" width="full">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader width={{ base: '28', md: '44' }}>{t('When')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('What')}</Table.ColumnHeader>
                  <Table.ColumnHeader hideBelow="md" width="36">
                    {t('Who')}
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {entries.map((entry) => (
                  <Table.Row key={entry.id}>
                    <Table.Cell fontSize="xs" color="fg.muted" verticalAlign="top">
                      {formatDateTime(entry.createdAt)}
                    </Table.Cell>
                    <Table.Cell verticalAlign="top">
                      <Stack gap="1" minW="0">
                        <Code alignSelf="flex-start" size="sm">
                          {entry.action}
                        </Code>
                        <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
                          {entry.targetType} {entry.targetId}
                        </Text>
                        {entry.reason ? (
                          <Text fontSize="sm">{t('“{text}”', { text: entry.reason })}</Text>
                        ) : null}
                        <Text fontSize="xs" color="fg.muted" wordBreak="break-word">
                          {detailsText(entry.details)}
                        </Text>
                        <Text hideFrom="md" fontSize="xs">
                          {entry.actor ? t('by {actor}', { actor: entry.actor }) : t('by automatic')}
                        </Text>
                      </Stack>
                    </Table.Cell>
                    <Table.Cell hideBelow="md" verticalAlign="top" wordBreak="break-all">
                      {entry.actor ?? (
                        <Badge variant="subtle" colorPalette="gray">
                          {t('automatic')}
                        </Badge>
                      )}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </PagedList>
        </Card.Body>
      </Card.Root>
    </>
  );
}
