import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import type { Browser, ConsoleMessage } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { insertUser } from './support/accounts.ts';
import {
  baseUrl,
  launchBrowser,
  looks,
  modeContext,
  screenshot,
  shotsFolder,
  viewports,
  waitForHydration,
} from './support/browser.ts';

/**
 * The public data pages (the community gallery, a video's page) arrive drawn with their data by the
 * api, and the browser adopts that HTML: what a crawler reads without JavaScript, that the HTML is
 * escaped, that hydration finds exactly what the server drew (React reports any difference on the
 * console), that the page is interactive afterwards, and that only a real visit counts a view.
 */

const suffix = randomBytes(3).toString('hex');
const slug = `a-kite-over-the-dunes-${suffix}`;
const hostileSlug = `hostile-title-${suffix}`;
/** A video of its own for the AI label's screenshots (its views are other tests' business). */
const labelSlug = `a-lighthouse-in-fog-${suffix}`;
const hostileTitle = `Kites </script><script>window.__pwned=1</script> & "dunes" ${suffix}`;
let pool: pg.Pool;
let browser: Browser;

async function insertPost(userId: string, postSlug: string, title: string, prompt: string, tags: string[]) {
  await pool.query(
    `insert into posts (id, user_id, slug, title, prompt, description, tags, duration, size, video_url, is_public,
       views, likes, created_at)
     values (gen_random_uuid(), $1, $2, $3, $4, null, $5, '8', '1280x720', '/media/none.mp4', true, 1234, 5,
       '2026-03-04T23:30:00Z')`,
    [userId, postSlug, title, prompt, tags],
  );
}

const viewsOf = async (postSlug: string) =>
  Number((await pool.query('select views from posts where slug = $1', [postSlug])).rows[0].views);

beforeAll(async () => {
  browser = await launchBrowser();
  pool = new pg.Pool({ connectionString: inject('e2eDatabaseUrl'), max: 2 });
  const userId = await insertUser(pool, 'ssr');
  await insertPost(userId, slug, `A kite over the dunes ${suffix}`, `a red kite over the dunes ${suffix}`, [
    'kites',
  ]);
  await insertPost(userId, hostileSlug, hostileTitle, 'a kite <b>in bold</b>', []);
  // The newest public video, with a stored poster (the file itself is not needed for the markup).
  await pool.query(
    `insert into posts (id, user_id, slug, title, prompt, tags, duration, size, video_url, thumbnail_url,
       is_public, created_at)
     values (gen_random_uuid(), $1, $2, $3, 'a heron', '{}', '4', '1280x720', '/media/none.mp4', $4, true,
       now() + interval '1 day')`,
    [userId, `a-heron-${suffix}`, `A heron at dawn ${suffix}`, `/media/videos/${userId}/heron.jpg`],
  );
  // Newer than every other but the heron: on the gallery's first page, the heron still the newest.
  await pool.query(
    `insert into posts (id, user_id, slug, title, prompt, description, tags, duration, size, video_url,
       is_public, provider, model, views, created_at)
     values (gen_random_uuid(), $1, $2, $3, 'a lighthouse in fog, waves below', 'Fog rolls over the cliffs.',
       '{sea,fog}', '8', '1280x720', '/media/none.mp4', true, 'google', 'veo-3.1-generate-preview', 42,
       now() + interval '12 hours')`,
    [userId, labelSlug, `A lighthouse in fog ${suffix}`],
  );
});
afterAll(async () => {
  await browser.close();
  await pool.end();
});

/** The page inside #root as text: React separates adjacent text with empty comments. */
async function drawnRoot(path: string): Promise<string> {
  const html = await (await fetch(`${baseUrl()}${path}`)).text();
  return html.slice(html.indexOf('<div id="root">')).replaceAll('<!-- -->', '');
}

/** Opens a page collecting what React and the browser report as errors while it loads and hydrates. */
async function openCollectingErrors(
  path: string,
  viewport: { width: number; height: number } = viewports.mobile,
  where: { locale?: string; timezoneId?: string } = {},
) {
  const context = await browser.newContext({ viewport, baseURL: baseUrl(), ...where });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    // The test videos have no files: their 404s are not what this looks for.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(path);
  return { context, page, errors };
}

