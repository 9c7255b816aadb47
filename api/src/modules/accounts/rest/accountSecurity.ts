import { Router } from 'express';
import { logger } from '../../../platform/logger.ts';
import { parseInput } from '../../../platform/validation.ts';
import { anyone, signedIn } from '../../../rest/adapter.ts';
import type { AppServices } from '../../../services.ts';
import { AccountMailLimiter } from '../core/accountMailLimit.ts';
import * as security from '../core/security.ts';
import { toPublicUser } from '../core/service.ts';
import { clientAddress } from './authFlow.ts';
import { endOtherSessions, endSession, listSessions } from './sessionList.ts';

/**
 * Issue 17 part A's account calls: password change and reset, e-mail verification, and the
 * sessions list. Thin: the rules live in domain/accounts/security.ts and http/sessionList.ts.
 */
export function accountSecurityRoutes(services: AppServices): Router {
  const { config, pool, pubsub, currentUsers, sessionSockets: sockets } = services;
  const mailLimiter = new AccountMailLimiter(config, pool);
  const ends = { pool, pubsub, sockets };
  const deps = { config };
  const r = Router();

  r.post(
    '/auth/password',
    signedIn(services, async ({ em, userId, req, res }) => {
      const user = await security.changePassword(em, userId, req.body);
      currentUsers.forget(userId);
      await endOtherSessions(ends, userId, req.sessionID);
      res.json(toPublicUser(user));
    }),
  );

  r.post(
    '/auth/password/forgot',
    anyone(services, async ({ em, req, res }) => {
      const { email } = parseInput(security.forgotPasswordInput, req.body);
      await mailLimiter.consume(email, clientAddress(req));
      // Not awaited: the answer takes as long whether or not the address has an account.
      security
        .requestPasswordReset(em, deps, email)
        .catch((err) => logger.error({ err }, 'password reset e-mail could not be queued'));
      res.status(202).json({ message: security.securityMessages.forgotAnswer });
    }),
  );

  r.post(
    '/auth/password/reset',
    anyone(services, async ({ em, req, res }) => {
      const userId = await security.resetPassword(em, req.body);
      currentUsers.forget(userId);
      await endOtherSessions(ends, userId);
      res.json({ message: 'Your password has been changed. Please sign in with the new one.' });
    }),
  );

  r.post(
    '/auth/email/verify',
    anyone(services, async ({ em, req, res }) => {
      const userId = await security.confirmEmail(em, req.body);
      currentUsers.forget(userId);
      res.json({ message: 'Your e-mail address is verified.', emailVerified: true });
    }),
  );

  r.post(
    '/auth/email/resend',
    signedIn(services, async ({ em, userId, req, res }) => {
      await mailLimiter.consume(`user:${userId}`, clientAddress(req));
      await security.resendVerification(em, deps, userId);
      res.status(202).json({ message: security.securityMessages.resendAnswer });
    }),
  );

  r.get(
    '/auth/sessions',
    signedIn(services, ({ userId, req }) => listSessions(pool, req, userId)),
  );

  r.post(
    '/auth/sessions/revoke-others',
    signedIn(services, async ({ userId, req, res }) => {
      const ended = await endOtherSessions(ends, userId, req.sessionID);
      res.json({ message: 'Signed out of every other session.', ended });
    }),
  );

  r.delete(
    '/auth/sessions/:id',
    signedIn(services, async ({ userId, req, res }) => {
      await endSession(ends, userId, String(req.params.id));
      res.json({ message: 'Signed out of that session.' });
    }),
  );

  return r;
}
