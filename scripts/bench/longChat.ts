/**
 * A long chat in Chromium: one chat of BENCH_LONG_MESSAGES (5,000) messages, prompts and answers of
 * varied length in one path, written straight into the database of a fresh stack (embedded
 * PostgreSQL and the api process serving the production build, as `npm start` serves it). Chromium
 * (1280x800) opens /chat/:id and reports:
 *
 * - time to first render: from the navigation's start until the chat's last message is on screen
 *   (the page's own clock);
 * - DOM nodes (every element of the document) once the chat is shown, and again at the end of the scroll;
 * - frame times while scrolling from the bottom to the top with mouse-wheel steps (earlier pages load
 *   on the way, as a reader's would): requestAnimationFrame deltas recorded in the page, p50 / p95 /
 *   max, and frames over 50 ms ("dropped").
 *
 * `BENCH_LONG_URL` + `BENCH_LONG_DATABASE_URL` measure an app already running instead of starting one;
 * `BENCH_LONG_WHEEL_PX` (800) is one wheel step, `BENCH_LONG_SCROLL_S` (120) caps the scroll.
 * No targets: it reports, for comparing one build with another.
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { chromium, type Page } from 'playwright-core';
import { findChromium } from '../lib/chromium.ts';
import { ensureWebBuilt } from '../lib/web-build.ts';
import { percentile, signUp, startStack } from './harness.ts';

const MESSAGES = Number(process.env.BENCH_LONG_MESSAGES ?? 5000);
const WHEEL_PX = Number(process.env.BENCH_LONG_WHEEL_PX ?? 800);
const SCROLL_LIMIT_MS = Number(process.env.BENCH_LONG_SCROLL_S ?? 120) * 1000;
const DROPPED_MS = 50;

const PARAGRAPH =
  'Long chats are read back as much as they are written: a reader scrolls up to find what was said, ' +
  'copies a snippet, and comes back down to ask the next question. ';

/** Prompts of one line, answers of one to five paragraphs, some with a list or a code block. */
function contentOf(index: number): string {
  if (index % 2 === 0) return `Question ${index / 2 + 1}: how does part ${index % 17} fit with the rest?`;
  const paragraphs = 1 + (index % 5);
  const parts = Array.from({ length: paragraphs }, (_, p) => PARAGRAPH.repeat(1 + ((index + p) % 3)));
  if (index % 7 === 1) parts.push('- one point\n- another point\n- a last point');
  if (index % 11 === 1) parts.push('```ts\nconst answer = 42;\nconsole.log(answer);\n```');
  return `Answer ${(index + 1) / 2}.\n\n${parts.join('\n\n')}`;
}

/** The chat and its path of messages, each following the one before, oldest first; answers their ids. */
async function seedChat(databaseUrl: string, userId: string): Promise<{ chatId: string; lastId: string }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const chatId = randomUUID();
    const ids = Array.from({ length: MESSAGES }, () => randomUUID());
    const start = Date.now() - MESSAGES * 60_000;
    await client.query('begin');
    await client.query(`insert into chats (id, user_id, title) values ($1, $2, 'A very long chat')`, [
      chatId,
      userId,
    ]);
    await client.query(
      `insert into messages (id, chat_id, role, content, model, parent_id, status, created_at, updated_at)
       select m.id, $1, m.role, m.content, m.model, m.parent_id, 'complete', m.at, m.at
       from unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::uuid[], $7::timestamptz[])
         as m(id, role, content, model, parent_id, at)`,
      [
        chatId,
        ids,
        ids.map((_, i) => (i % 2 === 0 ? 'user' : 'assistant')),
        ids.map((_, i) => contentOf(i)),
        ids.map(() => 'gpt'),
        ids.map((_, i) => (i === 0 ? null : ids[i - 1])),
        ids.map((_, i) => new Date(start + i * 60_000).toISOString()),
      ],
    );
    await client.query('update chats set current_message_id = $1 where id = $2', [ids.at(-1), chatId]);
    await client.query('commit');
    return { chatId, lastId: ids.at(-1)! };
  } finally {
    await client.end();
  }
}

const domNodes = (page: Page) => page.evaluate(() => document.getElementsByTagName('*').length);

interface Result {
  firstRenderMs: number;
  nodesAfterLoad: number;
  nodesAtTop: number;
  frames: number[];
  reachedTop: boolean;
  wheelSteps: number;
  olderPages: number;
}

