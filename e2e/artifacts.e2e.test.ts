import type { BrowserContext, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { useSignedInContexts } from './support/accounts.ts';
import { axeOn } from './support/axe.ts';
import {
  expectNoSideScroll,
  looks,
  modeContext,
  screenshot,
  screenshotsWanted,
  shotsFolder,
} from './support/browser.ts';

/**
 * Answers' html, svg, mermaid and React blocks previewed live (components/conversation/ArtifactBlock.tsx)
 * in the sandboxed frame (web/src/artifact/frame.ts, served by api/src/http/artifactFrame.ts). The
 * answers arrive the way any saved answer does: a chat imported from a Chorus export through
 * /api/imports (the transfer module), then opened in /chat. One journey tries every way out of the
 * sandbox from an artifact's script and asserts each fails; the other looks at the previews in the
 * four looks (a wide light one and a narrow dark one unless `npm run screenshots`).
 */

const SHOTS = shotsFolder('artifacts');
const signedIn = useSignedInContexts('art');

/**
 * An artifact that tries to reach the app from inside the frame, writing each outcome into its own
 * page (read through the frame), so a failure to escape is seen, not assumed.
 */
const ESCAPE_HTML = `<!doctype html>
<html><body>
<h1>Escape attempts</h1>
<ul id="results"></ul>
<iframe id="inner" src="/chat" title="The app inside the artifact"></iframe>
<script>
  const results = document.getElementById('results');
  const report = (check, outcome) => {
    const li = document.createElement('li');
    li.dataset.check = check;
    li.textContent = check + ': ' + outcome;
    results.append(li);
  };
  const attempt = (check, run) => {
    try { report(check, 'read:' + String(run())); } catch (e) { report(check, 'blocked:' + e.name); }
  };
  attempt('origin', () => self.origin);
  attempt('cookie', () => document.cookie);
  attempt('localStorage', () => localStorage.length);
  attempt('sessionStorage', () => sessionStorage.length);
  attempt('parent', () => parent.document.title);
  attempt('top', () => top.location.href);
  attempt('popup', () => window.open('/chat'));
  const request = (check, url, init) =>
    fetch(url, { credentials: 'include', ...init })
      .then((res) => report(check, 'answered:' + res.status))
      .catch((e) => report(check, 'failed:' + e.name));
  Promise.all([
    request('api', '/api/files'),
    request('graphql', '/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ me { id } }' }),
    }),
  ]).then(() => {
    attempt('navigateTop', () => { top.location = '/login'; return 'assigned'; });
    report('done', 'yes');
  });
</script>
</body></html>`;

const MERMAID = `flowchart TD
  Ask[Ask a question] --> Answer{Has a diagram?}
  Answer -->|yes| Preview[Preview it live]
  Answer -->|no| Read[Read the answer]`;

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 60" width="240" height="120">
  <rect x="4" y="4" width="112" height="52" rx="10" fill="#2563eb"/>
  <text x="60" y="37" font-size="16" text-anchor="middle" fill="white">Chorus</text>
</svg>`;

const JSX = `import { useState } from 'react';

export default function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      Clicked {count} times
    </button>
  );
}`;

const fence = (language: string, code: string) => `\`\`\`${language}\n${code}\n\`\`\``;

/** A Chorus export of one chat whose answers hold the blocks (the shape of tests/fixtures/import/chorus-export.json). */
function chatExport(title: string, turns: [question: string, answer: string][]): Buffer {
  const at = (n: number) => new Date(Date.UTC(2026, 10, 20, 12, 0, n)).toISOString();
  const messages = turns.flatMap(([question, answer], i) => [
    { id: crypto.randomUUID(), role: 'user', content: question, model: null, createdAt: at(i * 2) },
    { id: crypto.randomUUID(), role: 'assistant', content: answer, model: 'code', createdAt: at(i * 2 + 1) },
  ]);
  const chat = {
    id: crypto.randomUUID(),
    title,
    assistant: 'code',
    mode: null,
    createdAt: at(0),
    updatedAt: at(turns.length * 2),
    messages,
  };
  return Buffer.from(
    JSON.stringify({ format: 'chorus', version: 1, exportedAt: at(0), chats: [chat] }),
    'utf8',
  );
}

