import { randomBytes } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * Security headers on every answer (pages, /api, /media, the explorer), set by helmet:
 * - a Content-Security-Policy whose scripts are our own files plus inline scripts carrying this
 *   response's nonce (the theme script of index.html, the page's start-up loader, the explorer's
 *   set-up). Styles may be inline: Chakra (emotion) writes `<style>` tags, server-rendered and live.
 * - frame-ancestors 'none' and X-Frame-Options DENY: no page of Chorus is meant to be framed, so no
 *   other page (same-site ones included) can overlay the signed-in app to steal clicks.
 * - nosniff, Referrer-Policy strict-origin-when-cross-origin (invitation tokens in URLs never leave
 *   the site), and HSTS only when PUBLIC_URL is https (on plain http it would be ignored or, on a
 *   shared localhost, harmful).
 */
export function securityHeaders(options: { https: boolean }): RequestHandler[] {
  const nonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString('base64');
    next();
  };
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", (_req, res) => `'nonce-${(res as unknown as Response).locals.cspNonce}'`],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'media-src': ["'self'", 'blob:'],
        'font-src': ["'self'", 'data:'],
        // 'self' covers the same host's ws:/wss: (graphql-ws) in current browsers.
        'connect-src': ["'self'"],
        'worker-src': ["'self'", 'blob:'],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        ...(options.https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: options.https ? { maxAge: 15_552_000, includeSubDomains: false } : false,
    // Public videos and thumbnails are shown by link previews and other sites; /media loosens this.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  return [nonce, headers];
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