async function measure(baseUrl: string, cookie: string, chatId: string, lastId: string): Promise<Result> {
  const browser = await chromium.launch({
    executablePath: findChromium(false, { full: true }),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: baseUrl }]);
    const page = await context.newPage();
    // Earlier pages asked for while scrolling: how far back the reader got in the time allowed.
    let olderPages = 0;
    page.on('request', (request) => {
      if (request.postData()?.includes('query OlderMessages')) olderPages += 1;
    });
    await page.goto(`${baseUrl}/chat/${chatId}`, { waitUntil: 'commit', timeout: 60_000 });
    const shown = await page.waitForFunction(
      (id) => {
        const node = document.querySelector(`[data-message-id="${id}"]`);
        if (!node) return false;
        const box = node.getBoundingClientRect();
        return box.height > 0 && box.top < window.innerHeight ? performance.now() : false;
      },
      lastId,
      { polling: 'raf', timeout: 120_000 },
    );
    const firstRenderMs = (await shown.jsonValue()) as number;
    await page.waitForTimeout(1500);
    const nodesAfterLoad = await domNodes(page);

    // The wheel goes to the list under the pointer: the middle of the scrolling box that holds it.
    const box = await page.evaluate(`(() => {
      let node = document.querySelector('[role="log"][aria-label="Messages"]');
      while (node && getComputedStyle(node).overflowY !== 'auto') node = node.parentElement;
      const r = node && node.getBoundingClientRect();
      return r && { x: r.x, y: r.y, width: r.width, height: r.height };
    })()`);
    if (!box) throw new Error('the message list is not on screen');
    const { x, y, width, height } = box as { x: number; y: number; width: number; height: number };
    await page.mouse.move(x + width / 2, y + height / 2);
    // A string, not a function: tsx would name the inner function with a helper the page lacks.
    await page.evaluate(`(() => {
      window.__frames = [];
      window.__recording = true;
      let last = performance.now();
      const tick = (now) => {
        window.__frames.push(now - last);
        last = now;
        if (window.__recording) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    })()`);
    const scrollerTop = () =>
      page.evaluate(`(() => {
        let node = document.querySelector('[role="log"][aria-label="Messages"]');
        while (node && getComputedStyle(node).overflowY !== 'auto') node = node.parentElement;
        const more = [...document.querySelectorAll('button')].some((b) => b.textContent.includes('Load earlier'));
        return { top: node ? node.scrollTop : 0, more };
      })()`) as Promise<{ top: number; more: boolean }>;
    const started = Date.now();
    let wheelSteps = 0;
    let reachedTop = false;
    let atTopFor = 0;
    while (Date.now() - started < SCROLL_LIMIT_MS) {
      await page.mouse.wheel(0, -WHEEL_PX);
      wheelSteps += 1;
      await page.waitForTimeout(16);
      if (wheelSteps % 10 !== 0) continue;
      const { top, more } = await scrollerTop();
      // At the top with nothing left to load, twice in a row (a page may be on its way).
      atTopFor = top <= 0 && !more ? atTopFor + 1 : 0;
      if (atTopFor >= 2) {
        reachedTop = true;
        break;
      }
    }
    const frames = await page.evaluate(() => {
      const w = window as unknown as { __frames: number[]; __recording: boolean };
      w.__recording = false;
      // The first delta counts from the set-up, not a frame.
      return w.__frames.slice(1);
    });
    await page.waitForTimeout(500);
    const nodesAtTop = await domNodes(page);
    return { firstRenderMs, nodesAfterLoad, nodesAtTop, frames, reachedTop, wheelSteps, olderPages };
  } finally {
    await browser.close();
  }
}

/** An app already running (e.g. `npm start`), and its database. */
const given = (url: string, databaseUrl: string) => ({
  api: { url: url.replace(/\/$/, '') },
  databaseUrl,
  stop: async () => {},
});

/** A fresh embedded PostgreSQL and api process serving the current build. */
async function ownStack() {
  ensureWebBuilt(fileURLToPath(new URL('../..', import.meta.url)), console.log);
  return startStack({ LOG_LEVEL: 'warn' }, { discardStdout: true });
}

export async function benchLongChat(): Promise<void> {
  const givenUrl = process.env.BENCH_LONG_URL;
  const givenDb = process.env.BENCH_LONG_DATABASE_URL;
  if (!!givenUrl !== !!givenDb) throw new Error('BENCH_LONG_URL and BENCH_LONG_DATABASE_URL go together');
  const stack = givenUrl && givenDb ? given(givenUrl, givenDb) : await ownStack();
  try {
    const { cookie, userId } = await signUp(stack.api.url, 'long');
    const { chatId, lastId } = await seedChat(stack.databaseUrl, userId);
    const result = await measure(stack.api.url, cookie, chatId, lastId);
    const { frames } = result;
    const dropped = frames.filter((ms) => ms > DROPPED_MS).length;
    console.log(
      `long chat (${MESSAGES} messages, 1280x800): first render ${result.firstRenderMs.toFixed(0)} ms, ` +
        `DOM nodes ${result.nodesAfterLoad} after load, ${result.nodesAtTop} after the scroll; ` +
        `scrolling bottom to top (${result.wheelSteps} wheel steps of ${WHEEL_PX} px, ` +
        `${result.reachedTop ? 'reached the top' : `stopped after ${SCROLL_LIMIT_MS / 1000} s`}, ${result.olderPages} earlier pages loaded): ` +
        `${frames.length} frames, p50 ${percentile(frames, 50).toFixed(1)} ms, p95 ${percentile(frames, 95).toFixed(1)} ms, ` +
        `max ${Math.max(...frames).toFixed(0)} ms, ${dropped} over ${DROPPED_MS} ms`,
    );
  } finally {
    await stack.stop();
  }
}
