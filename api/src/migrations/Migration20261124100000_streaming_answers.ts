import { Migration } from '@mikro-orm/migrations';

/**
 * Answers being written are found by their last heartbeat (updated_at) to end those whose writer
 * is gone, every minute. Only a handful of rows are `streaming` at any time, so a partial index
 * keeps that sweep from reading the whole messages table.
 */
export class Migration20261124100000_streaming_answers extends Migration {
  override up(): void {
    this.addSql(
      `create index "messages_streaming_updated_idx" on "messages" ("updated_at") where "status" = 'streaming';`,
    );
  }

  override down(): void {
    this.addSql(`drop index if exists "messages_streaming_updated_idx";`);
  }
}
