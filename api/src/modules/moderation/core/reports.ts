import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { badInput, conflict, notFound } from '../../../platform/errors.ts';
import { msg, translate } from '../../../platform/i18n.ts';
import { decodeKeyset, encodeKeyset, keysetAt } from '../../../platform/keysetCursor.ts';
import { isUuid, parseInput, zodText } from '../../../platform/validation.ts';
import type { UserRole } from '../../accounts/core/User.ts';
import { notify } from '../../notifications/core/notifications.ts';
import { recordAudit } from './audit.ts';
import {
  type ModerationAction,
  moderationActions,
  type ReportReason,
  type ReportTargetType,
  reportReasons,
  reportTargetTypes,
} from './Report.ts';
import { assertOutranks, type StaffMember } from './roles.ts';

/**
 * Reports and the moderation queue. Anyone signed in reports a post (by id), a person (by username
 * or id) or a direct message of their own conversation (by id), once per target. At
 * REPORTS_AUTO_HIDE_AT open reports from different people the target is hidden until staff review
 * it. Staff see open reports grouped by target and act on the target once (`moderate`): every open
 * report of it is resolved with that outcome, which its reporters read in `myReports`.
 */

export const reportMessages = {
  reason: zodText(msg('Reason must be one of {choices}'), { choices: reportReasons.join(', ') }),
  targetType: zodText(msg('Target type must be one of {choices}'), { choices: reportTargetTypes.join(', ') }),
  duplicate: msg('You already reported this'),
  own: msg("You can't report your own content"),
  notFound: {
    post: msg('Video not found'),
    user: msg('User not found'),
    message: msg('Message not found'),
    comment: msg('Comment not found'),
    assistant: msg('Assistant not found'),
  },
  action: zodText(msg('Action must be one of {choices}'), { choices: moderationActions.join(', ') }),
  deleteUser: msg("An account isn't deleted from the queue: suspend or ban it"),
  reportNotFound: msg('Report not found'),
  noOwner: msg('The account behind this content no longer exists'),
} as const;

/** A reporter's or moderator's note: optional, trimmed, at most 1000 characters, '' read as none. */
const optionalNote = z
  .string()
  .trim()
  .max(1000, msg('Keep the note under 1000 characters'))
  .optional()
  .nullable()
  .transform((v) => v || null);

export const reportInput = z.object({
  targetType: z.enum(reportTargetTypes, { error: reportMessages.targetType }),
  targetId: z
    .string({ error: msg('Say what you are reporting (targetId)') })
    .trim()
    .min(1, msg('Say what you are reporting (targetId)'))
    .max(100),
  reason: z.enum(reportReasons, { error: reportMessages.reason }),
  note: optionalNote,
});

interface Target {
  type: ReportTargetType;
  id: string;
  ownerId: string | null;
}