/** Imports the chat through the api as the Import dialog does, waits for it, and opens it. */
async function openImportedChat(ctx: BrowserContext, page: Page, title: string, file: Buffer) {
  const started = await ctx.request.post('/api/imports', {
    multipart: { file: { name: 'chorus-export.json', mimeType: 'application/json', buffer: file } },
  });
  expect(started.status(), await started.text()).toBe(202);
  const { id } = (await started.json()) as { id: string };
  await expect
    .poll(
      async () => ((await (await ctx.request.get(`/api/imports/${id}`)).json()) as { status: string }).status,
      { timeout: 15_000 },
    )
    .toBe('completed');
  const chats = (await (await ctx.request.get('/api/chats')).json()) as { id: string; title: string }[];
  const chat = chats.find((c) => c.title === title);
  expect(chat).toBeTruthy();
  await page.goto(`/chat/${chat!.id}`);
  await page.getByRole('log', { name: 'Messages' }).waitFor();
}

async function shot(page: Page, name: string, look: string) {
  if (!screenshotsWanted) return;
  // Let entrance transitions finish.
  await page.waitForTimeout(400);
  await screenshot(page, { path: `${SHOTS}/${name}-${look}.png` });
}

/** axe's serious and critical findings within `selector`. */
async function expectAxeClean(page: Page, selector: string) {
  const { violations } = await axeOn(page)
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html}`).join(' | ')}`),
    selector,
  ).toEqual([]);
}

const journeyLooks = screenshotsWanted
  ? looks
  : looks.filter((l) => l.name === '1280-light' || l.name === '375-dark');

