import { Migration } from '@mikro-orm/migrations';
import { type NotifyTrigger, notifyTriggerDown, notifyTriggerUp } from './notifyTrigger.ts';

/**
 * Every change to a user row (from any process, the ORM or plain SQL) is announced on the
 * `user_changed` channel after commit, so the api processes' in-memory user caches drop it.
 */
const TRIGGER: NotifyTrigger = {
  fn: 'notify_user_changed',
  channel: 'user_changed',
  key: 'id',
  triggers: [{ name: 'users_notify_changed', table: 'users', events: 'update or delete' }],
};

export class Migration20261122030000_user_change_notify extends Migration {
  override up(): void {
    for (const sql of notifyTriggerUp(TRIGGER)) this.addSql(sql);
  }

  override down(): void {
    for (const sql of notifyTriggerDown(TRIGGER)) this.addSql(sql);
  }
}
