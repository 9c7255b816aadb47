import { Router } from 'express';
import { escapeHtml } from '../../platform/html.ts';
import { handler, requireSessionUser } from '../../rest/respond.ts';
import type { AppServices } from '../../services.ts';
import * as dms from './core/directMessages.ts';
import * as friends from './core/friends.ts';
import * as invitations from './core/invitations.ts';
import * as outbox from './core/outbox.ts';

/** Spec §3's Friend shape exactly. */
const friendDto = (f: friends.FriendView) => ({
  id: f.id,
  username: f.username,
  displayName: f.displayName,
  avatar: f.avatar,
  lastActive: f.lastActive,
});

const friendshipDto = (f: friends.FriendshipView) => ({
  id: f.id,
  userId: f.userId,
  friendId: f.friendId,
  status: f.status,
  direction: f.direction,
  createdAt: f.createdAt,
  updatedAt: f.updatedAt,
  // Who is on the other side, so a list of requests can name them.
  friend: friendDto(f.other),
});

/** The spec's friends and invitations calls (§7), plus direct messages, on the GraphQL services. */
export function socialRoutes({ orm, config }: AppServices): Router {
  const r = Router();
  const deps = { config };

  r.get(
    '/friends',
    handler(async (req, res) => {
      res.json((await friends.listFriends(orm.em.fork(), requireSessionUser(req))).map(friendDto));
    }),
  );
  r.get(
    '/friendships',
    handler(async (req, res) => {
      res.json((await friends.listFriendships(orm.em.fork(), requireSessionUser(req))).map(friendshipDto));
    }),
  );
  r.post(
    '/friends/request',
    handler(async (req, res) => {
      const result = await friends.sendFriendRequest(orm.em.fork(), requireSessionUser(req), req.body);
      res.status(result.accepted ? 200 : 201).json({
        message: result.accepted ? 'Accepted' : 'Friend Request Sent',
        accepted: result.accepted,
        friendship: friendshipDto(result.friendship),
      });
    }),
  );
  for (const [action, status, message] of [
    ['accept', 'accepted', 'Accepted'],
    ['decline', 'declined', 'Declined'],
  ] as const) {
    r.post(
      `/friendships/:id/${action}`,
      handler(async (req, res) => {
        const friendship = await friends.answerFriendRequest(
          orm.em.fork(),
          requireSessionUser(req),
          String(req.params.id),
          status,
        );
        res.json({ message, friendship: friendshipDto(friendship) });
      }),
    );
  }
  r.delete(
    '/friends/:id',
    handler(async (req, res) => {
      await friends.removeFriend(orm.em.fork(), requireSessionUser(req), String(req.params.id));
      res.json({ message: 'Friend Removed' });
    }),
  );

  r.get(
    '/invitations',
    handler(async (req, res) => {
      res.json(await invitations.listInvitations(orm.em.fork(), requireSessionUser(req)));
    }),
  );
  r.post(
    '/invitations/generate',
    handler(async (req, res) => {
      res.json(await invitations.generateInvitation(orm.em.fork(), requireSessionUser(req), req.body));
    }),
  );
  r.post(
    '/invitations/email',
    handler(async (req, res) => {
      const sent = await invitations.sendEmailInvitation(
        orm.em.fork(),
        requireSessionUser(req),
        req.body,
        deps,
      );
      res.status(201).json({ message: 'Invitation Sent', ...sent, previewUrl: sent.previewUrl ?? undefined });
    }),
  );
  r.post(
    '/invitations/sms',
    handler(async (req, res) => {
      const sent = await invitations.sendSmsInvitation(
        orm.em.fork(),
        requireSessionUser(req),
        req.body,
        deps,
      );
      res.status(201).json({ message: 'Invitation Sent', ...sent, previewUrl: sent.previewUrl ?? undefined });
    }),
  );
  r.get(
    '/invitations/rewards',
    handler(async (req, res) => {
      res.json(await invitations.referralSummary(orm.em.fork(), requireSessionUser(req)));
    }),
  );
  // Public: the invite page's "who invited you".
  r.get(
    '/invite/:token',
    handler(async (req, res) => {
      res.json(await invitations.previewInvitation(orm.em.fork(), String(req.params.token)));
    }),
  );
  // The local outbox's preview of a message, to its sender only.
  r.get(
    '/outbox/:id',
    handler(async (req, res) => {
      const message = await outbox.getOutboxMessage(
        orm.em.fork(),
        requireSessionUser(req),
        String(req.params.id),
      );
      res.setHeader(
        'Content-Security-Policy',
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; base-uri 'none'",
      );
      res.type('html').send(outboxPage(message));
    }),
  );

  r.get(
    '/conversations',
    handler(async (req, res) => {
      const search = typeof req.query.search === 'string' ? req.query.search : undefined;
      res.json(await dms.listConversations(orm.em.fork(), requireSessionUser(req), { search }));
    }),
  );
  r.post(
    '/conversations',
    handler(async (req, res) => {
      const friendId = String((req.body as { friendId?: unknown })?.friendId ?? '');
      res.json(await dms.openConversation(orm.em.fork(), requireSessionUser(req), friendId));
    }),
  );
  r.get(
    '/conversations/:id/messages',
    handler(async (req, res) => {
      const before = typeof req.query.before === 'string' ? req.query.before : undefined;
      const limit = typeof req.query.limit === 'string' ? Number(req.query.limit) || undefined : undefined;
      res.json(
        await dms.listDirectMessages(orm.em.fork(), requireSessionUser(req), String(req.params.id), {
          before,
          limit,
        }),
      );
    }),
  );
  r.post(
    '/conversations/:id/messages',
    handler(async (req, res) => {
      res
        .status(201)
        .json(
          await dms.sendDirectMessage(
            orm.em.fork(),
            requireSessionUser(req),
            String(req.params.id),
            req.body,
          ),
        );
    }),
  );
  r.post(
    '/conversations/:id/read',
    handler(async (req, res) => {
      res.json(await dms.markConversationRead(orm.em.fork(), requireSessionUser(req), String(req.params.id)));
    }),
  );

  return r;
}

/**
 * The outbox preview: the message's headers, then its HTML body in a sandboxed frame (no scripts,
 * no same-origin access), or its text.
 */
function outboxPage(m: outbox.OutboxView): string {
  const body = m.html
    ? `<iframe sandbox title="Message body" srcdoc="${escapeHtml(m.html)}" style="width:100%;min-height:360px;border:1px solid #ddd;border-radius:8px;background:#fff"></iframe>`
    : `<pre style="white-space:pre-wrap;font:inherit;padding:16px;border:1px solid #ddd;border-radius:8px">${escapeHtml(m.text)}</pre>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Outbox preview: ${escapeHtml(m.subject ?? m.channel.toUpperCase())}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:720px;margin:24px auto;padding:0 16px;color:#1a202c">
<p style="background:#fef3c7;padding:8px 12px;border-radius:6px">Local outbox preview: no ${m.channel === 'email' ? 'mail server' : 'SMS service'} is configured, so this ${m.channel === 'email' ? 'email' : 'text message'} was kept here instead of being sent.</p>
<dl style="display:grid;grid-template-columns:auto 1fr;gap:4px 12px">
<dt>To</dt><dd style="margin:0">${escapeHtml(m.recipient)}</dd>
${m.subject ? `<dt>Subject</dt><dd style="margin:0">${escapeHtml(m.subject)}</dd>` : ''}
<dt>Written</dt><dd style="margin:0">${escapeHtml(m.createdAt.toISOString())}</dd>
</dl>
${body}
</body></html>`;
}
