import { useMutation } from '@apollo/client/react';
import { Button, Checkbox, Field, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, type WebhookEventType } from '@chorus/shared/webhookRules';
import { type FormEvent, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { failureMessage } from '../../../lib/mutationToast';
import { CreateWebhookEndpointMutation, WebhookEndpointsQuery } from '../graphql';

/** The form that adds an endpoint; the secret it answers goes to `onCreated`, to be shown once. */
export function AddEndpointForm({ onCreated }: { onCreated: (secret: string, url: string) => void }) {
  const t = useT();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['video.completed']);
  const [error, setError] = useState<string | null>(null);
  const [create, { loading }] = useMutation(CreateWebhookEndpointMutation, {
    refetchQueries: [WebhookEndpointsQuery],
    awaitRefetchQueries: true,
  });

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError(null);
    if (events.length === 0) return setError(t('Choose at least one event'));
    try {
      const { data } = await create({ variables: { input: { url: url.trim(), description, events } } });
      if (!data) return;
      onCreated(data.createWebhookEndpoint.secret, data.createWebhookEndpoint.endpoint.url);
      setUrl('');
      setDescription('');
    } catch (err) {
      setError(failureMessage(err, t('Could not add the endpoint')));
    }
  };

  return (
    <Stack asChild gap="4">
      <form onSubmit={(e) => void submit(e)} aria-label={t('Add an endpoint')} noValidate>
        <Field.Root required invalid={Boolean(error && /url|address|https|host|dns/i.test(error))}>
          <Field.Label>
            {t('Endpoint URL')} <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="url"
            inputMode="url"
            placeholder="https://hooks.zapier.com/hooks/catch/…"
            value={url}
            maxLength={2000}
            onChange={(e) => setUrl(e.target.value)}
          />
          <Field.HelperText>
            {t("Chorus posts JSON here, signed with the endpoint's secret.")}
          </Field.HelperText>
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('Description')}</Field.Label>
          <Input
            value={description}
            maxLength={200}
            placeholder={t('What it is for (optional)')}
            onChange={(e) => setDescription(e.target.value)}
          />
        </Field.Root>
        <Stack gap="2" as="fieldset">
          <Text as="legend" fontWeight="medium" fontSize="sm" mb="2">
            {t('Events')}
          </Text>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            {WEBHOOK_EVENTS.map((event) => (
              <Checkbox.Root
                key={event}
                alignItems="flex-start"
                checked={events.includes(event)}
                onCheckedChange={(d) =>
                  setEvents((list) =>
                    d.checked === true ? [...list, event] : list.filter((x) => x !== event),
                  )
                }
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control mt="0.5" />
                <Checkbox.Label>
                  <Text as="span" fontFamily="mono" fontSize="sm" display="block">
                    {event}
                  </Text>
                  <Text as="span" fontSize="xs" color="fg.muted" fontWeight="normal">
                    {t(WEBHOOK_EVENT_LABELS[event])}
                  </Text>
                </Checkbox.Label>
              </Checkbox.Root>
            ))}
          </SimpleGrid>
        </Stack>
        {error ? (
          <Text color="fg.error" fontSize="sm" role="alert">
            {error}
          </Text>
        ) : null}
        <Button type="submit" colorPalette="purple" alignSelf="start" loading={loading}>
          {t('Add endpoint')}
        </Button>
      </form>
    </Stack>
  );
}
