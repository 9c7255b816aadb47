import { Router } from 'express';
import * as secondFactor from '../domain/accounts/secondFactor.ts';
import * as accounts from '../domain/accounts/service.ts';
import { completeLoginWithCode } from '../http/secondFactorLogin.ts';
import type { AppServices } from '../services.ts';
import { handler, requireSessionUser } from './respond.ts';

/**
 * Two-factor authentication (`/api/auth/2fa/*`) and the login's second step. Logic lives in
 * domain/accounts/secondFactor.ts and http/secondFactorLogin.ts; these only map HTTP.
 */
export function twoFactorRoutes({
  orm,
  limiter,
  config,
  currentUsers,
  sessionSockets: sockets,
}: AppServices): Router {
  const r = Router();

  r.get(
    '/auth/2fa',
    handler(async (req, res) => {
      res.json(await secondFactor.twoFactorStatus(orm.em.fork(), requireSessionUser(req)));
    }),
  );

  r.post(
    '/auth/2fa/totp/setup',
    handler(async (req, res) => {
      const userId = requireSessionUser(req);
      const em = orm.em.fork();
      const user = await accounts.requireUser(em, userId);
      res.json(await secondFactor.startTotpSetup(em, user));
    }),
  );

  r.post(
    '/auth/2fa/totp/enable',
    handler(async (req, res) => {
      const recoveryCodes = await secondFactor.enableTotp(orm.em.fork(), requireSessionUser(req), req.body);
      res.json({ recoveryCodes });
    }),
  );

  r.post(
    '/auth/2fa/recovery-codes',
    handler(async (req, res) => {
      const userId = requireSessionUser(req);
      const em = orm.em.fork();
      await secondFactor.confirmPassword(em, userId, req.body);
      if (!(await secondFactor.twoFactorStatus(em, userId)).enabled) {
        res.status(409).json({ message: 'Turn on two-factor authentication first', code: 'CONFLICT' });
        return;
      }
      res.json({ recoveryCodes: await secondFactor.replaceRecoveryCodes(em, userId) });
    }),
  );

  r.post(
    '/auth/2fa/disable',
    handler(async (req, res) => {
      await secondFactor.disableTwoFactor(orm.em.fork(), requireSessionUser(req), req.body);
      res.json({ message: 'Two-factor authentication is off' });
    }),
  );

  r.post(
    '/auth/login/2fa',
    handler(async (req, res) => {
      const user = await completeLoginWithCode(
        { em: orm.em.fork(), limiter, config, req, sockets },
        req.body,
      );
      currentUsers.forget(user.id);
      res.json(accounts.toPublicUser(user));
    }),
  );

  return r;
}
