import { Migration } from '@mikro-orm/migrations';

/**
 * Community search is a substring match (`ilike '%words%'`) over title, prompt and description of
 * public posts. Trigram indexes let PostgreSQL answer it from the index instead of reading every
 * public post. pg_trgm is a trusted extension (PostgreSQL 13+): a database owner may create it.
 */
export class Migration20261123200000_post_search extends Migration {
  override up(): void {
    this.addSql(`create extension if not exists pg_trgm;`);
    for (const column of ['title', 'prompt', 'description']) {
      this.addSql(
        `create index "posts_public_${column}_trgm_idx" on "posts" using gin ("${column}" gin_trgm_ops) where "is_public";`,
      );
    }
  }

  override down(): void {
    for (const column of ['title', 'prompt', 'description']) {
      this.addSql(`drop index if exists "posts_public_${column}_trgm_idx";`);
    }
  }
}
