import { Router } from 'express';
import { unauthenticated } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import type { AppServices } from '../../../platform/module.ts';
import { anyone, signedIn } from '../../../rest/adapter.ts';
import * as accounts from '../core/service.ts';
import { loginAndSignIn, logout, registerAndSignIn } from '../flows/authFlow.ts';
import { updateProfileChecked } from '../flows/securityFlow.ts';
import { restUser } from '../presenters.ts';

/**
 * The spec's account calls (§7): same services as the GraphQL mutations. Each success answers the
 * user object itself (never the password): the spec's client reads `username` and `email` straight
 * off status, and takes login's answer as the user. Failures are `{ message, code }`.
 */
export function authRoutes(services: AppServices): Router {
  const { limiter, config, currentUsers, sessionSockets: sockets } = services;
  const r = Router();

  r.get(
    '/auth/status',
    // Answered from memory nearly always: the database session is forked only on a cache miss.
    anyone(services, async (call) => {
      const em = () => call.em;
      const user = call.userId ? await currentUsers.get(em, call.userId) : null;
      if (!user) throw unauthenticated(msg('Not authenticated'));
      call.res.json({
        ...restUser(user),
        twoFactorEnabled: await currentUsers.twoFactorEnabled(em, user.id),
      });
    }),
  );

  r.post(
    '/auth/register',
    anyone(services, async ({ em, req, res }) => {
      const user = await registerAndSignIn({ em, limiter, config, req, sockets }, req.body);
      res.status(201).json(restUser(user));
    }),
  );

  r.post(
    '/auth/login',
    anyone(services, async ({ em, req, res }) => {
      const outcome = await loginAndSignIn({ em, limiter, config, req, sockets }, req.body);
      res.json(outcome.user ? restUser(outcome.user) : outcome);
    }),
  );

  r.post(
    '/auth/logout',
    anyone(services, async (call) => {
      await logout(call.req, sockets, call.em);
      return { message: 'Logged out' };
    }),
  );

  r.patch(
    '/users/update',
    signedIn(services, async ({ em, userId, req, res }) => {
      const user = await updateProfileChecked({ services, em, req }, userId, req.body);
      res.json(restUser(user));
    }),
  );

  r.get(
    '/users/settings',
    signedIn(services, ({ em, userId }) => accounts.getSettings(em, userId)),
  );

  r.patch(
    '/users/settings',
    signedIn(services, ({ em, userId, req }) => accounts.updateSettings(em, userId, req.body)),
  );

  return r;
}
