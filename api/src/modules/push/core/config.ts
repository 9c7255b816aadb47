import { readSettings } from '../../../platform/config.ts';
import { pushSettings } from '../settings.ts';

/** What the push module reads from the settings; `vapid` is null when push is off. */
export interface PushConfig {
  vapid: { publicKey: string; privateKey: string; subject: string } | null;
  /**
   * Plain http and loopback endpoints accepted (outside production only): the tests' fake push
   * service and a developer's. In production an endpoint is https on a public address, checked when
   * saved and again when connecting (platform/outboundUrl.ts).
   */
  allowLocal: boolean;
}

/** Used when VAPID_SUBJECT is unset outside production (production requires one: settings.ts). */
const LOCAL_SUBJECT = 'mailto:push@localhost.invalid';

export function pushConfigOf(config: object): PushConfig {
  const s = readSettings(pushSettings, config);
  const production = (config as { NODE_ENV?: string }).NODE_ENV === 'production';
  return {
    vapid:
      s.VAPID_PUBLIC_KEY && s.VAPID_PRIVATE_KEY
        ? {
            publicKey: s.VAPID_PUBLIC_KEY,
            privateKey: s.VAPID_PRIVATE_KEY,
            subject: s.VAPID_SUBJECT ?? LOCAL_SUBJECT,
          }
        : null,
    allowLocal: !production,
  };
}
