import { type Request, type Response, Router } from 'express';
import { rememberDevice } from '../../../http/deviceCookie.ts';
import { AppError, messageIn } from '../../../platform/errors.ts';
import { msg, requestLanguage, translate } from '../../../platform/i18n.ts';
import { logger } from '../../../platform/logger.ts';
import type { AppServices } from '../../../platform/module.ts';
import { anyone } from '../../../rest/adapter.ts';
import { handler } from '../../../rest/respond.ts';
import { accountForIdentity } from '../core/oidcAccounts.ts';
import { secondFactorMethods } from '../core/secondFactor.ts';
import { signInReplacing } from '../flows/authFlow.ts';
import { awaitSecondFactor } from '../flows/secondFactorLogin.ts';
import { OidcProviders } from './oidcLogin.ts';

const TEN_MINUTES_MS = 10 * 60 * 1000;

const saveSession = (req: Request) =>
  new Promise<void>((resolve, reject) => req.session.save((e) => (e ? reject(e) : resolve())));

/**
 * Sign in with OpenID Connect / GitHub. /start sends the browser to the provider; /callback is
 * where it comes back: it always ends in a redirect to a page (/chat, /login with the second
 * step, or /login with the reason it failed), never a JSON answer the browser would show raw.
 */
export function oidcRoutes(services: AppServices): Router {
  const { config, currentUsers, sessionSockets: sockets } = services;
  const providers = new OidcProviders(config.OIDC_PROVIDERS, config.publicUrl);
  const r = Router();

  r.get('/auth/oidc/providers', (_req, res) => {
    res.json(providers.list());
  });

  r.get(
    '/auth/oidc/:id/start',
    handler(async (req, res) => {
      const id = String(req.params.id);
      try {
        const { url, checks } = await providers.start(id);
        req.session.oidc = { provider: id, ...checks, expiresAt: Date.now() + TEN_MINUTES_MS };
        await saveSession(req);
        res.redirect(303, url);
      } catch (e) {
        failed(req, res, e);
      }
    }),
  );

  r.get(
    '/auth/oidc/:id/callback',
    anyone(services, async ({ em, req, res }) => {
      const id = String(req.params.id);
      const pending = req.session?.oidc;
      if (req.session) delete req.session.oidc;
      try {
        if (!pending || pending.provider !== id || pending.expiresAt < Date.now()) {
          throw new AppError('BAD_USER_INPUT', msg('That sign-in has expired. Please try again.'));
        }
        const query = req.originalUrl.includes('?')
          ? req.originalUrl.slice(req.originalUrl.indexOf('?'))
          : '';
        const identity = await providers.finish(id, new URL(providers.redirectUri(id) + query), pending);
        const user = await accountForIdentity(em, identity);
        currentUsers.forget(user.id);
        if ((await secondFactorMethods(em, user.id)).length > 0) {
          await awaitSecondFactor(req, sockets, user, config.TWO_FACTOR_LOGIN_TTL_SECONDS);
          res.redirect(303, '/login?step=2fa');
          return;
        }
        await signInReplacing(em, req, sockets, user);
        rememberDevice(config, req, user.username);
        res.redirect(303, '/chat');
      } catch (e) {
        failed(req, res, e);
      }
    }),
  );

  return r;
}

/** Back to the sign-in page with the reason, in the browser's language (the page shows it as it is). */
function failed(req: Request, res: Response, e: unknown) {
  if (!(e instanceof AppError)) logger.error({ err: e }, 'external sign-in failed');
  const language = requestLanguage(req.headers['accept-language']);
  const message =
    e instanceof AppError
      ? messageIn(language, e)
      : translate(language, msg('Sign-in failed. Please try again.'));
  res.redirect(303, `/login?error=${encodeURIComponent(message)}`);
}
