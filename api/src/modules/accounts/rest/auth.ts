import { Router } from 'express';
import { unauthenticated } from '../../../platform/errors.ts';
import { handler, requireSessionUser } from '../../../rest/respond.ts';
import type { AppServices } from '../../../services.ts';
import { twoFactorStatus } from '../core/secondFactor.ts';
import { updateProfileVerifyingEmail } from '../core/security.ts';
import * as accounts from '../core/service.ts';
import { loginAndSignIn, logout, registerAndSignIn } from './authFlow.ts';

/**
 * The spec's account calls (§7): same services as the GraphQL mutations. Each success answers the
 * user object itself (never the password): the spec's client reads `username` and `email` straight
 * off status, and takes login's answer as the user. Failures are `{ message, code }`.
 */
export function authRoutes({
  orm,
  limiter,
  config,
  currentUsers,
  sessionSockets: sockets,
}: AppServices): Router {
  const r = Router();

  r.get(
    '/auth/status',
    handler(async (req, res) => {
      const userId = req.session?.userId;
      const user = userId ? await currentUsers.get(() => orm.em.fork(), userId) : null;
      if (!user) throw unauthenticated('Not authenticated');
      const twoFactor = await twoFactorStatus(orm.em.fork(), user.id);
      res.json({ ...user, twoFactorEnabled: twoFactor.enabled });
    }),
  );

  r.post(
    '/auth/register',
    handler(async (req, res) => {
      const user = await registerAndSignIn({ em: orm.em.fork(), limiter, config, req, sockets }, req.body);
      res.status(201).json(accounts.toPublicUser(user));
    }),
  );

  r.post(
    '/auth/login',
    handler(async (req, res) => {
      const outcome = await loginAndSignIn({ em: orm.em.fork(), limiter, config, req, sockets }, req.body);
      res.json(outcome.user ? accounts.toPublicUser(outcome.user) : outcome);
    }),
  );

  r.post(
    '/auth/logout',
    handler(async (req, res) => {
      await logout(req, sockets);
      res.json({ message: 'Logged out' });
    }),
  );

  r.patch(
    '/users/update',
    handler(async (req, res) => {
      const userId = requireSessionUser(req);
      const user = await updateProfileVerifyingEmail(orm.em.fork(), { config }, userId, req.body);
      currentUsers.forget(userId);
      res.json(accounts.toPublicUser(user));
    }),
  );

  r.get(
    '/users/settings',
    handler(async (req, res) => {
      res.json(await accounts.getSettings(orm.em.fork(), requireSessionUser(req)));
    }),
  );

  r.patch(
    '/users/settings',
    handler(async (req, res) => {
      res.json(await accounts.updateSettings(orm.em.fork(), requireSessionUser(req), req.body));
    }),
  );

  return r;
}
