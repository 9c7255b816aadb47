import { Router } from 'express';
import { escapeHtml } from '../../platform/html.ts';
import type { AppServices } from '../../platform/module.ts';
import { anyone, onOwnRow, signedIn } from '../../rest/adapter.ts';
import * as outbox from '../outbox/core/outbox.ts';
import * as dms from './core/directMessages.ts';
import * as friends from './core/friends.ts';
import * as invitations from './core/invitations.ts';
import { presentFriend, presentFriendship, presentInvitationSent } from './presenters.ts';

/** The spec's friends and invitations calls (§7), plus direct messages, on the GraphQL services. */
export function socialRoutes(services: AppServices): Router {
  const r = Router();
  const deps = { config: services.config };

  r.get(
    '/friends',
    signedIn(services, async ({ em, userId }) => (await friends.listFriends(em, userId)).map(presentFriend)),
  );
  r.get(
    '/friendships',
    signedIn(services, async ({ em, userId }) =>
      (await friends.listFriendships(em, userId)).map(presentFriendship),
    ),
  );
  r.post(
    '/friends/request',
    signedIn(services, async ({ em, userId, req, res }) => {
      const result = await friends.sendFriendRequest(em, userId, req.body);
      res.status(result.accepted ? 200 : 201).json({
        message: result.accepted ? 'Accepted' : 'Friend Request Sent',
        accepted: result.accepted,
        friendship: presentFriendship(result.friendship),
      });
    }),
  );
  for (const [action, status, message] of [
    ['accept', 'accepted', 'Accepted'],
    ['decline', 'declined', 'Declined'],
  ] as const) {
    r.post(
      `/friendships/:id/${action}`,
      signedIn(services, async ({ em, userId, req, res }) => {
        const friendship = await friends.answerFriendRequest(em, userId, String(req.params.id), status);
        res.json({ message, friendship: presentFriendship(friendship) });
      }),
    );
  }
  r.delete('/friends/:id', onOwnRow(services, friends.removeFriend, { message: 'Friend Removed' }));

  r.get(
    '/invitations',
    signedIn(services, ({ em, userId }) => invitations.listInvitations(em, userId)),
  );
  r.post(
    '/invitations/generate',
    signedIn(services, ({ em, userId, req }) => invitations.generateInvitation(em, userId, req.body)),
  );
  for (const [channel, send] of [
    ['email', invitations.sendEmailInvitation],
    ['sms', invitations.sendSmsInvitation],
  ] as const) {
    r.post(
      `/invitations/${channel}`,
      signedIn(services, async ({ em, userId, req, res }) => {
        res.status(201).json(presentInvitationSent(await send(em, userId, req.body, deps)));
      }),
    );
  }
  r.get(
    '/invitations/rewards',
    signedIn(services, ({ em, userId }) => invitations.referralSummary(em, userId)),
  );
  // Public: the invite page's "who invited you".
  r.get(
    '/invite/:token',
    anyone(services, ({ em, req }) => invitations.previewInvitation(em, String(req.params.token))),
  );
  // The local outbox's preview of a message, to its sender only.
  r.get(
    '/outbox/:id',
    signedIn(services, async ({ em, userId, req, res }) => {
      const message = await outbox.getOutboxMessage(em, userId, String(req.params.id));
      res.setHeader(
        'Content-Security-Policy',
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; base-uri 'none'",
      );
      res.type('html').send(outboxPage(message));
    }),
  );

  r.get(
    '/conversations',
    signedIn(services, async ({ em, userId, req, res }) => {
      const search = typeof req.query.search === 'string' ? req.query.search : undefined;
      res.json(await dms.listConversations(em, userId, { search }));
    }),
  );
  r.post(
    '/conversations',
    signedIn(services, async ({ em, userId, req, res }) => {
      const friendId = String((req.body as { friendId?: unknown })?.friendId ?? '');
      res.json(await dms.openConversation(em, userId, friendId));
    }),
  );
  r.get(
    '/conversations/:id/messages',
    signedIn(services, async ({ em, userId, req, res }) => {
      const before = typeof req.query.before === 'string' ? req.query.before : undefined;
      const limit = typeof req.query.limit === 'string' ? Number(req.query.limit) || undefined : undefined;
      res.json(await dms.listDirectMessages(em, userId, String(req.params.id), { before, limit }));
    }),
  );
  r.post(
    '/conversations/:id/messages',
    signedIn(services, async ({ em, userId, req, res }) => {
      res.status(201).json(await dms.sendDirectMessage(em, userId, String(req.params.id), req.body));
    }),
  );
  r.post(
    '/conversations/:id/read',
    signedIn(services, ({ em, userId, req }) => dms.markConversationRead(em, userId, String(req.params.id))),
  );

  return r;
}

/** Plain-text mail's http(s) links made clickable (the text is escaped first, so only URLs become tags). */
const linkify = (escaped: string) =>
  escaped.replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);

/**
 * The outbox preview: the message's headers, then its HTML body in a sandboxed frame (no scripts,
 * no same-origin access), or its text.
 */
function outboxPage(m: outbox.OutboxView): string {
  const body = m.html
    ? `<iframe sandbox title="Message body" srcdoc="${escapeHtml(m.html)}" style="width:100%;min-height:360px;border:1px solid #ddd;border-radius:8px;background:#fff"></iframe>`
    : `<pre style="white-space:pre-wrap;overflow-wrap:anywhere;font:inherit;padding:16px;border:1px solid #ddd;border-radius:8px">${linkify(escapeHtml(m.text))}</pre>`;
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
