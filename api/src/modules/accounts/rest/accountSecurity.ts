import { Router } from 'express';
import type { AppServices } from '../../../platform/module.ts';
import { anyone, signedIn } from '../../../rest/adapter.ts';
import { pendingVerification } from '../core/security.ts';
import * as flow from '../flows/securityFlow.ts';
import { endOtherSessions, endSession, listSessions } from '../flows/sessionList.ts';
import { restUser } from '../presenters.ts';

/**
 * The account-security calls: password change and reset, e-mail verification, undoing an address
 * change, and the sessions list. Thin: the GraphQL operations run the same securityFlow.ts and sessionList.ts.
 */
export function accountSecurityRoutes(services: AppServices): Router {
  const { pool, pubsub, sessionSockets: sockets } = services;
  const ends = { pool, pubsub, sockets };
  const r = Router();
  // A link's call (its token in the body, no session needed) that answers only its message.
  const answeredWithMessage = (run: (deps: flow.SecurityFlowDeps, input: unknown) => Promise<string>) =>
    anyone(services, async ({ em, req }) => ({ message: await run({ services, em, req }, req.body) }));

  r.post(
    '/auth/password',
    signedIn(services, async ({ em, userId, req }) =>
      restUser(await flow.changePasswordEndingOthers({ services, em, req }, userId, req.body)),
    ),
  );

  r.post(
    '/auth/password/forgot',
    anyone(services, async ({ em, req, res }) => {
      const message = await flow.forgotPassword({ services, em, req }, req.body);
      res.status(202).json({ message });
    }),
  );

  r.post('/auth/password/reset', answeredWithMessage(flow.resetPasswordEndingAll));

  r.post(
    '/auth/email/verify',
    anyone(services, async ({ em, req }) => ({
      message: await flow.verifyEmail({ services, em, req }, req.body),
      emailVerified: true,
    })),
  );

  r.post(
    '/auth/email/resend',
    signedIn(services, async ({ em, userId, req, res }) => {
      res.status(202).json(await flow.resendVerification({ services, em, req }, userId));
    }),
  );

  // For the verify banner: when the last link went, its local preview (no SMTP), when to resend.
  r.get(
    '/auth/email/pending',
    signedIn(services, ({ em, userId, req }) =>
      pendingVerification(em, flow.mailDeps(services, req), userId),
    ),
  );

  r.post('/auth/email/undo', answeredWithMessage(flow.undoEmailChangeEndingAll));

  r.get(
    '/auth/sessions',
    signedIn(services, ({ userId, req }) => listSessions(pool, req, userId)),
  );

  r.post(
    '/auth/sessions/revoke-others',
    signedIn(services, async ({ userId, req }) => {
      const ended = await endOtherSessions(ends, userId, req.sessionID);
      return { message: 'Signed out of every other session.', ended };
    }),
  );

  r.delete(
    '/auth/sessions/:id',
    signedIn(services, async ({ userId, req }) => {
      await endSession(ends, userId, String(req.params.id));
      return { message: 'Signed out of that session.' };
    }),
  );

  return r;
}
