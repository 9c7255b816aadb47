// TEMPORARY (helper webC): screenshots of pages in German and Japanese, four looks. Not committed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { readMessages } from '@chorus/shared/messageCatalogues';
import pg from 'pg';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { signedInContext } from './support/accounts.ts';
import { looks, useJourney, waitForHydration } from './support/browser.ts';
import { friendsWithConversation, gqlAs, sendDm, whoIs } from './support/graphqlAs.ts';

const journey = useJourney('webc-shots');
const OUT = '/tmp/webC/shots';
mkdirSync(OUT, { recursive: true });
let pool: pg.Pool;
beforeAll(() => {
  pool = new pg.Pool({ connectionString: inject('e2eDatabaseUrl'), max: 2 });
});
afterAll(() => pool.end());

const LANGS = (process.env.SHOT_LANGS ?? 'de,ja').split(',');
const ONLY = process.env.SHOT_PAGES?.split(',');
const LOOKS = (process.env.SHOT_LOOKS ?? '375-light,375-dark,1280-light,1280-dark').split(',');
const findings: string[] = [];

async function publicVideo(ctx: BrowserContext, title: string) {
  const me = await whoIs(ctx);
  const slug = `${title.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}`;
  const { rows } = await pool.query(
    `insert into posts (id, user_id, slug, title, prompt, tags, duration, size, video_url, is_public)
     values (gen_random_uuid(), $1, $2, $3, $4, '{}', '8', '1280x720', '/media/none.mp4', true) returning id`,
    [me.id, slug, title, `${title}, in a cinematic style`],
  );
  return { slug, id: rows[0].id as string, username: me.username };
}

