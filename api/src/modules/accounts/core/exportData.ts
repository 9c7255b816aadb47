import path from 'node:path';
import { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import yazl from 'yazl';
import { notFound } from '../../../platform/errors.ts';
import { msg, translate } from '../../../platform/i18n.ts';
import { logger } from '../../../platform/logger.ts';
import type { DeliveryConfig } from '../../../platform/mail.ts';
import type { Storage } from '../../../platform/storage.ts';
import { isUuid } from '../../../platform/validation.ts';
import { addJob } from '../../jobs/addJob.ts';
import { mailLanguageOf, queueAccountEmail } from './accountMail.ts';

/**
 * "Export my data" (issue 17, item 7): a zip of everything the user owns, built by a worker job
 * (`export_account`) that reports its progress on the row, kept in storage under a private key
 * (exports/{user}/{id}.zip), downloadable by its owner only, and announced by e-mail.
 */
export interface ExportView {
  id: string;
  status: 'queued' | 'running' | 'ready' | 'failed';
  progress: number;
  createdAt: Date;
  downloadUrl?: string;
}

interface ExportRow {
  id: string;
  user_id: string;
  status: ExportView['status'];
  progress: number;
  storage_key: string | null;
  created_at: Date;
}

export const exportDownloadPath = (id: string) => `/api/account/export/${id}/download`;

const toView = (r: ExportRow): ExportView => ({
  id: r.id,
  status: r.status,
  progress: r.progress,
  // Raw rows carry timestamptz as PostgreSQL's text; every API date is ISO 8601.
  createdAt: new Date(r.created_at),
  ...(r.status === 'ready' ? { downloadUrl: exportDownloadPath(r.id) } : {}),
});

/** Starts an export, or answers the one already under way (one at a time per user). */
export async function requestExport(
  em: EntityManager,
  userId: string,
  publicUrl: string,
): Promise<ExportView> {
  return em.transactional(async (tem) => {
    await tem.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`export:${userId}`]);
    const [running] = await tem.execute<ExportRow[]>(
      `select * from account_exports where user_id = ? and status in ('queued', 'running') order by created_at desc limit 1`,
      [userId],
    );
    if (running) return toView(running);
    const [row] = await tem.execute<ExportRow[]>(
      `insert into account_exports (id, user_id) values (gen_random_uuid(), ?) returning *`,
      [userId],
    );
    await addJob(
      tem,
      'export_account',
      { exportId: row!.id, publicUrl },
      { jobKey: `export:${row!.id}`, maxAttempts: 3 },
    );
    return toView(row!);
  });
}

async function ownRow(em: EntityManager, userId: string, id: string): Promise<ExportRow> {
  const [row] = isUuid(id)
    ? await em.execute<ExportRow[]>('select * from account_exports where id = ? and user_id = ?', [
        id,
        userId,
      ])
    : [];
  if (!row) throw notFound(msg('Export not found'));
  return row;
}

export async function getExport(em: EntityManager, userId: string, id: string): Promise<ExportView> {
  return toView(await ownRow(em, userId, id));
}

/** The finished zip's storage key, to its owner only. */
export async function exportFileOf(
  em: EntityManager,
  userId: string,
  id: string,
): Promise<{ key: string; filename: string }> {
  const row = await ownRow(em, userId, id);
  if (row.status !== 'ready' || !row.storage_key) throw notFound(msg('This export is not ready yet'));
  return {
    key: row.storage_key,
    filename: `chorus-export-${new Date(row.created_at).toISOString().slice(0, 10)}.zip`,
  };
}