describe('Artifacts previewed in a sandbox', () => {
  it("an HTML artifact's script can't read the app's cookies or storage, call its api, navigate it or frame it", async () => {
    const ctx = await signedIn(looks[2]);
    const page = await ctx.newPage();
    // Something in the app's storage that a same-origin script could read.
    await page.goto('/chat');
    await page.evaluate(() => localStorage.setItem('artifact-canary', 'secret'));
    const title = 'Escape attempts';
    await openImportedChat(
      ctx,
      page,
      title,
      chatExport(title, [['Try to escape', fence('html', ESCAPE_HTML)]]),
    );
    const chatUrl = page.url();
    const frame = page.frameLocator('iframe[data-artifact-frame="html"]');
    const outcome = async (check: string) =>
      (await frame.locator(`li[data-check="${check}"]`).textContent({ timeout: 15_000 }))?.replace(
        `${check}: `,
        '',
      );
    expect(await outcome('done')).toBe('yes');
    // An opaque origin: no cookies or storage to read, no way into the page around it.
    expect(await outcome('origin')).toBe('read:null');
    expect(await outcome('cookie')).toMatch(/^blocked:SecurityError$|^read:$/);
    expect(await outcome('localStorage')).toBe('blocked:SecurityError');
    expect(await outcome('sessionStorage')).toBe('blocked:SecurityError');
    expect(await outcome('parent')).toBe('blocked:SecurityError');
    expect(await outcome('top')).toBe('blocked:SecurityError');
    // No popups (the sandbox has no allow-popups): window.open gives nothing.
    expect(await outcome('popup')).toBe('read:null');
    expect(ctx.pages()).toHaveLength(1);
    // No request leaves the frame (connect-src 'none'): not /api, not /graphql.
    expect(await outcome('api')).toBe('failed:TypeError');
    expect(await outcome('graphql')).toBe('failed:TypeError');
    // The top window stays where it was.
    expect(await outcome('navigateTop')).toMatch(/^blocked:|^read:assigned$/);
    expect(page.url()).toBe(chatUrl);
    await page.getByRole('log', { name: 'Messages' }).getByText('Try to escape').waitFor();
    // The app inside the artifact never loads: frame-src 'none' here, frame-ancestors 'none' there.
    const inner = page.frames().filter((f) => f.parentFrame()?.parentFrame());
    expect(inner.length).toBeLessThanOrEqual(1);
    for (const f of inner) {
      const appLoaded = await f.evaluate(() => !!document.getElementById('root')).catch(() => false);
      expect(appLoaded).toBe(false);
    }
    // And the app's own storage was never touched.
    expect(await page.evaluate(() => localStorage.getItem('artifact-canary'))).toBe('secret');
    // The frame itself, opened on its own, is sandboxed too (its CSP says so): an opaque origin.
    const direct = await ctx.newPage();
    await direct.goto('/artifact-frame.html');
    expect(await direct.evaluate(() => self.origin)).toBe('null');
    await direct.close();
    await ctx.close();
  });

  it('a preview still loading in dark mode is see-through, not a white box', async () => {
    const ctx = await signedIn(looks[1]);
    const page = await ctx.newPage();
    // The frame's page without its script: the state every preview is in until that script has run.
    await page.route('**/artifact-frame.html', async (route) => {
      const res = await route.fetch();
      await route.fulfill({
        response: res,
        body: (await res.text()).replace(/<script[^>]*><\/script>/g, ''),
      });
    });
    const title = 'Loading in the dark';
    await openImportedChat(ctx, page, title, chatExport(title, [['A logo', fence('svg', SVG)]]));
    const frame = page.locator('iframe[data-artifact-frame="svg"]');
    await frame.scrollIntoViewIfNeeded();
    await expect
      .poll(async () => frame.evaluate((el: HTMLIFrameElement) => el.contentWindow !== null))
      .toBe(true);
    const box = await frame.boundingBox();
    expect(box).toBeTruthy();
    // A strip of the frame right of the "Loading preview…" label: what shows there is the frame's canvas.
    const strip = PNG.sync.read(
      await page.screenshot({
        clip: { x: box!.x + box!.width - 40, y: box!.y + box!.height - 24, width: 30, height: 16 },
      }),
    );
    let brightest = 0;
    for (let i = 0; i < strip.data.length; i += 4) {
      brightest = Math.max(brightest, (strip.data[i]! + strip.data[i + 1]! + strip.data[i + 2]!) / 3);
    }
    expect(brightest).toBeLessThan(100);
    await page.unrouteAll({ behavior: 'wait' });
    await ctx.close();
  });

  it('a shared chat previews its diagram for a visitor who is not signed in', async () => {
    const look = looks[1];
    const ctx = await signedIn(look);
    const page = await ctx.newPage();
    const title = 'Shared diagram';
    await openImportedChat(ctx, page, title, chatExport(title, [['A diagram', fence('mermaid', MERMAID)]]));
    const chatId = new URL(page.url()).pathname.split('/').pop();
    const link = (await (await ctx.request.post(`/api/chats/${chatId}/shares`)).json()) as { url: string };
    const visitor = await modeContext(ctx.browser()!, look);
    const shared = await visitor.newPage();
    const errors: string[] = [];
    shared.on('pageerror', (e) => errors.push(e.message));
    await shared.goto(new URL(link.url).pathname);
    await shared
      .frameLocator('iframe[data-artifact-frame="mermaid"]')
      .getByText('Preview it live')
      .waitFor({ timeout: 20_000 });
    await expectNoSideScroll(shared);
    await shot(shared, 'share', look.name);
    expect(errors).toEqual([]);
    await visitor.close();
    await ctx.close();
  });

  for (const look of journeyLooks) {
    it(`previews a Mermaid diagram, an HTML page, an SVG and a React component at ${look.name}`, async () => {
      const ctx = await signedIn(look);
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const title = `Artifacts ${look.name}`;
      // Its script fails: the chat says so under the preview.
      const card =
        '<!doctype html><html><body><h1>Hello from HTML</h1><p>A small page.</p><script>notDefined();</script></body></html>';
      await openImportedChat(
        ctx,
        page,
        title,
        chatExport(title, [
          ['Draw the flow as a diagram', `Here it is:\n\n${fence('mermaid', MERMAID)}\n\nAsk for changes.`],
          ['A small web page', fence('html', card)],
          ['A logo and a counter', `${fence('svg', SVG)}\n\n${fence('jsx', JSX)}`],
          ['A broken diagram', fence('mermaid', 'flowchart TD\n  A --> (((')],
        ]),
      );
      const log = page.getByRole('log', { name: 'Messages' });

      // Mermaid: drawn in its frame, with the diagram's labels.
      const mermaid = page.frameLocator('iframe[data-artifact-frame="mermaid"]').first();
      await mermaid.locator('svg').first().waitFor({ timeout: 20_000 });
      await mermaid.getByText('Preview it live').waitFor();
      // The HTML page, the SVG and the component.
      const html = page.frameLocator('iframe[data-artifact-frame="html"]');
      await html.getByRole('heading', { name: 'Hello from HTML' }).waitFor({ timeout: 15_000 });
      await log.getByText(/The preview reported an error: .*notDefined is not defined/).waitFor();
      await page.frameLocator('iframe[data-artifact-frame="svg"]').locator('svg text').waitFor();
      const react = page.frameLocator('iframe[data-artifact-frame="react"]');
      await react.getByRole('button', { name: 'Clicked 0 times' }).click({ timeout: 15_000 });
      await react.getByRole('button', { name: 'Clicked 1 times' }).waitFor();
      // The preview is sized to its content.
      const mermaidFrame = page.locator('iframe[data-artifact-frame="mermaid"]').first();
      await mermaidFrame.scrollIntoViewIfNeeded();
      await expect.poll(async () => (await mermaidFrame.boundingBox())?.height ?? 0).toBeGreaterThan(150);
      await expectNoSideScroll(page);
      await shot(page, 'mermaid', look.name);
      await expectAxeClean(page, '[role="log"]');

      // Preview | Code, from the keyboard.
      const block = log.locator('.artifact-block').first();
      const codeButton = block.getByRole('button', { name: 'Code', exact: true });
      await codeButton.focus();
      await page.keyboard.press('Enter');
      expect(await codeButton.getAttribute('aria-pressed')).toBe('true');
      await block.locator('pre').getByText('Preview it live').waitFor();
      expect(await block.locator('iframe').count()).toBe(0);
      await shot(page, 'mermaid-code', look.name);
      await block.getByRole('button', { name: 'Preview', exact: true }).click();
      await mermaid.getByText('Preview it live').waitFor({ timeout: 20_000 });

      // Download names the file by its kind.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        block.getByRole('button', { name: 'Download the mermaid diagram' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('artifact.mmd');

      // Full screen: a dialog with the same diagram; Escape closes it.
      await block.getByRole('button', { name: 'Show the mermaid diagram full screen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Mermaid diagram' });
      await dialog.waitFor();
      await dialog
        .locator('iframe[data-artifact-frame="mermaid"]')
        .contentFrame()
        .getByText('Preview it live')
        .waitFor({ timeout: 20_000 });
      await shot(page, 'mermaid-full-screen', look.name);
      // Focus starts on Close (inside the frame, Escape would be the artifact's).
      expect(
        await dialog
          .getByRole('button', { name: 'Close full screen' })
          .evaluate((el) => el === document.activeElement),
      ).toBe(true);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      // A diagram that can't be drawn says so in its preview, not as a blank box.
      const broken = page.frameLocator('iframe[data-artifact-frame="mermaid"]').nth(1);
      await broken.getByText('The diagram could not be drawn.').waitFor({ timeout: 20_000 });
      // Shown once, in the preview: the chat doesn't repeat it.
      expect(await log.getByText(/The preview reported an error: The diagram/).count()).toBe(0);
      await log.locator('.artifact-block').last().scrollIntoViewIfNeeded();
      await shot(page, 'error', look.name);

      await log.locator('.artifact-block').nth(2).scrollIntoViewIfNeeded();
      await shot(page, 'svg-react', look.name);
      // The HTML artifact's own failing script is its error, not the app's.
      expect(errors.filter((e) => !e.includes('notDefined'))).toEqual([]);
      await ctx.close();
    });
  }
});