describe('server-drawn public data pages', () => {
  it("a video's page arrives drawn with its data, for readers that run no JavaScript", async () => {
    const root = await drawnRoot(`/videos/${slug}`);
    expect(root).toMatch(new RegExp(`<h1[^>]*>A kite over the dunes ${suffix}</h1>`));
    expect(root).toContain(`a red kite over the dunes ${suffix}`);
    expect(root).toContain('1,234 views');
    // The date as the server can know it (UTC), in the spec's US English.
    expect(root).toContain('March 4, 2026');
    // The visible AI label, there for a reader without JavaScript too.
    expect(root).toMatch(/<span[^>]*data-testid="ai-label"[^>]*>AI-generated<\/span>/);
    expect(root).toContain('<script type="application/json" id="page-data">');
    expect(root).not.toContain('Loading video...');
  });

  it('labels a video AI-generated on its page and on its community card, in every look', async () => {
    for (const look of looks) {
      const context = await modeContext(browser, look);
      try {
        const page = await context.newPage();
        await page.goto(`/videos/${labelSlug}`);
        await waitForHydration(page, { settleMs: 500 });
        await page.getByTestId('ai-label').getByText('AI-generated', { exact: true }).waitFor();
        await screenshot(page, { path: path.join(shotsFolder('ai-label'), `video-${look.name}.png`) });
        await page.goto('/community-videos');
        const card = page.getByRole('article', { name: `A lighthouse in fog ${suffix}` });
        await card.getByText('AI-generated', { exact: true }).waitFor();
        await screenshot(page, { path: path.join(shotsFolder('ai-label'), `community-${look.name}.png`) });
      } finally {
        await context.close();
      }
    }
  });

  it('escapes what it draws and the data it hands to the browser', async () => {
    const html = await (await fetch(`${baseUrl()}/videos/${hostileSlug}`)).text();
    expect(html).not.toContain('<script>window.__pwned=1</script>');
    expect(html).not.toContain('<b>in bold</b>');
    const { context, page, errors } = await openCollectingErrors(`/videos/${hostileSlug}`);
    try {
      await waitForHydration(page, { settleMs: 500 });
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(hostileTitle);
      expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('reading the HTML counts no view; a visit in a browser counts one, and hydration matches', async () => {
    const before = await viewsOf(slug);
    await fetch(`${baseUrl()}/videos/${slug}`);
    await fetch(`${baseUrl()}/videos/${slug}`);
    expect(await viewsOf(slug)).toBe(before);

    const { context, page, errors } = await openCollectingErrors(`/videos/${slug}`, viewports.desktop);
    try {
      await waitForHydration(page, { settleMs: 500 });
      await expect.poll(() => viewsOf(slug)).toBe(before + 1);
      await page.getByText(`${(before + 1).toLocaleString('en-US')} views`).waitFor();
      // Interactive: Share copies the link and says so.
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.getByRole('button', { name: 'Share' }).click();
      await page.getByText('Link Copied', { exact: true }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("hydrates in the visitor's own locale and time zone, then shows their formats", async () => {
    // Drawn on the server as "1,234 views" and "March 4, 2026" (UTC); in Tokyo it is already March 5.
    const { context, page, errors } = await openCollectingErrors(`/videos/${slug}`, viewports.mobile, {
      locale: 'de-DE',
      timezoneId: 'Asia/Tokyo',
    });
    try {
      await waitForHydration(page, { settleMs: 500 });
      await page.getByText('March 5, 2026').waitFor();
      await page.getByText(/^1\.23\d views$/).waitFor();
      await expect(page.getByRole('button', { name: 'Share' }).isEnabled()).resolves.toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the video generator page arrives drawn with the newest community videos and hydrates cleanly', async () => {
    const html = await (await fetch(`${baseUrl()}/ai-video-generator`)).text();
    // Drawn, not the empty shell the browser had to fill (4.8 KB before).
    expect(html.length).toBeGreaterThan(50_000);
    const root = html.slice(html.indexOf('<div id="root">')).replaceAll('<!-- -->', '');
    expect(root).toContain('Turn words into video in minutes');
    // The heron is the newest public post (dated tomorrow), whatever other journeys published.
    expect(root).toContain(`A heron at dawn ${suffix}`);
    expect(root).not.toContain('Loading videos...');
    // Posters are offered at the card's size: 384 px wide (scaled by the media server) or the full 640.
    expect(root).toMatch(
      /<img[^>]+srcSet="\/media\/videos\/[^"]+\/heron\.jpg\?w=384 384w, \/media\/videos\/[^"]+\/heron\.jpg 640w"/,
    );
    // A card with a poster downloads none of its video until it plays.
    expect(root).toMatch(
      /<video[^>]+preload="none"[^>]*><\/video>(?:<style[^>]*>[^<]*<\/style>)*<img[^>]+heron\.jpg/,
    );

    const { context, page, errors } = await openCollectingErrors('/ai-video-generator');
    try {
      await waitForHydration(page, { settleMs: 500 });
      // On a phone (375 px, 1x) the browser picks the 384 px poster.
      const poster = page.locator('img[srcset*="heron.jpg"]');
      expect(await poster.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/heron\.jpg\?w=384$/);
      // The heron is the newest public post whatever other journeys published (the kite may not be
      // among the newest six).
      await page.getByRole('link', { name: `A heron at dawn ${suffix}` }).click();
      await page.waitForURL(`**/videos/a-heron-${suffix}`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the community gallery arrives drawn with its videos and searches once hydrated', async () => {
    const root = await drawnRoot('/community-videos');
    // The heron is the newest public post (dated tomorrow); the kite (dated March) is on the first
    // page only while other journeys have published fewer than a page of videos: found by search below.
    expect(root).toContain(`A heron at dawn ${suffix}`);
    expect(root).toMatch(/Showing \d+ video\(s\)/);
    expect(root).not.toContain('Loading videos...');

    const { context, page, errors } = await openCollectingErrors('/community-videos');
    try {
      await waitForHydration(page, { settleMs: 500 });
      await page.getByRole('searchbox', { name: 'Search videos' }).fill(`dunes ${suffix}`);
      await page.getByText('Showing 1 video(s)').waitFor();
      await page.getByRole('link', { name: `A kite over the dunes ${suffix}` }).click();
      await page.waitForURL(`**/videos/${slug}`);
      await page.getByRole('heading', { level: 1, name: `A kite over the dunes ${suffix}` }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
