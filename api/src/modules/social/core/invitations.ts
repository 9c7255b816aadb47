import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { lockUntilCommit } from '../../../platform/db.ts';
import { conflict, notFound, textError } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { logger } from '../../../platform/logger.ts';
import { type DeliveryConfig, emailTransportOf, smsTransportOf } from '../../../platform/mail.ts';
import { parseInput } from '../../../platform/validation.ts';
import type { UserRegistered } from '../../accounts/core/events.ts';
import { requireVerifiedEmail } from '../../accounts/core/security.ts';
import { shownAvatar, shownDisplayName } from '../../accounts/core/shownProfile.ts';
import { notify } from '../../notifications/core/notifications.ts';
import {
  type OutboxChannel,
  type OutboxTransport,
  outboxPreviewPath,
  queueOutboxMessage,
} from '../../outbox/core/outbox.ts';
import { notifyUser } from './events.ts';
import { befriend } from './friends.ts';
import { invitationEmail, invitationSms } from './invitationTexts.ts';
import { REFERRAL_POINTS, type ReferralSummary, rewardsFor } from './referrals.ts';
import { emailInvitationInput, generateInvitationInput, smsInvitationInput } from './schemas.ts';

/**
 * Invitations and referrals: share links, email and SMS invitations (written to the outbox, whose
 * worker job delivers them: outbox.ts), the invite page's preview, and redeeming a token at registration.
 */

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 14;

/** Spec §3: the client's view of an invitation. */
export interface InvitationView {
  id: string;
  type: 'email' | 'sms' | 'contact' | 'app';
  email: string | null;
  phone: string | null;
  status: 'pending' | 'accepted' | 'expired';
  createdAt: Date;
}

export interface InvitationDeps {
  config: DeliveryConfig & { publicUrl: string };
}

export interface SentInvitation {
  invitation: InvitationView;
  /** The local outbox's preview page, when no real transport is configured. */
  previewUrl: string | null;
}

interface InvitationRow {
  id: string;
  invite_type: InvitationView['type'];
  invite_value: string | null;
  status: InvitationView['status'];
  created_at: Date;
}

// A pending invitation past its expiry reads as expired, without a job to flip it.
const STATUS_SQL = `case when i.status = 'pending' and i.expires_at < now() then 'expired' else i.status end as status`;

const toView = (r: InvitationRow): InvitationView => ({
  id: r.id,
  type: r.invite_type,
  email: r.invite_type === 'email' ? r.invite_value : null,
  phone: r.invite_type === 'sms' ? r.invite_value : null,
  status: r.status,
  createdAt: r.created_at,
});

export const inviteLinkOf = (publicUrl: string, token: string) => `${publicUrl}/invite/${token}`;

export async function listInvitations(em: EntityManager, userId: string): Promise<InvitationView[]> {
  const rows = await em.execute<InvitationRow[]>(
    `select i.id, i.invite_type, i.invite_value, ${STATUS_SQL}, i.created_at
       from invitations i where i.user_id = ? order by i.created_at desc limit 200`,
    [userId],
  );
  return rows.map(toView);
}

const newToken = () => randomBytes(24).toString('base64url');

/**
 * The user's share link: the pending app invitation still valid for at least a day, or a new
 * one. A link admits one person; after that, generating gives a fresh link.
 */
export async function generateInvitation(
  em: EntityManager,
  userId: string,
  input: unknown,
): Promise<{ token: string }> {
  parseInput(generateInvitationInput, input ?? {});
  const [existing] = await em.execute<{ token: string }[]>(
    `select token from invitations
      where user_id = ? and invite_type = 'app' and status = 'pending' and expires_at > now() + interval '1 day'
      order by created_at desc limit 1`,
    [userId],
  );
  if (existing) return existing;
  const [row] = await em.execute<{ token: string }[]>(
    `insert into invitations (id, user_id, invite_type, token, expires_at)
     values (gen_random_uuid(), ?, 'app', ?, now() + make_interval(days => ?)) returning token`,
    [userId, newToken(), INVITATION_TTL_DAYS],
  );
  return row!;
}

export async function sendEmailInvitation(
  em: EntityManager,
  userId: string,
  input: unknown,
  deps: InvitationDeps,
): Promise<SentInvitation> {
  const { email } = parseInput(emailInvitationInput, input);
  return queueInvitation(em, userId, deps, {
    type: 'email',
    channel: 'email',
    transport: emailTransportOf(deps.config),
    recipient: email,
    // Whether an address has an account is only told within the daily limit, so a signed-in user
    // can't test addresses without end once their invitations for the day are used up.
    refuse: async (tem) => {
      const [member] = await tem.execute<{ id: string }[]>(
        'select id from users where lower(email) = lower(?)',
        [email],
      );
      if (member)
        throw conflict(msg('This person already has a Chorus account. Add them as a friend instead.'));
    },
    render: (language, inviter, link) => invitationEmail(language, inviter, link),
  });
}

export async function sendSmsInvitation(
  em: EntityManager,
  userId: string,
  input: unknown,
  deps: InvitationDeps,
): Promise<SentInvitation> {
  const { phoneNumber, message } = parseInput(smsInvitationInput, input);
  return queueInvitation(em, userId, deps, {
    type: 'sms',
    channel: 'sms',
    transport: smsTransportOf(deps.config),
    recipient: phoneNumber,
    message,
    render: (language, inviter, link) => ({
      subject: null,
      text: invitationSms(language, inviter, link, message),
      html: null,
    }),
  });
}

interface QueueSpec {
  type: 'email' | 'sms';
  channel: OutboxChannel;
  transport: OutboxTransport;
  recipient: string;
  message?: string;
  /** The message in the inviter's language (their account's setting). */
  render: (
    language: string,
    inviter: string,
    link: string,
  ) => { subject: string | null; text: string; html: string | null };
  /** Checks that may refuse the invitation, run after the daily limit's. */
  refuse?: (em: EntityManager) => Promise<void>;
}