/** The target as the reporter may see it, or a 404: a private post, someone else's message and an unknown id read alike. */
async function reportableTarget(
  em: EntityManager,
  reporterId: string,
  type: ReportTargetType,
  ref: string,
): Promise<Target> {
  let row: { id: string; owner_id: string | null } | undefined;
  if (type === 'post' && isUuid(ref)) {
    [row] = await em.execute(
      // Public as video/core/posts.ts publiclyVisible() says (not imported: video's core uses this module's
      // checks through safety): a banned owner's post reads as unknown, like a private one.
      `select p.id, p.user_id as owner_id from posts p
        where p.id = ? and ((p.is_public and not exists (select 1 from users o where o.id = p.user_id and o.banned_at is not null))
          or p.user_id = ?)`,
      [ref, reporterId],
    );
  } else if (type === 'user') {
    [row] = await em.execute(
      `select u.id, u.id as owner_id from users u
        where (lower(u.username) = lower(?) ${isUuid(ref) ? 'or u.id = ?' : ''})
          and not exists (select 1 from hidden_content h where h.target_type = 'user' and h.target_id = u.id)
        limit 1`,
      isUuid(ref) ? [ref, ref] : [ref],
    );
  } else if (type === 'message' && isUuid(ref)) {
    [row] = await em.execute(
      `select d.id, d.sender_id as owner_id from direct_messages d join conversations c on c.id = d.conversation_id
        where d.id = ? and (c.user_a_id = ? or c.user_b_id = ?)`,
      [ref, reporterId, reporterId],
    );
  } else if (type === 'comment' && isUuid(ref)) {
    [row] = await em.execute(
      // A comment (comments module's post_comments) on a video the reporter may see, by the same rule as posts above.
      `select c.id, c.user_id as owner_id from post_comments c join posts p on p.id = c.post_id
        where c.id = ? and ((p.is_public and not exists (select 1 from users o where o.id = p.user_id and o.banned_at is not null))
          or p.user_id = ?)`,
      [ref, reporterId],
    );
  } else if (type === 'assistant') {
    const byId = isUuid(ref);
    [row] = await em.execute(
      // A custom assistant (assistants module's custom_assistants, by id or handle) the reporter may use,
      // by assistants/core/assistants.ts USABLE (not imported: that module's core reads this one's tables).
      `select a.id, a.user_id as owner_id from custom_assistants a join users u on u.id = a.user_id
        where ${byId ? 'a.id = ?::uuid' : 'a.handle = lower(?)'}
          and (a.user_id = ?::uuid or (u.banned_at is null
            and not exists (select 1 from hidden_content h where h.target_type = 'assistant' and h.target_id = a.id)
            and ((a.visibility = 'public' and not exists (select 1 from user_blocks b
                   where (b.blocker_id = ?::uuid and b.blocked_id = a.user_id) or (b.blocker_id = a.user_id and b.blocked_id = ?::uuid)))
              or (a.visibility = 'friends' and exists (select 1 from friendships f where f.status = 'accepted'
                   and ((f.user_id = ?::uuid and f.friend_id = a.user_id) or (f.friend_id = ?::uuid and f.user_id = a.user_id)))))))`,
      [ref.replace(/^@/, ''), reporterId, reporterId, reporterId, reporterId, reporterId],
    );
  }
  if (!row) throw notFound(reportMessages.notFound[type]);
  if (row.owner_id === reporterId) throw badInput(reportMessages.own);
  return { type, id: row.id, ownerId: row.owner_id };
}

/** Serialises everything done to one target's reports (reporting, auto-hide, moderating) until commit. */
const lockTarget = (tx: EntityManager, type: string, id: string) =>
  tx.execute('select pg_advisory_xact_lock(hashtext(?))', [`report:${type}:${id}`]);

/**
 * Takes a target out of view (its owner still sees it, marked). A post is also made private, its
 * owner's choice kept for a restore. False when it was hidden already.
 */
async function hideTarget(
  tx: EntityManager,
  type: ReportTargetType,
  id: string,
  reason: string,
  automatic: boolean,
): Promise<boolean> {
  const rows =
    type === 'post'
      ? await tx.execute<{ id: string }[]>(
          `insert into hidden_content (id, target_type, target_id, reason, automatic, was_public)
           select gen_random_uuid(), 'post', p.id, ?, ?, p.is_public from posts p where p.id = ?
           on conflict do nothing returning id`,
          [reason, automatic, id],
        )
      : await tx.execute<{ id: string }[]>(
          `insert into hidden_content (id, target_type, target_id, reason, automatic)
           values (gen_random_uuid(), ?, ?, ?, ?) on conflict do nothing returning id`,
          [type, id, reason, automatic],
        );
  if (!rows.length) {
    // Hidden by the threshold before: a moderator's hide makes it theirs, with their reason.
    if (!automatic)
      await tx.execute(
        'update hidden_content set reason = ?, automatic = false where target_type = ? and target_id = ?',
        [reason, type, id],
      );
    return false;
  }
  if (type === 'post') await tx.execute('update posts set is_public = false where id = ?', [id]);
  return true;
}

/** Puts hidden content back as its owner had it. False when it wasn't hidden. */
async function restoreTarget(
  tx: EntityManager,
  type: ReportTargetType,
  id: string,
  onlyAutomatic = false,
): Promise<boolean> {
  const rows = await tx.execute<{ was_public: boolean | null }[]>(
    `delete from hidden_content where target_type = ? and target_id = ? ${onlyAutomatic ? 'and automatic' : ''}
     returning was_public`,
    [type, id],
  );
  if (!rows.length) return false;
  if (type === 'post' && rows[0]!.was_public)
    await tx.execute('update posts set is_public = true where id = ?', [id]);
  return true;
}

