import type { Request } from 'express';
import { Router } from 'express';
import { conflict } from '../../../platform/errors.ts';
import { msg, requestLanguage, translate } from '../../../platform/i18n.ts';
import type { AppServices } from '../../../platform/module.ts';
import { anyone, signedIn } from '../../../rest/adapter.ts';
import * as passkeys from '../core/passkeys.ts';
import * as secondFactor from '../core/secondFactor.ts';
import * as accounts from '../core/service.ts';
import {
  completeLoginWithCode,
  completePendingLogin,
  signInWithPasskey,
} from '../flows/secondFactorLogin.ts';
import { restUser } from '../presenters.ts';

/**
 * Two-factor authentication (`/api/auth/2fa/*`) and the login's second step. Logic lives in
 * domain/accounts/secondFactor.ts and http/secondFactorLogin.ts; these only map HTTP.
 */
export function twoFactorRoutes(services: AppServices): Router {
  const { limiter, config, currentUsers, sessionSockets: sockets } = services;
  const r = Router();

  r.get(
    '/auth/2fa',
    signedIn(services, ({ em, userId }) => secondFactor.twoFactorStatus(em, userId)),
  );

  r.post(
    '/auth/2fa/totp/setup',
    signedIn(services, async ({ em, userId, res }) => {
      const user = await accounts.requireUser(em, userId);
      res.json(await secondFactor.startTotpSetup(em, user));
    }),
  );

  r.post(
    '/auth/2fa/totp/enable',
    signedIn(services, async ({ em, userId, req, res }) => {
      const recoveryCodes = await secondFactor.enableTotp(em, userId, req.body);
      currentUsers.forget(userId);
      res.json({ recoveryCodes });
    }),
  );

  r.post(
    '/auth/2fa/recovery-codes',
    signedIn(services, async ({ em, userId, req, res }) => {
      await secondFactor.confirmPassword(em, userId, req.body);
      if (!(await secondFactor.twoFactorStatus(em, userId)).enabled) {
        throw conflict(msg('Turn on two-factor authentication first'));
      }
      res.json({ recoveryCodes: await secondFactor.replaceRecoveryCodes(em, userId) });
    }),
  );

  r.post(
    '/auth/2fa/disable',
    signedIn(services, async ({ em, userId, req, res }) => {
      await secondFactor.disableTwoFactor(em, userId, req.body);
      currentUsers.forget(userId);
      res.json({ message: 'Two-factor authentication is off' });
    }),
  );

  const rp = passkeys.relyingPartyOf(config.publicUrl);
  /** The challenge this browser was last given; each is good for one answer. */
  const takeChallenge = (req: Request) => {
    const challenge = req.session?.webauthnChallenge;
    if (req.session) delete req.session.webauthnChallenge;
    return challenge;
  };

  r.post(
    '/auth/2fa/passkeys/options',
    signedIn(services, async ({ em, userId, req, res }) => {
      const options = await passkeys.registrationOptions(em, rp, await accounts.requireUser(em, userId));
      req.session.webauthnChallenge = options.challenge;
      res.json(options);
    }),
  );

  r.post(
    '/auth/2fa/passkeys',
    signedIn(services, async ({ em, userId, req, res }) => {
      const passkey = await passkeys.registerPasskey(em, rp, userId, takeChallenge(req), req.body);
      currentUsers.forget(userId);
      res.status(201).json(passkey);
    }),
  );

  r.delete(
    '/auth/2fa/passkeys/:id',
    signedIn(services, async ({ em, userId, req, res }) => {
      await passkeys.removePasskey(em, userId, String(req.params.id));
      currentUsers.forget(userId);
      res.json({
        message: translate(requestLanguage(req.headers['accept-language']), msg('Passkey removed')),
      });
    }),
  );

  // A passkey sign-in: the second step of a pending login, or on its own (passwordless).
  r.post(
    '/auth/passkey/options',
    anyone(services, async ({ em, req, res }) => {
      const pending = req.session?.pendingLogin;
      const userId = pending && pending.expiresAt > Date.now() ? pending.userId : undefined;
      const options = await passkeys.authenticationOptions(em, rp, userId);
      req.session.webauthnChallenge = options.challenge;
      res.json(options);
    }),
  );

  r.post(
    '/auth/passkey/verify',
    anyone(services, async ({ em, req, res }) => {
      const challenge = takeChallenge(req);
      const deps = { em, limiter, config, req, sockets };
      const pending = req.session?.pendingLogin;
      const user =
        pending && pending.expiresAt > Date.now()
          ? await completePendingLogin(
              deps,
              async (userId) =>
                (await passkeys.verifyPasskey(em, rp, challenge, req.body, userId)) === userId,
              msg('That passkey was not accepted'),
            )
          : await signInWithPasskey(deps, await passkeys.verifyPasskey(em, rp, challenge, req.body));
      currentUsers.forget(user.id);
      res.json(restUser(user));
    }),
  );

  r.post(
    '/auth/login/2fa',
    anyone(services, async ({ em, req, res }) => {
      const user = await completeLoginWithCode({ em, limiter, config, req, sockets }, req.body);
      currentUsers.forget(user.id);
      res.json(restUser(user));
    }),
  );

  return r;
}