/**
 * Writes the invitation, its outbox message and the delivery job in one transaction, after
 * checking the daily limit under a per-user lock (so parallel sends can't pass it).
 */
async function queueInvitation(
  em: EntityManager,
  userId: string,
  deps: InvitationDeps,
  spec: QueueSpec,
): Promise<SentInvitation> {
  const limit = deps.config.INVITES_PER_DAY;
  await requireVerifiedEmail(em, userId);
  return em.transactional(async (tem) => {
    await lockUntilCommit(tem, `invites:${userId}`);
    const [count] = await tem.execute<{ n: number }[]>(
      `select count(*)::int as n from outbox_messages
        where user_id = ? and invitation_id is not null and created_at > now() - interval '24 hours'`,
      [userId],
    );
    if ((count?.n ?? 0) >= limit) {
      throw textError(
        'RATE_LIMITED',
        msg('You can send up to {limit} invitations a day. Please try again tomorrow.'),
        { limit },
      );
    }
    await spec.refuse?.(tem);
    const [inviter] = await tem.execute<
      { username: string; display_name: string | null; language: string | null }[]
    >(
      `select u.username, ${shownDisplayName('u')} as display_name, u.settings->>'language' as language
         from users u where u.id = ?`,
      [userId],
    );
    const token = newToken();
    const [invitation] = await tem.execute<InvitationRow[]>(
      `insert into invitations (id, user_id, invite_type, invite_value, token, message, expires_at)
       values (gen_random_uuid(), ?, ?, ?, ?, ?, now() + make_interval(days => ?))
       returning id, invite_type, invite_value, status, created_at`,
      [userId, spec.type, spec.recipient, token, spec.message ?? null, INVITATION_TTL_DAYS],
    );
    const content = spec.render(
      inviter?.language ?? 'en',
      inviter?.display_name || inviter?.username || 'A friend',
      inviteLinkOf(deps.config.publicUrl, token),
    );
    const outboxId = await queueOutboxMessage(tem, {
      userId,
      invitationId: invitation!.id,
      channel: spec.channel,
      transport: spec.transport,
      recipient: spec.recipient,
      ...content,
    });
    return {
      invitation: toView(invitation!),
      previewUrl: spec.transport === 'outbox' ? outboxPreviewPath(outboxId) : null,
    };
  });
}

export interface InvitePreview {
  status: 'pending' | 'accepted' | 'expired';
  expiresAt: Date | null;
  inviter: { username: string; displayName: string | null; avatar: string | null };
}

/** What the invite page shows for a token (public: it names only the inviter). */
export async function previewInvitation(em: EntityManager, token: string): Promise<InvitePreview> {
  const [row] = await em.execute<
    {
      status: InvitePreview['status'];
      expires_at: Date | null;
      username: string;
      display_name: string | null;
      avatar: string | null;
    }[]
  >(
    `select ${STATUS_SQL}, i.expires_at, u.username, ${shownDisplayName('u')} as display_name, ${shownAvatar('u')} as avatar
       from invitations i join users u on u.id = i.user_id where i.token = ?`,
    [token.slice(0, 64)],
  );
  if (!row) throw notFound(msg('This invitation link is not valid'));
  return {
    status: row.status,
    expiresAt: row.expires_at,
    inviter: { username: row.username, displayName: row.display_name, avatar: row.avatar },
  };
}

/**
 * Joining through a friend's link (accounts raises userRegistered; social's module.ts reacts): a used
 * or expired link must not cost the visitor the account.
 */
export async function redeemOnRegistration({ em, userId, inviteToken }: UserRegistered): Promise<void> {
  if (!inviteToken) return;
  await em
    .transactional((tem) => redeemInvitation(tem, inviteToken, userId))
    .catch((err) => logger.warn({ err }, 'invitation could not be redeemed'));
}

/**
 * Called when someone registers through an invitation link: the invitation is accepted, the
 * two become friends, the inviter earns referral points (and, by count, the rewards) and hears
 * of it live. An unknown, used or expired token changes nothing: the account is made anyway.
 * Runs in the registration's transaction when given one.
 */
export async function redeemInvitation(
  em: EntityManager,
  token: string,
  newUserId: string,
): Promise<boolean> {
  const [inv] = await em.execute<{ id: string; user_id: string }[]>(
    `select id, user_id from invitations
      where token = ? and status = 'pending' and (expires_at is null or expires_at > now()) and user_id <> ?
      for update`,
    [token.slice(0, 64), newUserId],
  );
  if (!inv) return false;
  await em.execute(
    `update invitations set status = 'accepted', accepted_by_id = ?, accepted_at = now() where id = ?`,
    [newUserId, inv.id],
  );
  const friendshipId = await befriend(em, inv.user_id, newUserId);
  await em.execute('update users set points = points + ? where id = ?', [REFERRAL_POINTS, inv.user_id]);
  await notifyUser(em, inv.user_id, { event: 'friend', kind: 'accepted', friendshipId, byUserId: newUserId });
  await notify(em, { userId: inv.user_id, kind: 'friend_accepted', actorId: newUserId });
  return true;
}

export async function referralSummary(em: EntityManager, userId: string): Promise<ReferralSummary> {
  const [row] = await em.execute<{ points: number; joined: number }[]>(
    `select u.points,
            (select count(*)::int from invitations i where i.user_id = u.id and i.status = 'accepted') as joined
       from users u where u.id = ?`,
    [userId],
  );
  const friendsJoined = row?.joined ?? 0;
  return { points: row?.points ?? 0, friendsJoined, rewards: rewardsFor(friendsJoined) };
}
