import { randomBytes } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { artifactFrameHeaders, isArtifactFramePath } from './artifactFrame.ts';

/** What every policy shares: no plugins, no <base> games, never framed. */
const COMMON_DIRECTIVES = {
  'object-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
};

/** Machine answers (/api, /graphql, /media) need no policy with a nonce. */
const MACHINE_PATHS = /^\/(api|graphql|media)(\/|$)/;
/**
 * The build's scripts and styles (web/dist/assets, served by http/web.ts): no document, so the page
 * headers mean nothing on them. /chat fetches about 90 of them, and on a 400 kbit/s phone the page
 * headers (a CSP with its own nonce and eight more, 0.7 KB each time) cost over a second.
 */
const BUILT_CODE = /^\/assets\/[^/]+\.(js|css)$/;

/**
 * Security headers on every answer (pages, /api, /media, the explorer), set by helmet:
 * - a Content-Security-Policy. Pages may run our own script files plus inline scripts carrying this
 *   response's nonce (the theme script of index.html, the page's start-up loader, the explorer's
 *   set-up), and inline styles: Chakra (emotion) writes `<style>` tags, server-rendered and live.
 *   Machine answers (/api, /graphql, /media) get a fixed policy with no scripts, which also spares
 *   them making a nonce and the header per request. Built scripts and styles get only what applies
 *   to a subresource (nosniff, CORP, HSTS).
 * - frame-ancestors 'none' and X-Frame-Options DENY: no page of Chorus is meant to be framed, so no
 *   other page (same-site ones included) can overlay the signed-in app to steal clicks.
 * - nosniff, Referrer-Policy strict-origin-when-cross-origin (invitation tokens in URLs never leave
 *   the site), and HSTS only when PUBLIC_URL is https (on plain http it would be ignored or, on a
 *   shared localhost, harmful).
 */
export function securityHeaders(options: { https: boolean }): RequestHandler {
  const shared = {
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: options.https ? { maxAge: 15_552_000, includeSubDomains: false } : false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  } as const;
  const upgrade: Record<string, string[]> = options.https ? { 'upgrade-insecure-requests': [] } : {};
  // Pages: the web app and the explorer.
  const pages = helmet({
    ...shared,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...COMMON_DIRECTIVES,
        'default-src': ["'self'"],
        'script-src': ["'self'", (_req, res) => `'nonce-${(res as unknown as Response).locals.cspNonce}'`],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'media-src': ["'self'", 'blob:'],
        'font-src': ["'self'", 'data:'],
        // 'self' covers the same host's ws:/wss: (graphql-ws) in current browsers.
        'connect-src': ["'self'"],
        // The installable app: its service worker (/sw.js, also any worker of ours) and its manifest.
        'worker-src': ["'self'", 'blob:'],
        'manifest-src': ["'self'"],
        'base-uri': ["'self'"],
        ...upgrade,
      },
    },
  });
  // JSON, media files, and the few small HTML pages under /api (the sandbox checkout, the outbox
  // preview, which sets its own): no scripts at all, a fixed header.
  const machine = helmet({
    ...shared,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...COMMON_DIRECTIVES,
        'default-src': ["'none'"],
        'style-src': ["'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'media-src': ["'self'"],
        'base-uri': ["'none'"],
        ...upgrade,
      },
    },
  });
  // Scripts and styles: what still applies to a subresource. nosniff makes the browser refuse one
  // served with the wrong type; CORP keeps other sites from embedding it.
  const code = helmet({
    ...shared,
    contentSecurityPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  return (req, res, next) => {
    if (MACHINE_PATHS.test(req.path)) return machine(req, res, next);
    if (BUILT_CODE.test(req.path)) return code(req, res, next);
    // The sandboxed preview frame of answers' artifacts has a policy of its own.
    if (isArtifactFramePath(req.path)) return artifactFrameHeaders(req, res, next);
    res.locals.cspNonce = randomBytes(16).toString('base64');
    pages(req, res, next);
  };
}

/** Media keys are unguessable and public videos are meant to be shared and embedded elsewhere. */
export const mediaEmbeddable: RequestHandler = (_req, res, next) => {
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  next();
};

/** This response's CSP nonce (set by securityHeaders). */
export const cspNonce = (res: Response): string => String(res.locals.cspNonce ?? '');

/**
 * Gives every `<script` tag of trusted, server-written HTML this response's nonce. Only for markup
 * we wrote (the built shell, the explorer's page): never for HTML holding user content.
 */
export const withScriptNonce = (html: string, res: Response): string =>
  html.replace(/<script(?=[\s>])/g, `<script nonce="${cspNonce(res)}"`);
