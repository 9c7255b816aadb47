import { NotifyTriggerMigration } from './notifyTrigger.ts';

/**
 * A change to someone's authenticator app or passkeys is announced on `user_changed` too (with
 * their user id), so the api processes' cached "second factor on?" (CurrentUsers, read by every
 * /api/auth/status) drops with it.
 */
export class Migration20261125190000_second_factor_notify extends NotifyTriggerMigration {
  protected readonly trigger = {
    fn: 'notify_user_second_factor_changed',
    channel: 'user_changed',
    key: 'user_id',
    triggers: ['user_totp', 'passkeys'].map((table) => ({
      name: `${table}_notify_user_changed`,
      table,
      events: 'insert or update or delete',
    })),
  };
}
