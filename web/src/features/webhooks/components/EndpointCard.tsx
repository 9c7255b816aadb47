import { useMutation } from '@apollo/client/react';
import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuSend, LuTrash2 } from 'react-icons/lu';
import { AppDialog } from '../../../components/AppDialog';
import { LocalLongDate } from '../../../components/LocalFormat';
import { notifySuccess } from '../../../components/toaster';
import type { WebhookEndpointFieldsFragment as Endpoint } from '../../../graphql/__generated__/graphql';
import { msg, useT } from '../../../lib/i18n';
import { notifyFailure } from '../../../lib/mutationToast';
import { richText } from '../../tokens/components/richText';
import {
  DeleteWebhookEndpointMutation,
  SendWebhookTestMutation,
  WebhookDeliveriesQuery,
  WebhookEndpointsQuery,
} from '../graphql';
import { DeliveriesLog } from './DeliveriesLog';

/** One endpoint: its URL and events, Send test, Delete (confirmed), and its deliveries' log. */
export function EndpointCard({ endpoint }: { endpoint: Endpoint }) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const [sendTest, testing] = useMutation(SendWebhookTestMutation, {
    refetchQueries: [{ query: WebhookDeliveriesQuery, variables: { id: endpoint.id, first: 10 } }],
  });
  const [remove, removing] = useMutation(DeleteWebhookEndpointMutation, {
    refetchQueries: [WebhookEndpointsQuery],
    awaitRefetchQueries: true,
  });

  const test = async () => {
    try {
      await sendTest({ variables: { id: endpoint.id } });
      setShowLog(true);
      notifySuccess(t('Test sent'), t('A ping delivery is on its way.'));
    } catch (e) {
      notifyFailure(t('Error'), e, t('Could not send the test'));
    }
  };
  const confirmDelete = async () => {
    try {
      await remove({ variables: { id: endpoint.id } });
      notifySuccess(t('Endpoint deleted'), endpoint.url);
    } catch (e) {
      notifyFailure(t('Error'), e, t('Could not delete the endpoint'));
    } finally {
      setConfirming(false);
    }
  };
  const logId = `deliveries-${endpoint.id}`;

  return (
    <Box as="li" borderWidth="1px" rounded="lg" p={{ base: '3', md: '4' }} data-testid="webhook-endpoint">
      <Stack gap="3">
        <Stack gap="1" minW="0">
          <Text as="h3" fontWeight="semibold" fontFamily="mono" fontSize="sm" wordBreak="break-all">
            {endpoint.url}
          </Text>
          {endpoint.description ? (
            <Text fontSize="sm" dir="auto" wordBreak="break-word">
              {endpoint.description}
            </Text>
          ) : null}
          <Text fontSize="xs" color="fg.muted">
            {richText(t, msg('Added {date} · secret …{hint}'), {
              date: <LocalLongDate iso={endpoint.createdAt} />,
              hint: endpoint.secretHint,
            })}
          </Text>
        </Stack>
        <HStack gap="1.5" flexWrap="wrap">
          {endpoint.events.map((e) => (
            <Badge key={e} variant="outline" fontFamily="mono">
              {e}
            </Badge>
          ))}
        </HStack>
        <HStack gap="2" flexWrap="wrap">
          <Button size="sm" variant="outline" loading={testing.loading} onClick={() => void test()}>
            <LuSend aria-hidden="true" /> {t('Send test')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-expanded={showLog}
            aria-controls={logId}
            onClick={() => setShowLog((v) => !v)}
          >
            {showLog ? t('Hide deliveries') : t('Deliveries')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            colorPalette="red"
            ms={{ sm: 'auto' }}
            aria-label={t('Delete {title}', { title: endpoint.url })}
            onClick={() => setConfirming(true)}
          >
            <LuTrash2 aria-hidden="true" /> {t('Delete')}
          </Button>
        </HStack>
        {showLog ? (
          <Box id={logId}>
            <DeliveriesLog endpointId={endpoint.id} />
          </Box>
        ) : null}
      </Stack>
      <AppDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        role="alertdialog"
        closeButton={false}
        title={t('Delete this endpoint?')}
        footer={
          <HStack gap="2">
            <Button variant="outline" onClick={() => setConfirming(false)}>
              {t('Cancel')}
            </Button>
            <Button colorPalette="red" loading={removing.loading} onClick={() => void confirmDelete()}>
              {t('Delete')}
            </Button>
          </HStack>
        }
      >
        <Text wordBreak="break-all">
          {t('Chorus stops sending events to {url}, and its delivery log goes with it.', {
            url: endpoint.url,
          })}
        </Text>
      </AppDialog>
    </Box>
  );
}
