import { useQuery } from '@apollo/client/react';
import { Card, Field, HStack, SimpleGrid, Stack, Stat, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { SelectField } from '../../../components/forms/SelectField';
import { LoadFailed } from '../../../components/LoadFailed';
import { PageHeading } from '../../../components/PageHeading';
import { PageSpinner } from '../../../components/PageSpinner';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { formatCount } from '../../../lib/formatDate';
import { msg, useT } from '../../../lib/i18n';
import { formatCents } from '../components/format';
import { CountsTable } from '../components/ListStates';
import { NumbersQuery } from '../graphql';

/** The periods to choose from (translated where drawn). */
const RANGES = [
  { value: '7', label: msg('Last 7 days') },
  { value: '30', label: msg('Last 30 days') },
  { value: '90', label: msg('Last 90 days') },
];

/** Sign-ups, prompts, videos and revenue per day, with totals; how each is counted is said under them. */
export default function NumbersPage() {
  const t = useT();
  usePageMeta({ title: t('Numbers · Console'), description: t('Activity and revenue per day.') });
  const [days, setDays] = useState('30');
  const query = useQuery(NumbersQuery, {
    variables: { days: Number(days) },
    fetchPolicy: 'cache-and-network',
  });
  const report = query.data?.admin.numbers;

  return (
    <>
      <PageHeading title={t('Numbers')} description={t('Activity and revenue per day (UTC).')}>
        <HStack>
          <Field.Root width="48">
            <Field.Label srOnly>{t('Period')}</Field.Label>
            <SelectField
              value={days}
              options={RANGES.map((r) => ({ value: r.value, label: t(r.label) }))}
              onValueChange={setDays}
              aria-label={t('Period')}
            />
          </Field.Root>
        </HStack>
      </PageHeading>
      {!report && query.loading ? (
        <PageSpinner label={t('Loading the numbers...')} />
      ) : !report ? (
        <LoadFailed
          title={t('Failed to load the numbers')}
          onRetry={() => void query.refetch().catch(() => {})}
        />
      ) : (
        <Stack gap="6">
          <SimpleGrid columns={{ base: 2, md: 3, xl: 6 }} gap="3">
            {[
              [t('Sign-ups'), formatCount(report.totals.signups)],
              [t('Prompts'), formatCount(report.totals.prompts)],
              [t('Videos'), formatCount(report.totals.videos)],
              [t('Revenue'), formatCents(report.totals.revenueCents)],
              [t('Recurring / month'), formatCents(report.recurringMonthlyCents)],
              [t('Paying users'), formatCount(report.payingUsers)],
            ].map(([label, value]) => (
              <Card.Root key={label} variant="outline" size="sm">
                <Card.Body>
                  <Stat.Root>
                    <Stat.Label>{label}</Stat.Label>
                    <Stat.ValueText>{value}</Stat.ValueText>
                  </Stat.Root>
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>
          <Card.Root variant="outline">
            <Card.Body px={{ base: '2', md: '6' }}>
              <Table.ScrollArea>
                <CountsTable
                  label={t('Per day')}
                  names="nowrap"
                  columns={[t('Day'), t('Sign-ups'), t('Prompts'), t('Videos'), t('Revenue')]}
                  rows={report.days.map((d) => ({
                    key: d.day,
                    name: d.day,
                    counts: [d.signups, d.prompts, d.videos, formatCents(d.revenueCents)],
                  }))}
                  footer={{
                    name: t('Total'),
                    counts: [
                      report.totals.signups,
                      report.totals.prompts,
                      report.totals.videos,
                      formatCents(report.totals.revenueCents),
                    ],
                  }}
                />
              </Table.ScrollArea>
            </Card.Body>
          </Card.Root>
          <Text color="fg.muted" fontSize="sm">
            {report.note}
          </Text>
        </Stack>
      )}
    </>
  );
}
