import { Migration } from '@mikro-orm/migrations';

/**
 * A post's video and thumbnail are served to anyone only while the post is public (http/media.ts),
 * which every api process caches per video. Any change to whether a post publishes a video (a
 * post saved, made public or private, moved to another video, deleted) names `<user>/<job>` on
 * `public_media_changed`, so every process drops that answer at once.
 */
export class Migration20261125100000_public_media extends Migration {
  override up(): void {
    this.addSql(`create or replace function notify_public_media_changed() returns trigger as $$
      begin
        if tg_op <> 'INSERT' and old.video_id is not null then
          perform pg_notify('public_media_changed', old.user_id::text || '/' || old.video_id::text);
        end if;
        if tg_op <> 'DELETE' and new.video_id is not null then
          perform pg_notify('public_media_changed', new.user_id::text || '/' || new.video_id::text);
        end if;
        return null;
      end $$ language plpgsql;`);
    this.addSql(`create trigger posts_public_media_changed
      after insert or delete or update of is_public, video_id, user_id on posts
      for each row execute function notify_public_media_changed();`);
  }

  override down(): void {
    this.addSql(`drop trigger if exists posts_public_media_changed on posts;`);
    this.addSql(`drop function if exists notify_public_media_changed();`);
  }
}
