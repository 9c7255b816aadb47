import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../tests/support/app.ts';

/**
 * The sandboxed preview frame of answers' html/svg/mermaid/React blocks (api/src/http/artifactFrame.ts):
 * its own CSP, which sandboxes it into an opaque origin wherever it is opened, and the app's pages,
 * whose policy stays as strict as without it. The browser side of it: e2e/artifacts.e2e.test.ts.
 */

const webDir = fileURLToPath(new URL('../../web/', import.meta.url));

/** A web build: the shell, the frame page with its entry script, and that script. */
function fakeDist(): string {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'chorus-dist-'));
  copyFileSync(path.join(webDir, 'index.html'), path.join(dist, 'index.html'));
  writeFileSync(
    path.join(dist, 'artifact-frame.html'),
    '<!doctype html><html><head><script type="module" crossorigin src="/assets/artifact-test.js"></script></head><body></body></html>',
  );
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'artifact-test.js'), 'export {};\n');
  return dist;
}

const app = useTestApp(() => ({ WEB_DIST: fakeDist() }));

/** A CSP header as directive → its values. */
const cspOf = (headers: Headers) =>
  new Map(
    (headers.get('content-security-policy') ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );

describe('the artifact preview frame', () => {
  it('is served with a CSP that sandboxes it (scripts only, never same-origin) and lets nothing load or leave', async () => {
    const res = await fetch(`${app.url}/artifact-frame.html`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('/assets/artifact-test.js');
    const header = res.headers.get('content-security-policy') ?? '';
    expect(header).not.toMatch(/allow-same-origin/);
    const csp = cspOf(res.headers);
    expect(csp.get('sandbox')).toEqual(['allow-scripts']);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(["'none'"]);
    expect(csp.get('frame-src')).toEqual(["'none'"]);
    expect(csp.get('child-src')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('img-src')).toEqual(['data:', 'blob:']);
    // Only Chorus's pages may frame it; scripts come from Chorus (plus the artifact's own, inline).
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'", "'unsafe-inline'", "'unsafe-eval'"]);
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('gets its own policy under every path that reaches it', async () => {
    for (const variant of ['/Artifact-Frame.html', '/artifact-frame.html/', '/ARTIFACT-FRAME.HTML']) {
      const res = await fetch(`${app.url}${variant}`);
      if (res.status === 404) continue;
      expect(cspOf(res.headers).get('sandbox'), variant).toEqual(['allow-scripts']);
    }
  });

  it("its scripts may be fetched by its opaque origin (CORS '*', never with credentials)", async () => {
    const res = await fetch(`${app.url}/assets/artifact-test.js`, { headers: { origin: 'null' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it("the app's own pages keep their strict policy: no eval, no inline scripts, never framed", async () => {
    for (const page of ['/', '/chat', '/features']) {
      const res = await fetch(`${app.url}${page}`);
      const header = res.headers.get('content-security-policy') ?? '';
      expect(header, page).not.toMatch(/unsafe-eval|allow-same-origin/);
      const csp = cspOf(res.headers);
      expect(csp.get('script-src'), page).not.toContain("'unsafe-inline'");
      expect(csp.get('frame-ancestors'), page).toEqual(["'none'"]);
      // No frame-src of its own: frames fall back to default-src 'self', which the frame's path is.
      expect(csp.get('default-src'), page).toEqual(["'self'"]);
      expect(res.headers.get('x-frame-options'), page).toBe('DENY');
    }
  });
});
