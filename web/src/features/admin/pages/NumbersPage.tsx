import { useQuery } from '@apollo/client/react';
import { Card, Field, HStack, SimpleGrid, Stack, Stat, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { SelectField } from '../../../components/forms/SelectField';
import { LoadFailed } from '../../../components/LoadFailed';
import { PageHeading } from '../../../components/PageHeading';
import { PageSpinner } from '../../../components/PageSpinner';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { formatCents } from '../components/format';
import { CountsTable } from '../components/ListStates';
import { NumbersQuery } from '../graphql';

const RANGES = [
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
];

/** Sign-ups, prompts, videos and revenue per day, with totals; how each is counted is said under them. */
export default function NumbersPage() {
  usePageMeta({ title: 'Numbers · Console', description: 'Activity and revenue per day.' });
  const [days, setDays] = useState('30');
  const query = useQuery(NumbersQuery, {
    variables: { days: Number(days) },
    fetchPolicy: 'cache-and-network',
  });
  const report = query.data?.admin.numbers;

  return (
    <>
      <PageHeading title="Numbers" description="Activity and revenue per day (UTC).">
        <HStack>
          <Field.Root width="48">
            <Field.Label srOnly>Period</Field.Label>
            <SelectField value={days} options={RANGES} onValueChange={setDays} aria-label="Period" />
          </Field.Root>
        </HStack>
      </PageHeading>
      {!report && query.loading ? (
        <PageSpinner label="Loading the numbers..." />
      ) : !report ? (
        <LoadFailed title="Failed to load the numbers" onRetry={() => void query.refetch().catch(() => {})} />
      ) : (
        <Stack gap="6">
          <SimpleGrid columns={{ base: 2, md: 3, xl: 6 }} gap="3">
            {[
              ['Sign-ups', report.totals.signups.toLocaleString()],
              ['Prompts', report.totals.prompts.toLocaleString()],
              ['Videos', report.totals.videos.toLocaleString()],
              ['Revenue', formatCents(report.totals.revenueCents)],
              ['Recurring / month', formatCents(report.recurringMonthlyCents)],
              ['Paying users', report.payingUsers.toLocaleString()],
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
                  label="Per day"
                  names="nowrap"
                  columns={['Day', 'Sign-ups', 'Prompts', 'Videos', 'Revenue']}
                  rows={report.days.map((d) => ({
                    key: d.day,
                    name: d.day,
                    counts: [d.signups, d.prompts, d.videos, formatCents(d.revenueCents)],
                  }))}
                  footer={{
                    name: 'Total',
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