/** Everything but files, one JSON document per part. No secrets: no password hash, no tokens. */
const SECTIONS: { file: string; sql: string }[] = [
  {
    file: 'profile.json',
    sql: `select id, username, email, display_name, avatar, bio, points, settings, created_at, last_active,
                 email_verified_at, password_changed_at
            from users where id = ?`,
  },
  {
    file: 'chats.json',
    sql: `select c.id, c.title, c.active_model, c.created_at, c.updated_at,
                 coalesce((select json_agg(json_build_object('role', m.role, 'model', m.model, 'content', m.content,
                                                            'createdAt', m.created_at) order by m.created_at)
                             from messages m where m.chat_id = c.id), '[]'::json) as messages
            from chats c where c.user_id = ? order by c.created_at`,
  },
  {
    file: 'memories.json',
    sql: 'select id, content, created_at from memories where user_id = ? order by created_at',
  },
  {
    file: 'posts.json',
    sql: `select id, slug, title, description, prompt, tags, duration, size, is_public, likes, views, video_id,
                 created_at, updated_at
            from posts where user_id = ? order by created_at`,
  },
  {
    file: 'videos.json',
    sql: `select id, prompt, duration, size, status, provider, video_key, thumbnail_key, created_at
            from video_jobs where user_id = ? order by created_at`,
  },
  {
    file: 'files.json',
    sql: 'select id, name, content_type, size, purpose, storage_key, created_at from files where user_id = ? order by created_at',
  },
  {
    file: 'direct-messages.json',
    sql: `select d.id, d.conversation_id, o.username as "to", d.content, d.created_at, d.read_at
            from direct_messages d join conversations c on c.id = d.conversation_id
            left join users o on o.id = case when c.user_a_id = d.sender_id then c.user_b_id else c.user_a_id end
           where d.sender_id = ? order by d.created_at`,
  },
  {
    file: 'invitations.json',
    sql: `select id, invite_type, invite_value, status, message, created_at, expires_at, accepted_at
            from invitations where user_id = ? order by created_at`,
  },
  {
    file: 'friends.json',
    sql: `select u.username, f.status, f.created_at from friendships f
            join users u on u.id = case when f.user_id = ? then f.friend_id else f.user_id end
           where ? in (f.user_id, f.friend_id) order by f.created_at`,
  },
  {
    file: 'subscription.json',
    sql: `select plan_type, status, current_period_start, current_period_end, created_at from subscriptions where user_id = ?`,
  },
  {
    file: 'payments.json',
    sql: `select * from payment_history where user_id = ? order by 1`,
  },
  // The community: comments written, videos liked, people followed.
  {
    file: 'comments.json',
    sql: `select c.id, p.slug as video, c.parent_id, c.body, c.created_at, c.edited_at
            from post_comments c join posts p on p.id = c.post_id where c.user_id = ? order by c.created_at`,
  },
  {
    file: 'likes.json',
    sql: `select p.slug as video, l.created_at from post_likes l join posts p on p.id = l.post_id
           where l.user_id = ? order by l.created_at`,
  },
  {
    file: 'following.json',
    sql: `select u.username, f.created_at from user_follows f join users u on u.id = f.followed_id
           where f.follower_id = ? order by f.created_at`,
  },
  {
    file: 'prompts.json',
    sql: 'select id, title, body, shared, created_at, updated_at from saved_prompts where user_id = ? order by created_at',
  },
  // One's custom assistants (assistants module), their knowledge files by id (the files are in media/).
  {
    file: 'assistants.json',
    sql: `select id, name, handle, color, description, instructions, model, visibility, starters, file_ids,
                 tool_server_ids, copied_from, uses, created_at, updated_at
            from custom_assistants where user_id = ? order by created_at`,
  },
  // What connects to the account, without its secrets (no token hash, no webhook secret).
  {
    file: 'api-tokens.json',
    sql: `select id, name, prefix, scopes, created_at, expires_at, last_used_at, revoked_at
            from api_tokens where user_id = ? order by created_at`,
  },
  {
    file: 'webhooks.json',
    sql: `select id, url, description, events, created_at from webhook_endpoints where user_id = ? order by created_at`,
  },
  // MCP servers (tools module): whether one has a token or an OAuth sign-in, never either itself.
  {
    file: 'mcp-servers.json',
    sql: `select id, name, url, trusted_tools, token is not null as has_token, oauth is not null as signed_in,
                 created_at
            from mcp_servers where user_id = ? order by created_at`,
  },
  // Push subscriptions (push module): which push service and when, never the endpoint (whoever has
  // it and the keys can send to that browser) nor the keys. (No `?` in this SQL: the ORM reads it
  // as a parameter.)
  {
    file: 'push-subscriptions.json',
    sql: `select split_part(endpoint, '/', 1) || '//' || split_part(endpoint, '/', 3) as push_service,
                 created_at, updated_at
            from push_subscriptions where user_id = ? order by created_at`,
  },
];

