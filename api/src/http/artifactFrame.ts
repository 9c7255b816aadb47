import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type RequestHandler, Router } from 'express';
import helmet from 'helmet';

/**
 * Where the preview frame of answers' html, svg, mermaid and React blocks is served (the web build's
 * second page, web/artifact-frame.html; the chat frames it: components/conversation/ArtifactBlock.tsx).
 */
export const ARTIFACT_FRAME_PATH = '/artifact-frame.html';
/**
 * Every path Express routes to it (its routing ignores case and a trailing slash): each of them
 * gets the frame's headers, never the pages'.
 */
export const isArtifactFramePath = (path: string) => /^\/artifact-frame\.html\/?$/i.test(path);

/**
 * The frame's own policy, in place of the pages' one (securityHeaders.ts):
 * - `sandbox allow-scripts` in the response itself: whoever frames or opens it, the page runs at an
 *   opaque origin, so the artifact's scripts can't read the app's cookies or storage, and requests
 *   it could make carry no session. Never allow-same-origin, no top navigation, no popups, no forms.
 * - scripts: Chorus's own built files (React, Mermaid and sucrase come with the frame, no CDN), plus
 *   inline scripts and eval, which an artifact is (a page's inline <script>, a JSX component built
 *   in the frame). This is the only page of Chorus that allows them; the app's pages never do.
 * - nothing else may load or leave: no fetch/XHR/WebSocket (connect-src 'none'), no frames, forms,
 *   workers, plugins or <base>; images only from data: and blob: URLs it makes itself.
 * - frame-ancestors 'self': only Chorus's own pages may frame it.
 */
const frameHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      'default-src': ["'none'"],
      'script-src': ["'self'", "'unsafe-inline'", "'unsafe-eval'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ['data:', 'blob:'],
      'font-src': ['data:'],
      'connect-src': ["'none'"],
      'frame-src': ["'none'"],
      'child-src': ["'none'"],
      'worker-src': ["'none'"],
      'object-src': ["'none'"],
      'form-action': ["'none'"],
      'base-uri': ["'none'"],
      'frame-ancestors': ["'self'"],
      sandbox: ['allow-scripts'],
    },
  },
  xFrameOptions: { action: 'sameorigin' },
  referrerPolicy: { policy: 'no-referrer' },
  crossOriginResourcePolicy: { policy: 'same-origin' },
  // An opaque-origin page can't share an opener with the app anyway.
  crossOriginOpenerPolicy: false,
  strictTransportSecurity: false,
});

/** The frame's security headers, chosen by securityHeaders.ts for ARTIFACT_FRAME_PATH. */
export const artifactFrameHeaders: RequestHandler = frameHeaders;

/**
 * Serves the built frame page. Its scripts are /assets files like the app's; as the frame is an
 * opaque origin, its module scripts are cross-origin requests, which web.ts answers with
 * `Access-Control-Allow-Origin: *` (the code is public, and no credentials are allowed with `*`).
 */
export function artifactFrameRoute(distDir: string): Router {
  const r = Router();
  const file = path.join(distDir, 'artifact-frame.html');
  const html = existsSync(file) ? readFileSync(file, 'utf8') : null;
  r.get(ARTIFACT_FRAME_PATH, (_req, res) => {
    if (!html) {
      res.status(503).type('text').send('The web app is not built yet: run `npm run build`.');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(html);
  });
  return r;
}
