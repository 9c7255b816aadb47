import { NotifyTriggerMigration } from './notifyTrigger.ts';

/**
 * Every memory stored or deleted (by the api, the worker's distil job or plain SQL) is announced on
 * `memories_changed` with its user's id after commit, so each api process's outline of that user's
 * memories (chat/core/memory/outlines.ts) is dropped, and a prompt never misses one for long.
 */
export class Migration20261126000000_memories_notify extends NotifyTriggerMigration {
  protected readonly trigger = {
    fn: 'notify_memories_changed',
    channel: 'memories_changed',
    key: 'user_id',
    triggers: [{ name: 'memories_notify_changed', table: 'memories', events: 'insert or update or delete' }],
  };
}