const reasonLabels: Record<ReportReason, string> = {
  spam: 'spam',
  sexual: 'sexual content',
  violence: 'violence',
  hate: 'hate',
  harassment: 'harassment',
  illegal: 'illegal content',
  other: 'other reasons',
};

/**
 * Files one report; at `autoHideAt` open reports of the target (distinct people: one report each)
 * the target is hidden and the automatic decision logged (`report.auto_hide`, no actor). The
 * target's lock makes the count exact under parallel reports: the threshold hides exactly once.
 */
export async function createReport(
  em: EntityManager,
  reporterId: string,
  input: unknown,
  autoHideAt: number,
  /** After the threshold hid a post: RestrictionDeps.publicContentChanged. */
  publicContentChanged: (ownerId: string) => Promise<void>,
): Promise<{ id: string; hidden: boolean }> {
  const data = parseInput(reportInput, input);
  const target = await reportableTarget(em, reporterId, data.targetType, data.targetId);
  const created = await em.transactional(async (tx) => {
    await lockTarget(tx, target.type, target.id);
    const [created] = await tx.execute<{ id: string }[]>(
      `insert into reports (id, reporter_id, target_type, target_id, owner_id, reason, note)
       values (gen_random_uuid(), ?, ?, ?, ?, ?, ?)
       on conflict (reporter_id, target_type, target_id) do nothing returning id`,
      [reporterId, target.type, target.id, target.ownerId, data.reason, data.note],
    );
    if (!created) throw conflict(reportMessages.duplicate);
    const [open] = await tx.execute<{ n: number; reasons: ReportReason[] }[]>(
      `select count(*)::int as n, array_agg(reason order by created_at) as reasons from reports
        where target_type = ? and target_id = ? and status = 'open'`,
      [target.type, target.id],
    );
    let hidden = false;
    if (open && open.n >= autoHideAt) {
      const reason = `Reported by ${open.n} people (${[...new Set(open.reasons.map((r) => reasonLabels[r]))].join(', ')}): hidden until a moderator reviews it`;
      hidden = await hideTarget(tx, target.type, target.id, reason, true);
      if (hidden)
        recordAudit(tx, {
          actor: null,
          action: 'report.auto_hide',
          targetType: target.type,
          targetId: target.id,
          reason,
          details: { reports: open.n, threshold: autoHideAt },
        });
      await tx.flush();
    }
    return { id: created.id, hidden };
  });
  if (created.hidden && target.type === 'post' && target.ownerId) await publicContentChanged(target.ownerId);
  return created;
}

// ---------------------------------------------------------------------------------------------
// The queue

