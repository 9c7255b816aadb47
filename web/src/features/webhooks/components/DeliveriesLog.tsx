import { useQuery } from '@apollo/client/react';
import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { LoadFailed } from '../../../components/LoadFailed';
import { LoadMoreButton } from '../../../components/LoadMoreButton';
import { PageSpinner } from '../../../components/PageSpinner';
import type { WebhookDeliveryFieldsFragment as Delivery } from '../../../graphql/__generated__/graphql';
import { useLoadMore } from '../../../hooks/useLoadMore';
import { useLanguage, useT } from '../../../lib/i18n';
import { WebhookDeliveriesQuery } from '../graphql';
import { deliveryStatusText, whenText } from '../webhookView';

const PAGE = 10;

const PALETTES: Record<string, string> = { succeeded: 'green', failed: 'red', pending: 'orange' };

function DeliveryRow({ delivery }: { delivery: Delivery }) {
  const t = useT();
  const language = useLanguage();
  const when = (iso: string) => whenText(iso, new Date(), language === 'en' ? undefined : language);
  return (
    <Box as="li" borderWidth="1px" rounded="md" p="3">
      <Stack gap="1.5">
        <HStack gap="2" flexWrap="wrap">
          <Badge colorPalette={PALETTES[delivery.status] ?? 'gray'} variant="subtle">
            {t(deliveryStatusText(delivery))}
          </Badge>
          <Text as="span" fontFamily="mono" fontSize="sm">
            {delivery.type}
          </Text>
          {delivery.lastStatusCode !== null && delivery.lastStatusCode !== undefined ? (
            <Text as="span" fontSize="sm" data-testid="delivery-code">
              HTTP {delivery.lastStatusCode}
            </Text>
          ) : null}
        </HStack>
        <Text fontSize="xs" color="fg.muted">
          {when(delivery.createdAt)} ·{' '}
          {t('{count, plural, one {# attempt} other {# attempts}}', { count: delivery.attempts })}
          {delivery.nextAttemptAt ? ` · ${t('next try {when}', { when: when(delivery.nextAttemptAt) })}` : ''}
        </Text>
        {delivery.lastError && delivery.status !== 'succeeded' ? (
          <Text fontSize="xs" color="fg.error" wordBreak="break-word">
            {delivery.lastError}
          </Text>
        ) : null}
        {delivery.attemptLog.length > 1 ? (
          <Box as="details" fontSize="xs" color="fg.muted">
            <Box as="summary" cursor="pointer">
              {t('Attempts')}
            </Box>
            <Stack as="ol" gap="0.5" mt="1" ps="4">
              {delivery.attemptLog.map((a) => (
                <li key={a.attempt}>
                  {t('#{attempt}: {outcome} in {duration} ms, {when}', {
                    attempt: a.attempt,
                    outcome: a.statusCode ? `HTTP ${a.statusCode}` : (a.error ?? t('no answer')),
                    duration: a.durationMs,
                    when: when(a.createdAt),
                  })}
                </li>
              ))}
            </Stack>
          </Box>
        ) : null}
      </Stack>
    </Box>
  );
}

/** An endpoint's deliveries, newest first, paged; refreshed every few seconds while one is pending. */
export function DeliveriesLog({ endpointId }: { endpointId: string }) {
  const t = useT();
  const { data, loading, error, refetch, fetchMore, startPolling, stopPolling } = useQuery(
    WebhookDeliveriesQuery,
    { variables: { id: endpointId, first: PAGE }, fetchPolicy: 'cache-and-network' },
  );
  const page = data?.webhookEndpoint.deliveries;
  const pending = page?.deliveries.some((d) => d.status === 'pending') ?? false;
  // While a delivery is being tried, its outcome shows as it comes.
  useEffect(() => {
    if (!pending) return;
    startPolling(2000);
    return () => stopPolling();
  }, [pending, startPolling, stopPolling]);
  const more = useLoadMore(
    page?.nextCursor ?? null,
    (after) =>
      fetchMore({
        variables: { after },
        updateQuery: (prev, { fetchMoreResult }) => ({
          webhookEndpoint: {
            ...prev.webhookEndpoint,
            deliveries: {
              ...fetchMoreResult.webhookEndpoint.deliveries,
              deliveries: [
                ...prev.webhookEndpoint.deliveries.deliveries,
                ...fetchMoreResult.webhookEndpoint.deliveries.deliveries,
              ],
            },
          },
        }),
      }),
    'deliveries',
  );
  if (error && !data)
    return <LoadFailed title={t('Could not load the deliveries')} onRetry={() => void refetch()} />;
  if (!page) return loading ? <PageSpinner label={t('Loading deliveries...')} /> : null;
  if (page.deliveries.length === 0)
    return (
      <Text fontSize="sm" color="fg.muted">
        {t('Nothing sent yet. Use Send test to try the endpoint.')}
      </Text>
    );
  return (
    <Stack gap="2">
      <Stack as="ul" gap="2" listStyleType="none" aria-label={t('Deliveries')}>
        {page.deliveries.map((d) => (
          <DeliveryRow key={d.id} delivery={d} />
        ))}
      </Stack>
      <LoadMoreButton more={more} size="sm" label={t('Older deliveries')} />
    </Stack>
  );
}
