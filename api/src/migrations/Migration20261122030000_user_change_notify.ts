import { NotifyTriggerMigration } from './notifyTrigger.ts';

/**
 * Every change to a user row (from any process, the ORM or plain SQL) is announced on the
 * `user_changed` channel after commit, so the api processes' in-memory user caches drop it.
 */
export class Migration20261122030000_user_change_notify extends NotifyTriggerMigration {
  protected readonly trigger = {
    fn: 'notify_user_changed',
    channel: 'user_changed',
    key: 'id',
    triggers: [{ name: 'users_notify_changed', table: 'users', events: 'update or delete' }],
  };
}
