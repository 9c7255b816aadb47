import type { MikroORM } from '@mikro-orm/postgresql';
import { Router } from 'express';
import * as accounts from '../domain/accounts/service.ts';
import { unauthenticated } from '../domain/errors.ts';
import { loginAndSignIn, logout, registerAndSignIn } from '../http/authFlow.ts';
import type { AuthRateLimiter } from '../platform/rateLimit.ts';
import { handler, requireSessionUser } from './respond.ts';

/** The spec's account calls (§7): same services as the GraphQL mutations. */
export function authRoutes(orm: MikroORM, limiter: AuthRateLimiter): Router {
  const r = Router();

  r.get(
    '/auth/status',
    handler(async (req, res) => {
      const userId = req.session?.userId;
      const user = userId ? await accounts.getUser(orm.em.fork(), userId) : null;
      if (!user) throw unauthenticated('Not authenticated');
      res.json({ authenticated: true, user: accounts.toPublicUser(user) });
    }),
  );

  r.post(
    '/auth/register',
    handler(async (req, res) => {
      const user = await registerAndSignIn({ em: orm.em.fork(), limiter, req }, req.body);
      res.status(201).json({ message: 'Account created successfully!', user: accounts.toPublicUser(user) });
    }),
  );

  r.post(
    '/auth/login',
    handler(async (req, res) => {
      const user = await loginAndSignIn({ em: orm.em.fork(), limiter, req }, req.body);
      res.json({ message: 'Login successful', user: accounts.toPublicUser(user) });
    }),
  );

  r.post(
    '/auth/logout',
    handler(async (req, res) => {
      await logout(req);
      res.json({ message: 'Logged out' });
    }),
  );

  r.patch(
    '/users/update',
    handler(async (req, res) => {
      const user = await accounts.updateProfile(orm.em.fork(), requireSessionUser(req), req.body);
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