export interface ExportDeps {
  storage: Storage;
  delivery: DeliveryConfig;
}

async function setProgress(
  em: EntityManager,
  id: string,
  progress: number,
  status = 'running',
): Promise<void> {
  // Never over a finished export: a media file's progress is written when its stream ends, unawaited,
  // and can land after the zip is stored and the export marked ready, which left it "running" for good.
  await em.execute(
    `update account_exports set status = ?, progress = ? where id = ? and status not in ('ready', 'failed')`,
    [status, progress, id],
  );
}

/** The worker's half: builds the zip, stores it, marks the export ready and e-mails its owner. */
export async function runExport(
  em: EntityManager,
  deps: ExportDeps,
  exportId: string,
  publicUrl: string,
): Promise<void> {
  const [row] = await em.execute<ExportRow[]>('select * from account_exports where id = ?', [exportId]);
  if (!row || row.status === 'ready') return;
  const userId = row.user_id;
  await setProgress(em, exportId, 1);
  const zip = new yazl.ZipFile();
  let done = 0;
  for (const section of SECTIONS) {
    const params = (section.sql.match(/\?/g) ?? []).map(() => userId);
    const rows = await em.execute<Record<string, unknown>[]>(section.sql, params).catch((err) => {
      logger.warn({ err, file: section.file }, 'export section failed');
      throw err;
    });
    const value =
      section.file === 'profile.json' || section.file === 'subscription.json' ? (rows[0] ?? null) : rows;
    zip.addBuffer(Buffer.from(JSON.stringify(value, null, 2)), section.file);
    done++;
    await setProgress(em, exportId, Math.round((done / SECTIONS.length) * 40));
  }
  // The stored media: every file the user owns, by its purpose.
  const files = await em.execute<{ storage_key: string; purpose: string; name: string }[]>(
    'select storage_key, purpose, name from files where user_id = ? order by created_at',
    [userId],
  );
  const used = new Set<string>();
  let added = 0;
  for (const f of files) {
    let name = `media/${f.purpose}/${path.basename(f.name || f.storage_key).replace(/[^\w.-]+/g, '_')}`;
    while (used.has(name)) name = name.replace(/(\.[^.]*)?$/, (ext) => `-${used.size}${ext}`);
    used.add(name);
    zip.addReadStreamLazy(name, (cb) => {
      const stream = deps.storage.stream(f.storage_key);
      stream.on('end', () => {
        added++;
        void setProgress(em.fork(), exportId, 40 + Math.round((added / files.length) * 55)).catch(() => {});
      });
      cb(null, stream);
    });
  }
  zip.end();
  const key = `exports/${userId}/${exportId}.zip`;
  await deps.storage.write(key, Readable.from(zip.outputStream as AsyncIterable<Buffer>));
  const size = await deps.storage.sizeOf(key);
  await em.transactional(async (tem) => {
    await tem.execute(
      `update account_exports set status = 'ready', progress = 100, storage_key = ?, size_bytes = ?, finished_at = now() where id = ?`,
      [key, size, exportId],
    );
    const [user] = await tem.execute<{ email: string; username: string; display_name: string | null }[]>(
      'select email, username, display_name from users where id = ?',
      [userId],
    );
    if (user) {
      // In the account's language, as the other account mails (accountMail.ts).
      const language = await mailLanguageOf(tem, userId);
      await queueAccountEmail(tem, { config: { ...deps.delivery, publicUrl } }, userId, user.email, {
        subject: translate(language, msg('Your Chorus data export is ready')),
        text: translate(
          language,
          msg(
            'Hi {name},\n\nThe export of your Chorus data you asked for is ready. Sign in and download it from your profile (Account Security > Export my data):\n\n{link}\n\nIt stays available until you delete it or your account.\n',
          ),
          { name: user.display_name || user.username, link: `${publicUrl}/profile` },
        ),
      });
    }
  });
}

/** After the last attempt failed, the user sees it failed rather than waiting forever. */
export async function failExport(em: EntityManager, exportId: string, error: string): Promise<void> {
  await em.execute(
    `update account_exports set status = 'failed', error = ?, finished_at = now() where id = ?`,
    [error.slice(0, 1000), exportId],
  );
}
