import { useQuery } from '@apollo/client/react';
import { Heading, Stack } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { LoadFailed } from '../../../components/LoadFailed';
import { Notice } from '../../../components/Notice';
import { PageHeading } from '../../../components/PageHeading';
import { PageSpinner } from '../../../components/PageSpinner';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { useT } from '../../../lib/i18n';
import { AssistantTokens } from '../components/AssistantTokens';
import { DailyChart } from '../components/DailyChart';
import { MonthPicker } from '../components/MonthPicker';
import { SummaryCards } from '../components/SummaryCards';
import { UsageQuery } from '../graphql';
import { currentMonth, isEmptyMonth, isUsageMonth } from '../usageRules';

/**
 * /usage: what you used in a month (schema/usage.graphql): prompts of your plan, tokens per
 * assistant, videos, storage, a cost estimate and the days; the month in `?month=` so it survives a
 * reload and Back. Drawn by AccountLayout.
 */
export default function UsagePage() {
  const t = useT();
  usePageMeta({
    title: t('Usage'),
    description: t('Your prompts, tokens, videos and storage on Chorus, month by month.'),
  });
  const [params, setParams] = useSearchParams();
  const asked = params.get('month');
  const month = isUsageMonth(asked) ? asked : currentMonth();
  const { data, error, loading, refetch } = useQuery(UsageQuery, {
    variables: { month },
    fetchPolicy: 'cache-and-network',
  });
  const usage = data?.usage.month === month ? data.usage : undefined;

  const empty = usage ? isEmptyMonth(usage) : false;
  let content: React.ReactNode;
  if (!usage && error)
    content = (
      <LoadFailed title={t('Failed to load your usage')} role="alert" onRetry={() => void refetch()} />
    );
  else if (!usage) content = <PageSpinner label={t('Loading usage...')} />;
  else
    content = (
      <Stack gap="8" aria-busy={loading}>
        {empty ? <Notice status="info" role="status" title={t('No usage this month yet')} /> : null}
        <SummaryCards usage={usage} />
        {empty ? null : (
          <>
            <Stack as="section" aria-labelledby="usage-assistants" gap="3">
              <Heading as="h2" id="usage-assistants" size="md">
                {t('Tokens per assistant')}
              </Heading>
              <AssistantTokens rows={usage.tokens.byAssistant} total={usage.tokens.total} />
            </Stack>
            <Stack as="section" aria-labelledby="usage-days" gap="3">
              <Heading as="h2" id="usage-days" size="md">
                {t('Day by day')}
              </Heading>
              <DailyChart days={usage.days} />
            </Stack>
          </>
        )}
      </Stack>
    );
  return (
    <>
      <PageHeading
        title={t('Usage')}
        description={t('What you used each month: prompts, tokens, videos and storage.')}
      />
      <Stack gap="6">
        <MonthPicker
          month={month}
          onChange={(next) => setParams(next === currentMonth() ? {} : { month: next })}
        />
        {content}
      </Stack>
    </>
  );
}
