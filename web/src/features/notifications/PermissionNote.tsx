import { Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useT } from '../../lib/i18n';
import { askNotificationPermission, notificationsSupported } from './desktopAlert';

type Permission = NotificationPermission | 'unsupported';

const current = (): Permission => (notificationsSupported() ? Notification.permission : 'unsupported');

/**
 * Under "Allow Notifications" in Settings: what the browser lets Chorus do, asked when the switch is
 * turned on (`ask`, from the click) and never before.
 */
export function usePermissionRequest() {
  const [permission, setPermission] = useState<Permission>(current);
  useEffect(() => setPermission(current()), []);
  const ask = async () => setPermission(await askNotificationPermission());
  return { permission, ask };
}

export function PermissionNote({ wanted, permission }: { wanted: boolean; permission: Permission }) {
  const t = useT();
  if (!wanted) return null;
  const text =
    permission === 'unsupported'
      ? t("This browser can't show notifications: you'll see what's new when you open Chorus.")
      : permission === 'denied'
        ? t(
            'Your browser blocks notifications from Chorus. Allow them in its site settings (the icon beside the address) to get them.',
          )
        : permission === 'granted'
          ? t('Notifications appear while Chorus is in a background tab.')
          : t('Your browser will ask whether Chorus may show notifications.');
  // fg.error is under 4.5:1 on a card at this size (axe): a darker red, a lighter one in dark mode.
  return (
    <Text
      fontSize="sm"
      color={permission === 'denied' ? { base: 'red.700', _dark: 'red.300' } : 'fg.muted'}
      role="status"
    >
      {text}
    </Text>
  );
}
