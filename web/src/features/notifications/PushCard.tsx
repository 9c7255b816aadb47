import { Card, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api';
import { t, useT } from '../../lib/i18n';
import { failureMessage } from '../../lib/mutationToast';
import { SettingSwitch } from '../accounts/components/SettingSwitch';
import { useAuth } from '../accounts/session/AuthContext';
import { pushPublicKey, readPushState, turnPushOff, turnPushOn } from './pushDevice';
import { type PushState, pushStateText } from './pushRules';

const errorText = (error: unknown) =>
  error instanceof Error && !(error instanceof ApiError)
    ? error.message || t('Please try again.')
    : failureMessage(error, t('Please try again.'));

/**
 * Settings → Notifications: "Push notifications on this device" (pushDevice.ts). Saved at once, for
 * this browser only: a direct message, a friend request or a finished video then arrives as a system
 * notification when no Chorus tab is open (api/src/modules/push). Shows why it can't be on where it
 * can't (no keys on the server, no Push API here, notifications blocked).
 */
export function PushCard({ allowNotifications }: { allowNotifications: boolean }) {
  const t = useT();
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const [state, setState] = useState<PushState>('loading');
  const [publicKey, setPublicKey] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!userId) return;
    let live = true;
    void (async () => {
      try {
        const key = await pushPublicKey();
        const now = await readPushState(key, userId);
        if (!live) return;
        setPublicKey(key);
        setState(now);
      } catch (e) {
        if (!live) return;
        setState('off');
        setError(errorText(e));
      }
    })();
    return () => {
      live = false;
    };
  }, [userId]);

  const toggle = async (on: boolean) => {
    if (!publicKey || !userId) return;
    setBusy(true);
    setError(null);
    try {
      setState(on ? await turnPushOn(publicKey, userId) : await turnPushOff());
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const fixed =
    state === 'loading' || state === 'unavailable' || state === 'unsupported' || state === 'blocked';
  return (
    <Card.Root variant="outline" mt="4">
      <Card.Body>
        <SettingSwitch
          label={t('Push notifications on this device')}
          description={t(
            'Messages, friend requests and finished videos reach this device even when Chorus is closed. Saved at once.',
          )}
          checked={state === 'on'}
          disabled={busy || fixed}
          onChange={(checked) => void toggle(checked)}
        />
        <Text
          fontSize="sm"
          role="status"
          color={state === 'blocked' ? { base: 'red.700', _dark: 'red.300' } : 'fg.muted'}
        >
          {busy ? t('Working…') : pushStateText(state, allowNotifications, t)}
        </Text>
        {error ? (
          <Text fontSize="sm" mt="2" role="alert" color={{ base: 'red.700', _dark: 'red.300' }}>
            {t('Push notifications could not be changed: {error}', { error })}
          </Text>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