export const reportQueueQuery = z.object({
  status: z.enum(['open', 'resolved'], { error: msg('Status must be open or resolved') }).default('open'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  after: z.string().max(200).optional(),
});

export interface ReportedContent {
  /** False when the content is gone (deleted since). */
  exists: boolean;
  /** The video's title, the person's name. */
  title: string | null;
  /** The video's prompt, the person's bio, the message's text. */
  text: string | null;
  /** The video's poster, the person's avatar. */
  imageUrl: string | null;
  /** Where it lives in the app (a video's public page). */
  url: string | null;
}

export interface ReportGroup {
  /** The target's oldest report in this list: what `moderate` takes. */
  reportId: string;
  targetType: ReportTargetType;
  targetId: string;
  owner: { id: string; username: string } | null;
  reporters: number;
  reasons: { reason: ReportReason; count: number }[];
  notes: string[];
  firstReportedAt: Date;
  lastReportedAt: Date;
  hidden: boolean;
  hiddenReason: string | null;
  /** For resolved reports: the action taken and staff's note. */
  outcome: ModerationAction | null;
  outcomeNote: string | null;
  content: ReportedContent;
}

export interface ReportGroupPage {
  groups: ReportGroup[];
  nextCursor: string | null;
}

interface GroupRow {
  report_id: string;
  target_type: ReportTargetType;
  target_id: string;
  owner_id: string | null;
  owner_name: string | null;
  reporters: number;
  reasons: ReportReason[];
  notes: string[] | null;
  first_at: Date;
  last_at: Date;
  cursor_at: string;
  hidden_reason: string | null;
  outcome: ModerationAction | null;
  outcome_note: string | null;
}

const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/**
 * Reports grouped by target: open ones oldest first (the queue), resolved ones latest first, keyset
 * paged on the group's first report (open) or its resolution (resolved) and the target id.
 */
export async function listReportGroups(em: EntityManager, query: unknown): Promise<ReportGroupPage> {
  const q = parseInput(reportQueueQuery, query ?? {});
  const open = q.status === 'open';
  const sortAt = open ? 'min(r.created_at)' : 'max(r.resolved_at)';
  const position = q.after ? decodeKeyset(q.after, 'after') : null;
  const params: unknown[] = [q.status];
  let having = '';
  if (position) {
    having = `having (${sortAt}, r.target_id) ${open ? '>' : '<'} (?::timestamptz, ?::uuid)`;
    params.push(position.at, position.id);
  }
  params.push(q.limit + 1);
  const rows = await em.execute<GroupRow[]>(
    `select (array_agg(r.id order by r.created_at))[1] as report_id, r.target_type, r.target_id,
            (array_agg(r.owner_id))[1] as owner_id, count(*)::int as reporters,
            array_agg(r.reason order by r.created_at) as reasons,
            array_agg(r.note order by r.created_at) filter (where r.note is not null) as notes,
            min(r.created_at) as first_at, max(r.created_at) as last_at, ${keysetAt(sortAt)} as cursor_at,
            (array_agg(r.outcome order by r.resolved_at desc nulls last))[1] as outcome,
            (array_agg(r.outcome_note order by r.resolved_at desc nulls last))[1] as outcome_note,
            (select h.reason from hidden_content h
              where h.target_type = r.target_type and h.target_id = r.target_id) as hidden_reason,
            (select u.username from users u where u.id = (array_agg(r.owner_id))[1]) as owner_name
       from reports r where r.status = ?
      group by r.target_type, r.target_id ${having}
      order by ${sortAt} ${open ? 'asc' : 'desc'}, r.target_id ${open ? 'asc' : 'desc'} limit ?`,
    params,
  );
  const page = rows.slice(0, q.limit);
  const contents = await contentOf(em, page);
  const last = page.at(-1);
  return {
    groups: page.map((row) => {
      const counts = new Map<ReportReason, number>();
      for (const reason of row.reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
      return {
        reportId: row.report_id,
        targetType: row.target_type,
        targetId: row.target_id,
        owner: row.owner_id && row.owner_name ? { id: row.owner_id, username: row.owner_name } : null,
        reporters: row.reporters,
        reasons: [...counts].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count),
        // The latest 20 (the cost rule counts that many: api/src/graphql/cost.ts).
        notes: (row.notes ?? []).slice(-20),
        firstReportedAt: new Date(row.first_at),
        lastReportedAt: new Date(row.last_at),
        hidden: row.hidden_reason !== null,
        hiddenReason: row.hidden_reason,
        outcome: row.outcome,
        outcomeNote: row.outcome_note,
        content: contents.get(`${row.target_type}:${row.target_id}`) ?? gone,
      };
    }),
    nextCursor:
      rows.length > q.limit && last ? encodeKeyset({ at: last.cursor_at, id: last.target_id }) : null,
  };
}

const gone: ReportedContent = { exists: false, title: null, text: null, imageUrl: null, url: null };

/** What staff look at for each target: one query per kind of target. */
async function contentOf(
  em: EntityManager,
  rows: { target_type: ReportTargetType; target_id: string }[],
): Promise<Map<string, ReportedContent>> {
  const ids = (type: ReportTargetType) => rows.filter((r) => r.target_type === type).map((r) => r.target_id);
  const found = new Map<string, ReportedContent>();
  const posts = ids('post');
  if (posts.length) {
    const list = await em.execute<
      { id: string; title: string; prompt: string; thumbnail_url: string | null; slug: string }[]
    >(
      `select id, title, prompt, thumbnail_url, slug from posts where id in (${placeholders(posts.length)})`,
      posts,
    );
    for (const p of list)
      found.set(`post:${p.id}`, {
        exists: true,
        title: p.title,
        text: p.prompt,
        imageUrl: p.thumbnail_url,
        url: `/videos/${p.slug}`,
      });
  }
  const users = ids('user');
  if (users.length) {
    const list = await em.execute<
      {
        id: string;
        username: string;
        display_name: string | null;
        bio: string | null;
        avatar: string | null;
      }[]
    >(
      `select id, username, display_name, bio, avatar from users where id in (${placeholders(users.length)})`,
      users,
    );
    for (const u of list)
      found.set(`user:${u.id}`, {
        exists: true,
        title: u.display_name ? `${u.display_name} (@${u.username})` : `@${u.username}`,
        text: u.bio,
        imageUrl: u.avatar,
        url: null,
      });
  }
  const messages = ids('message');
  if (messages.length) {
    const list = await em.execute<{ id: string; content: string }[]>(
      `select id, content from direct_messages where id in (${placeholders(messages.length)})`,
      messages,
    );
    for (const m of list)
      found.set(`message:${m.id}`, { exists: true, title: null, text: m.content, imageUrl: null, url: null });
  }
  const comments = ids('comment');
  if (comments.length) {
    const list = await em.execute<{ id: string; body: string; title: string; slug: string }[]>(
      `select c.id, c.body, p.title, p.slug from post_comments c join posts p on p.id = c.post_id
        where c.id in (${placeholders(comments.length)})`,
      comments,
    );
    for (const c of list)
      found.set(`comment:${c.id}`, {
        exists: true,
        title: `Comment on “${c.title}”`,
        text: c.body,
        imageUrl: null,
        url: `/videos/${c.slug}`,
      });
  }
  const customAssistants = ids('assistant');
  if (customAssistants.length) {
    const list = await em.execute<{ id: string; name: string; handle: string; description: string }[]>(
      `select id, name, handle, description from custom_assistants where id in (${placeholders(customAssistants.length)})`,
      customAssistants,
    );
    for (const a of list)
      found.set(`assistant:${a.id}`, {
        exists: true,
        title: `Assistant “${a.name}” (@${a.handle})`,
        text: a.description || null,
        imageUrl: null,
        url: null,
      });
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// Acting on a target

export const moderateInput = z.object({
  reportId: z.string().refine(isUuid, reportMessages.reportNotFound),
  action: z.enum(moderationActions, { error: reportMessages.action }),
  note: optionalNote,
  /** How long a suspension lasts (72 hours when not said). */
  hours: z.coerce.number().int().min(1).max(8760).optional().nullable(),
});

/** What `moderate` needs beyond the database: deleting a post's media, e-mail, and the account restrictions. */
export interface ModerateDeps {
  /** Deletes a post with its media (video/core/posts.ts deletePost, as its owner would). */
  deletePost(ownerId: string, postId: string): Promise<void>;
  /** E-mails the owner a warning (warningEmail, through the outbox, in the transaction). */
  warn(tx: EntityManager, ownerId: string, type: ReportTargetType, note: string | null): Promise<void>;
  /** The ban and suspension of moderation/core/restrictions.ts (they record `user.ban`/`user.suspend`). */
  restrict(kind: 'ban' | 'suspend', ownerId: string, reason: string, hours: number): Promise<void>;
  /** After a post of theirs was hidden or shown again: RestrictionDeps.publicContentChanged. */
  publicContentChanged(ownerId: string): Promise<void>;
  /** ADMIN_USERNAMES: whose content counts as an admin's. */
  adminUsernames: readonly string[];
}

export interface ModerationResult {
  action: ModerationAction;
  targetType: ReportTargetType;
  targetId: string;
  /** How many open reports this resolved. */
  resolved: number;
}

const targetNames: Record<ReportTargetType, string> = {
  post: 'video',
  user: 'profile',
  message: 'message',
  comment: 'comment',
  assistant: 'assistant',
};

/** What was reported, one sentence per kind of target (each language words its own grammar). */
const REPORTED: Record<ReportTargetType, string> = {
  post: msg(
    'People reported your video on Chorus, and a moderator reviewed it. This is a warning: please keep to the community rules.',
  ),
  user: msg(
    'People reported your profile on Chorus, and a moderator reviewed it. This is a warning: please keep to the community rules.',
  ),
  message: msg(
    'People reported your message on Chorus, and a moderator reviewed it. This is a warning: please keep to the community rules.',
  ),
  comment: msg(
    'People reported your comment on Chorus, and a moderator reviewed it. This is a warning: please keep to the community rules.',
  ),
  assistant: msg(
    'People reported your assistant on Chorus, and a moderator reviewed it. This is a warning: please keep to the community rules.',
  ),
};

/**
 * The warning mail, in its recipient's language (the account's setting, as the account mails:
 * accounts/core/accountMail.ts mailLanguageOf).
 */
export function warningEmail(
  language: string,
  username: string,
  type: ReportTargetType,
  note: string | null,
) {
  const values = { name: username, reported: translate(language, REPORTED[type]), note };
  return {
    subject: translate(language, msg('A warning about your content on Chorus')),
    text: note
      ? translate(
          language,
          msg(
            "Hi {name},\n\n{reported}\n\nThe moderator's note: {note}\n\nRepeated problems can lead to a suspension or a ban of your account.\n",
          ),
          values,
        )
      : translate(
          language,
          msg(
            'Hi {name},\n\n{reported}\n\nRepeated problems can lead to a suspension or a ban of your account.\n',
          ),
          values,
        ),
  };
}

/**
 * One staff decision on a report's target: hide, restore (unhide), delete, dismiss (the reports were
 * unfounded: an automatic hide is undone), warn (the owner is e-mailed), suspend or ban (the owner's
 * account, through restrictions.ts). Resolves every open report of the target with that outcome and
 * logs `report.<action>`, in one transaction under the target's lock.
 */
export async function moderate(
  em: EntityManager,
  deps: ModerateDeps,
  actor: StaffMember,
  input: unknown,
): Promise<ModerationResult> {
  const data = parseInput(moderateInput, input);
  const [report] = await em.execute<
    { target_type: ReportTargetType; target_id: string; owner_id: string | null }[]
  >('select target_type, target_id, owner_id from reports where id = ?', [data.reportId]);
  if (!report) throw notFound(reportMessages.reportNotFound);
  const type = report.target_type;
  const id = report.target_id;
  const ownerId = report.owner_id;
  const needsOwner = data.action === 'warn' || data.action === 'suspend' || data.action === 'ban';
  if (needsOwner && !ownerId) throw badInput(reportMessages.noOwner);
  if (data.action === 'delete' && type === 'user') throw badInput(reportMessages.deleteUser);
  // Any action on staff's content (or on reports of one's own) is for someone of a higher role.
  if (ownerId) {
    const [owner] = await em.execute<{ username: string; role: UserRole }[]>(
      'select username, role from users where id = ?',
      [ownerId],
    );
    if (owner) assertOutranks(actor, owner, deps.adminUsernames);
  }

  // Done before the reports are resolved, each in its own transaction: a refused ban (staff of the
  // same rank) or a post already gone leaves the reports open.
  if (data.action === 'ban' || data.action === 'suspend') {
    const reason = data.note ?? `After reports of their ${targetNames[type]}`;
    await deps.restrict(data.action, ownerId!, reason, data.hours ?? 72);
  }
  if (data.action === 'delete' && type === 'post' && ownerId) await deps.deletePost(ownerId, id);

  const result = await em.transactional(async (tx) => {
    await lockTarget(tx, type, id);
    const details: Record<string, unknown> = {};
    if (data.action === 'hide') {
      const reason = data.note ?? 'It breaks the community rules';
      details.hidden = await hideTarget(tx, type, id, reason, false);
    } else if (data.action === 'restore') {
      details.restored = await restoreTarget(tx, type, id);
    } else if (data.action === 'dismiss') {
      // Unfounded reports: what the threshold hid comes back (a moderator's own hide stays).
      details.restored = await restoreTarget(tx, type, id, true);
    } else if (data.action === 'delete') {
      if (type === 'message') await tx.execute('delete from direct_messages where id = ?', [id]);
      // A comment's replies go with it (comments/core/comments.ts deleteComment does the same).
      if (type === 'comment') await tx.execute('delete from post_comments where id = ?', [id]);
      // Answers and chats that used it fall back to the model behind it (the migration's `set null`).
      if (type === 'assistant') await tx.execute('delete from custom_assistants where id = ?', [id]);
      await tx.execute('delete from hidden_content where target_type = ? and target_id = ?', [type, id]);
    } else if (data.action === 'warn') {
      await deps.warn(tx, ownerId!, type, data.note);
    } else if (data.action === 'suspend') {
      details.hours = data.hours ?? 72;
    }
    const resolved = await tx.execute<{ id: string; reason: ReportReason; reporter_id: string }[]>(
      `update reports set status = 'resolved', outcome = ?, outcome_note = ?, resolved_at = now(), resolved_by_id = ?
        where target_type = ? and target_id = ? and status = 'open' returning id, reason, reporter_id`,
      [data.action, data.note, actor.id, type, id],
    );
    // Each reporter is told the outcome (their Safety page has the whole list).
    for (const r of resolved)
      await notify(tx, {
        userId: r.reporter_id,
        kind: 'report_outcome',
        targetType: 'report',
        targetId: r.id,
        data: { outcome: data.action, reported: type },
      });
    recordAudit(tx, {
      actor,
      action: `report.${data.action}`,
      targetType: type,
      targetId: id,
      reason: data.note,
      details: {
        ...details,
        reportId: data.reportId,
        reports: resolved.length,
        reasons: [...new Set(resolved.map((r) => r.reason))],
        ...(ownerId ? { ownerId } : {}),
      },
    });
    await tx.flush();
    const result = { action: data.action, targetType: type, targetId: id, resolved: resolved.length };
    return { result, shownOrHidden: Boolean(details.hidden || details.restored) };
  });
  // The posts trigger tells every process too, after a NOTIFY's round trip; this is at once.
  if (result.shownOrHidden && type === 'post' && ownerId) await deps.publicContentChanged(ownerId);
  return result.result;
}

// ---------------------------------------------------------------------------------------------
// What a reporter sees of their reports

export interface MyReport {
  id: string;
  targetType: ReportTargetType;
  targetId: string;
  /** What was reported, as the reporter knew it (a video's title, a username, a message's start). */
  targetLabel: string | null;
  reason: ReportReason;
  note: string | null;
  status: 'open' | 'resolved';
  /** The action staff took; the reporter is told of it here. */
  outcome: ModerationAction | null;
  createdAt: Date;
  resolvedAt: Date | null;
}

/** The user's reports, latest first (at most `limit`, 1–100). */
export async function myReports(em: EntityManager, userId: string, limit = 50): Promise<MyReport[]> {
  const n = Math.min(Math.max(Math.trunc(limit) || 50, 1), 100);
  const rows = await em.execute<MyReport[]>(
    `select r.id, r.target_type as "targetType", r.target_id as "targetId", r.reason, r.note, r.status,
            r.outcome, r.created_at as "createdAt", r.resolved_at as "resolvedAt",
            case r.target_type
              when 'post' then (select p.title from posts p where p.id = r.target_id)
              when 'user' then (select '@' || u.username from users u where u.id = r.target_id)
              when 'comment' then (select left(c.body, 80) from post_comments c where c.id = r.target_id)
              when 'assistant' then (select '@' || a.handle from custom_assistants a where a.id = r.target_id)
              else (select left(d.content, 80) from direct_messages d where d.id = r.target_id)
            end as "targetLabel"
       from reports r where r.reporter_id = ? order by r.created_at desc, r.id desc limit ?`,
    [userId, n],
  );
  // Raw rows carry PostgreSQL's timestamp text: Dates answer ISO 8601 over REST too.
  return rows.map((r) => ({
    ...r,
    createdAt: new Date(r.createdAt),
    resolvedAt: r.resolvedAt ? new Date(r.resolvedAt) : null,
  }));
}

/**
 * Why a profile is out of others' view (its display name and picture: accounts/core/shownProfile.ts),
 * for its owner; null when it is shown.
 */
export async function profileHiddenReason(em: EntityManager, userId: string): Promise<string | null> {
  const [row] = await em.execute<{ reason: string }[]>(
    `select reason from hidden_content where target_type = 'user' and target_id = ?`,
    [userId],
  );
  return row?.reason ?? null;
}
