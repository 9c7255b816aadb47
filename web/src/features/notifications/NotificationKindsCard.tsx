import { useMutation, useQuery } from '@apollo/client/react';
import { Card, Checkbox, SimpleGrid, Text } from '@chakra-ui/react';
import { LoadFailed } from '../../components/LoadFailed';
import { PageSpinner } from '../../components/PageSpinner';
import { t as translate, useT } from '../../lib/i18n';
import { notifyFailure } from '../../lib/mutationToast';
import { NotificationSettingsQuery, SetMutedNotificationsMutation } from './graphql';
import { kindLabel } from './notificationText';

/**
 * Settings → Notifications: each kind of notification on or off. A muted kind is not written at all
 * (api notifications/core/mutes.ts), so it stays off the bell, browser alerts and sounds alike. Each
 * box saves at once (the whole muted list, so a repeat lands the same); a failure puts the box back.
 */
export function NotificationKindsCard() {
  const t = useT();
  const { data, error, loading, refetch } = useQuery(NotificationSettingsQuery);
  const [setMuted] = useMutation(SetMutedNotificationsMutation);
  const settings = data?.notificationSettings;

  const toggle = async (kind: string, on: boolean) => {
    if (!settings) return;
    const muted = on ? settings.muted.filter((k) => k !== kind) : [...settings.muted, kind];
    try {
      await setMuted({
        variables: { muted },
        optimisticResponse: {
          setMutedNotifications: { kinds: settings.kinds, muted },
        },
        update: (cache, { data: saved }) => {
          if (saved)
            cache.writeQuery({
              query: NotificationSettingsQuery,
              data: { notificationSettings: saved.setMutedNotifications },
            });
        },
      });
    } catch (e) {
      notifyFailure(translate('Notification choice not saved'), e);
    }
  };

  return (
    <Card.Root variant="outline" mt="4">
      <Card.Header>
        <Card.Title as="h2">{t('Notify me about')}</Card.Title>
        <Text fontSize="sm" color="fg.muted">
          {t(
            "Turn off what you don't want to hear about: it won't reach your bell, alerts or sounds. Saved as you click.",
          )}
        </Text>
      </Card.Header>
      <Card.Body>
        {settings ? (
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3" role="group" aria-label={t('Notify me about')}>
            {settings.kinds.map((kind) => (
              <Checkbox.Root
                key={kind}
                checked={!settings.muted.includes(kind)}
                onCheckedChange={(details) => void toggle(kind, details.checked === true)}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{kindLabel(kind, t)}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </SimpleGrid>
        ) : error && !loading ? (
          <LoadFailed title={t('Failed to load your notification choices')} onRetry={() => void refetch()} />
        ) : (
          <PageSpinner label={t('Loading...')} />
        )}
      </Card.Body>
    </Card.Root>
  );
}
