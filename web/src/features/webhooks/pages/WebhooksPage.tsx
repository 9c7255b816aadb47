import { useQuery } from '@apollo/client/react';
import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { MAX_WEBHOOK_ENDPOINTS } from '@chorus/shared/webhookRules';
import { useState } from 'react';
import { LuArrowLeft } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { LoadFailed } from '../../../components/LoadFailed';
import { Notice } from '../../../components/Notice';
import { PageHeading } from '../../../components/PageHeading';
import { PageSpinner } from '../../../components/PageSpinner';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { useT } from '../../../lib/i18n';
import { AddEndpointForm } from '../components/AddEndpointForm';
import { EndpointCard } from '../components/EndpointCard';
import { SecretOnce } from '../components/SecretOnce';
import { VerifyExample } from '../components/VerifyExample';
import { WebhookEndpointsQuery } from '../graphql';

/** /settings/webhooks: endpoints Chorus posts your events to (schema/webhooks.graphql), drawn by AccountLayout. */
export default function WebhooksPage() {
  const t = useT();
  usePageMeta({
    title: t('Webhooks'),
    description: t('Send your Chorus events to Zapier, Make, n8n or your own server.'),
  });
  const { data, loading, error, refetch } = useQuery(WebhookEndpointsQuery, {
    fetchPolicy: 'cache-and-network',
  });
  const [created, setCreated] = useState<{ secret: string; url: string } | null>(null);
  const endpoints = data?.webhookEndpoints;
  const full = (endpoints?.length ?? 0) >= MAX_WEBHOOK_ENDPOINTS;

  return (
    <Stack gap="2">
      <Button asChild size="sm" variant="ghost" alignSelf="start">
        <RouterLink to="/settings">
          <LuArrowLeft aria-hidden="true" /> {t('Settings')}
        </RouterLink>
      </Button>
      <PageHeading
        title={t('Webhooks')}
        description={t(
          'Chorus posts your events (a finished video, a published post, a completed answer, an accepted friend request) to your URLs: Zapier, Make, n8n or your own server.',
        )}
      />
      <Stack gap="10">
        <Stack as="section" aria-labelledby="add-webhook-heading" gap="4">
          <Heading as="h2" id="add-webhook-heading" size="lg">
            {t('Add an endpoint')}
          </Heading>
          {created ? <SecretOnce {...created} onDone={() => setCreated(null)} /> : null}
          {full ? (
            <Notice
              status="info"
              title={t('You have {count} endpoints, the most there can be.', {
                count: MAX_WEBHOOK_ENDPOINTS,
              })}
              description={t('Delete one to add another.')}
            />
          ) : (
            <AddEndpointForm onCreated={(secret, url) => setCreated({ secret, url })} />
          )}
        </Stack>
        <Stack as="section" aria-labelledby="webhooks-heading" gap="4">
          <Heading as="h2" id="webhooks-heading" size="lg">
            {t('Your endpoints')}
          </Heading>
          {error && !data ? (
            <LoadFailed title={t('Could not load your endpoints')} onRetry={() => void refetch()} />
          ) : !endpoints ? (
            loading ? (
              <PageSpinner label={t('Loading your endpoints...')} />
            ) : null
          ) : endpoints.length === 0 ? (
            <Notice
              status="info"
              title={t('No endpoints yet.')}
              description={t('Add one above, then use Send test to see a delivery arrive.')}
            />
          ) : (
            <Stack as="ul" gap="3" listStyleType="none">
              {endpoints.map((e) => (
                <EndpointCard key={e.id} endpoint={e} />
              ))}
            </Stack>
          )}
        </Stack>
        <Stack as="section" aria-labelledby="verify-heading" gap="4">
          <Heading as="h2" id="verify-heading" size="lg">
            {t('Verify the signature')}
          </Heading>
          <Text fontSize="sm">
            {t('Check every request before trusting it, with the secret you copied:')}
          </Text>
          <VerifyExample />
        </Stack>
      </Stack>
    </Stack>
  );
}
