import type { Request, RequestHandler } from 'express';
import { AppError } from '../platform/errors.ts';
import { msg } from '../platform/i18n.ts';
import { bearerWithoutCookie } from './principal.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Headers a page on another site cannot send without a CORS preflight (which we never grant). */
const PREFLIGHT_HEADERS = ['apollo-require-preflight', 'x-apollo-operation-name', 'x-requested-with'];

/**
 * Whether a request comes from another site's page. The browser's own Sec-Fetch-Site decides when
 * present (it also holds behind the dev server's proxy); otherwise an Origin other than ours does.
 */
export function isCrossOrigin(req: Request, publicOrigin: string | undefined): boolean {
  const site = req.get('sec-fetch-site');
  if (site) return site !== 'same-origin' && site !== 'none';
  const origin = req.get('origin');
  if (!origin) return false;
  return origin !== (publicOrigin ?? `${req.protocol}://${req.get('host')}`);
}

const crossSiteRefused = () =>
  new AppError('FORBIDDEN', msg('Requests from other sites are not accepted'), { reason: 'cross-site' });

/**
 * Cross-site request forgery guard for /api writes. A page on another site can post a form
 * (urlencoded, multipart or text/plain) or a bodiless fetch without asking first, but not JSON nor
 * a custom header: those need a preflight, which is never granted. So writes must be JSON (or carry
 * Apollo's preflight header); multipart uploads and bodiless posts, which the app itself sends, are
 * accepted only from our own pages; `formPaths` (the sandbox checkout's own HTML forms) likewise.
 * The Stripe webhook is mounted before this and is authenticated by its signature.
 */
export function requireJsonWrites(options: { formPaths: RegExp; publicOrigin?: string }): RequestHandler {
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    // A script with a personal API token and no session cookie: no browser sent it on its own.
    const crossSite = (r: Request) => !bearerWithoutCookie(r) && isCrossOrigin(r, options.publicOrigin);
    if (options.formPaths.test(req.path)) {
      return next(crossSite(req) ? crossSiteRefused() : undefined);
    }
    if (PREFLIGHT_HEADERS.some((h) => req.get(h) !== undefined)) return next();
    if (!req.get('content-type')) {
      return next(crossSite(req) ? crossSiteRefused() : undefined);
    }
    if (req.is(['application/json', '+json'])) return next();
    if (req.is('multipart/form-data')) {
      return next(crossSite(req) ? crossSiteRefused() : undefined);
    }
    next(
      new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        msg('Send the request body as JSON (Content-Type: application/json)'),
        {
          contentType: req.get('content-type'),
        },
      ),
    );
  };
}