/** Elements sticking out of the window, or text cut by its own box (not a scroller, not an ellipsis). */
async function overflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const vw = document.documentElement.clientWidth;
    const scrolls = (el: Element | null): boolean => {
      for (let e = el?.parentElement; e; e = e.parentElement) {
        const o = getComputedStyle(e).overflowX;
        if (o === 'auto' || o === 'scroll') return true;
      }
      return false;
    };
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}"${(el.textContent ?? '').trim().slice(0, 50)}"`;
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const cs = getComputedStyle(el);
      if (cs.visibility === 'hidden' || cs.position === 'fixed') continue;
      if (r.right > vw + 1 && !scrolls(el)) out.push(`past window: ${name(el)} right=${Math.round(r.right)}`);
      if (
        el.scrollWidth > el.clientWidth + 2 &&
        el.clientWidth > 0 &&
        !['auto', 'scroll'].includes(cs.overflowX) &&
        cs.textOverflow !== 'ellipsis' &&
        !scrolls(el) &&
        [...el.childNodes].some((n) => n.nodeType === 3 && (n.textContent ?? '').trim())
      )
        out.push(`text overflows box: ${name(el)} ${el.scrollWidth}>${el.clientWidth}`);
    }
    return [...new Set(out)].slice(0, 8);
  });
}

describe('webC shots', () => {
  for (const lang of LANGS) {
    const catalogue = readMessages(lang).messages;
    const tr = (text: string) => catalogue[text] || text;
    for (const look of looks.filter((l) => LOOKS.includes(l.name))) {
      it(`${lang} ${look.name}`, { timeout: 600_000 }, async () => {
        const browser = journey.browser();
        const a = await signedInContext(browser, look, 'wca');
        const b = await signedInContext(browser, look, 'wcb');
        for (const ctx of [a, b])
          await ctx.addInitScript((l) => localStorage.setItem('chorus.language', l), lang);
        const aMe = await whoIs(a);
        const bMe = await whoIs(b);
        const bVideo = await publicVideo(b, 'Ein Drachen über den Dünen bei Sonnenuntergang');
        const aVideo = await publicVideo(a, 'A lighthouse in a storm');
        await b.request.post(`/api/posts/${aVideo.id}/comments`, {
          data: { body: 'Donaudampfschifffahrtsgesellschaftskapitänsmütze! Wunderschön, wirklich.' },
        });
        const top = await (
          await a.request.post(`/api/posts/${bVideo.id}/comments`, {
            data: { body: 'Beautiful light. Which model did you use for this one?' },
          })
        ).json();
        await b.request.post(`/api/posts/${bVideo.id}/comments`, {
          data: { body: 'Thanks! Sora, eight seconds.', parentId: top.id },
        });
        const conversation = await friendsWithConversation(a, b, bMe);
        await sendDm(a, conversation, 'Hallo! Hast du das neue Video gesehen?');
        await sendDm(b, conversation, 'はい、見ました。とても綺麗です。');
        const chat = await (await b.request.post('/api/chats', { data: {} })).json();
        await b.request.post(`/api/chats/${chat.id}/messages`, {
          data: { content: 'Write a note about the lantern festival' },
        });
        const share = await gqlAs(b, 'mutation($c: ID!) { createChatShare(chatId: $c) { token url } }', {
          c: chat.id,
        });
        const compareChat = await (await b.request.post('/api/chats', { data: {} })).json();
        await b.request.post(`/api/chats/${compareChat.id}/messages`, {
          data: { content: '@claude @gemini Say hello in one sentence' },
        });
        void aMe;

        const page = await b.newPage();
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        const shot = async (name: string, fullPage = true) => {
          if (ONLY && !ONLY.includes(name)) return;
          await page.waitForTimeout(400);
          const found = await overflows(page);
          if (found.length) findings.push(`${lang} ${look.name} ${name}:\n  ${found.join('\n  ')}`);
          await page.screenshot({ path: `${OUT}/${name}-${lang}-${look.name}.png`, fullPage });
        };
        const visit = async (name: string, path: string, wait?: () => Promise<unknown>) => {
          if (ONLY && !ONLY.includes(name)) return;
          try {
            await page.goto(path);
            await waitForHydration(page);
            await page.getByRole('heading').first().waitFor({ timeout: 10_000 });
            if (wait) await wait();
            await shot(name);
          } catch (e) {
            findings.push(`${lang} ${look.name} ${name}: FAILED ${String(e).slice(0, 200)}`);
          }
        };
        await visit('creator', `/u/${aVideo.username}`);
        await visit('video-comments', `/videos/${bVideo.slug}`, () =>
          page.getByRole('heading', { name: tr('Comments') }).scrollIntoViewIfNeeded(),
        );
        await visit('notifications', '/notifications');
        await visit('friends', '/friends');
        await visit('messages', '/messages');
        await visit('usage', '/usage');
        await visit('prompts', '/prompts');
        await visit('assistants', '/assistants');
        await visit('files', '/files');
        await visit('leaderboard', '/leaderboard');
        await visit('settings', '/settings');
        await visit('tokens', '/settings/tokens');
        await visit('webhooks', '/settings/webhooks');
        await visit('tools', '/settings/tools');
        await visit('safety', '/settings/safety');
        await visit('share-page', new URL(share.createChatShare.url).pathname);
        await visit('compare-chat', `/chat/${compareChat.id}`, () => page.waitForTimeout(2500));
        // Search (Ctrl+K) in the chat.
        await visit('chat', `/chat/${chat.id}`, () => page.waitForTimeout(1500));
        if (!ONLY || ONLY.includes('search')) {
          try {
            await page.keyboard.press('Control+k');
            await page.getByRole('dialog').waitFor({ timeout: 5000 });
            await page.keyboard.type('lantern');
            await page.waitForTimeout(1200);
            await shot('search', false);
            await page.keyboard.press('Escape');
          } catch (e) {
            findings.push(`${lang} ${look.name} search: FAILED ${String(e).slice(0, 200)}`);
          }
        }
        // The share dialog.
        if (!ONLY || ONLY.includes('share-dialog')) {
          try {
            await page.goto(`/chat/${chat.id}`);
            await waitForHydration(page);
            await page.getByRole('button', { name: tr('Share chat') }).first().click({ timeout: 8000 });
            await page.getByRole('dialog').waitFor({ timeout: 5000 });
            await shot('share-dialog', false);
          } catch (e) {
            findings.push(`${lang} ${look.name} share-dialog: FAILED ${String(e).slice(0, 200)}`);
          }
        }
        // Canvas.
        if (!ONLY || ONLY.includes('canvas')) {
          try {
            await page.goto(`/chat/${chat.id}`);
            await waitForHydration(page);
            await page.getByRole('button', { name: tr('Open in canvas') }).first().click({ timeout: 8000 });
            await page.getByTestId('canvas').waitFor({ timeout: 8000 });
            await shot('canvas', false);
          } catch (e) {
            findings.push(`${lang} ${look.name} canvas: FAILED ${String(e).slice(0, 200)}`);
          }
        }
        // Import dialog.
        if (!ONLY || ONLY.includes('import')) {
          try {
            await page.goto('/chat');
            await waitForHydration(page);
            if (look.viewport.width < 800)
              await page.getByRole('button', { name: tr('Toggle sidebar') }).click({ timeout: 8000 });
            await page.getByRole('button', { name: tr('Import chats') }).click({ timeout: 8000 });
            await page.getByRole('dialog').waitFor({ timeout: 5000 });
            await shot('import', false);
          } catch (e) {
            findings.push(`${lang} ${look.name} import: FAILED ${String(e).slice(0, 200)}`);
          }
        }
        // Report dialog on A's video, and the comment box refusing an over-long comment.
        if (!ONLY || ONLY.includes('report')) {
          try {
            await page.goto(`/videos/${aVideo.slug}`);
            await waitForHydration(page);
            await page.getByRole('button', { name: tr('Report') }).first().click({ timeout: 8000 });
            await page.getByRole('dialog').waitFor({ timeout: 5000 });
            await shot('report', false);
          } catch (e) {
            findings.push(`${lang} ${look.name} report: FAILED ${String(e).slice(0, 200)}`);
          }
        }
        if (!ONLY || ONLY.includes('comment-too-long')) {
          try {
            await page.goto(`/videos/${aVideo.slug}`);
            await waitForHydration(page);
            const box = page.getByRole('textbox', { name: tr('Add a comment') });
            await box.fill('x'.repeat(2001), { timeout: 8000 });
            await box.press('Control+Enter');
            await page.getByRole('alert').first().waitFor({ timeout: 5000 });
            await box.scrollIntoViewIfNeeded();
            await shot('comment-too-long', false);
          } catch (e) {
            findings.push(`${lang} ${look.name} comment-too-long: FAILED ${String(e).slice(0, 200)}`);
          }
        }
        if (errors.length) findings.push(`${lang} ${look.name} page errors: ${errors.slice(0, 3).join(' | ')}`);
        writeFileSync(`${OUT}/findings.txt`, findings.join('\n'));
        await a.close();
        await b.close();
      });
    }
  }
});
