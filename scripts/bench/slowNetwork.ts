/**
 * /chat on a slow network: the production build served as `npm start` serves it (a fresh embedded
 * PostgreSQL, the api process), a new account signed up, then Chromium opens /chat with the cache
 * disabled and the network throttled through CDP (Network.emulateNetworkConditions: 400 ms latency,
 * 400 kbit/s = 50,000 bytes/s down and up). Measured from the navigation's start:
 *
 * - first paint: the first-contentful-paint entry (the server's HTML drawn, before any script ran);
 * - usable composer: the message box (textarea "Message") visible and enabled, so typing works (the
 *   server-drawn outline's box, api/src/http/appShell.ts: what is typed there and an Enter carry over);
 * - app ready: the app's own composer, its Send button there (a message sends at once from then on);
 * - KB transferred until then, and in all once the network has been quiet for 2 s.
 *
 * Targets: first paint <= 1.5 s, usable composer <= 6 s. `BENCH_SLOW_RUNS` runs (3), judged by the
 * median; `BENCH_SLOW_URL` measures an app already running; `BENCH_SLOW_LATENCY_MS` and `BENCH_SLOW_BYTES_PER_S` change the network. Exits 1 on a miss.
 */
import { fileURLToPath } from 'node:url';
import { type CDPSession, chromium } from 'playwright-core';
import { findChromium } from '../lib/chromium.ts';
import { ensureWebBuilt } from '../lib/web-build.ts';
import { median, signUp, startStack } from './harness.ts';

const RUNS = Number(process.env.BENCH_SLOW_RUNS ?? 3);
const LATENCY_MS = Number(process.env.BENCH_SLOW_LATENCY_MS ?? 400);
const BYTES_PER_S = Number(process.env.BENCH_SLOW_BYTES_PER_S ?? 50_000);
const VERBOSE = !!process.env.BENCH_SLOW_VERBOSE && process.env.BENCH_SLOW_VERBOSE !== '0';
const TARGETS = { firstPaintMs: 1500, usableMs: 6000 };

interface Run {
  firstPaintMs: number;
  usableMs: number;
  appReadyMs: number;
  usableKb: number;
  totalKb: number;
  requests: number;
}

/** Sums what the network delivered (headers and bodies, as encoded on the wire) while the page loads. */
function countTransfer(cdp: CDPSession) {
  let bytes = 0;
  let requests = 0;
  let lastActivity = Date.now();
  const started = Date.now();
  const urls = new Map<string, string>();
  cdp.on('Network.loadingFinished', (event) => {
    bytes += event.encodedDataLength;
    requests += 1;
    lastActivity = Date.now();
    // BENCH_SLOW_VERBOSE=1 lists each response: when it finished, its size, what it was.
    if (VERBOSE)
      console.log(
        `    ${String(Date.now() - started).padStart(6)} ms ${(event.encodedDataLength / 1024).toFixed(1).padStart(6)} KB  ${urls.get(event.requestId)}`,
      );
  });
  cdp.on('Network.requestWillBeSent', (event) => {
    lastActivity = Date.now();
    urls.set(
      event.requestId,
      `${event.request.method} ${event.request.url.replace(/^https?:\/\/[^/]+/, '')}`,
    );
  });
  return {
    get kb() {
      return bytes / 1024;
    },
    get requests() {
      return requests;
    },
    async quiet(ms: number, limitMs = 60_000) {
      const deadline = Date.now() + limitMs;
      while (Date.now() - lastActivity < ms && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
    },
  };
}

async function measure(baseUrl: string, cookie: string): Promise<Run> {
  const browser = await chromium.launch({
    executablePath: findChromium(false, { full: true }),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: baseUrl }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: LATENCY_MS,
      downloadThroughput: BYTES_PER_S,
      uploadThroughput: BYTES_PER_S,
    });
    const transfer = countTransfer(cdp);
    await page.goto(`${baseUrl}/chat`, { waitUntil: 'commit', timeout: 60_000 });
    // In the page, so the time is the page's own clock from the navigation's start.
    const usable = await page.waitForFunction(
      () => {
        const box = document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message"]');
        if (!box || box.disabled || box.getClientRects().length === 0) return false;
        return performance.now();
      },
      undefined,
      { polling: 20, timeout: 90_000 },
    );
    const usableMs = (await usable.jsonValue()) as number;
    const usableKb = transfer.kb;
    const ready = await page.waitForFunction(
      () => (document.querySelector('button[aria-label="Send message"]') ? performance.now() : false),
      undefined,
      { polling: 20, timeout: 90_000 },
    );
    const appReadyMs = (await ready.jsonValue()) as number;
    const firstPaintMs = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    );
    await transfer.quiet(2000);
    return {
      firstPaintMs,
      usableMs,
      appReadyMs,
      usableKb,
      totalKb: transfer.kb,
      requests: transfer.requests,
    };
  } finally {
    await browser.close();
  }
}

export async function benchSlowNetwork(): Promise<void> {
  ensureWebBuilt(fileURLToPath(new URL('../..', import.meta.url)), console.log);
  // BENCH_SLOW_URL measures an app already running there (e.g. `npm start`) instead of starting one.
  const given = process.env.BENCH_SLOW_URL;
  const stack = given
    ? { api: { url: given.replace(/\/$/, '') }, stop: async () => {} }
    : await startStack({ LOG_LEVEL: 'warn' }, { discardStdout: true });
  try {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      // A new account each run: a first visit to /chat, with nothing cached by the server either.
      const { cookie } = await signUp(stack.api.url, 'slow');
      const run = await measure(stack.api.url, cookie);
      runs.push(run);
      console.log(
        `  run ${i + 1}: first paint ${run.firstPaintMs.toFixed(0)} ms, usable composer ${run.usableMs.toFixed(0)} ms, ` +
          `app ready ${run.appReadyMs.toFixed(0)} ms, ` +
          `${run.usableKb.toFixed(0)} KB until usable, ${run.totalKb.toFixed(0)} KB in ${run.requests} requests in all`,
      );
    }
    const pick = (key: keyof Run) => median(runs.map((r) => r[key]));
    const firstPaintMs = pick('firstPaintMs');
    const usableMs = pick('usableMs');
    console.log(
      `slow network /chat (${LATENCY_MS} ms, ${((BYTES_PER_S * 8) / 1000).toFixed(0)} kbit/s, median of ${RUNS}): ` +
        `first paint ${firstPaintMs.toFixed(0)} ms (target <= ${TARGETS.firstPaintMs}), ` +
        `usable composer ${usableMs.toFixed(0)} ms (target <= ${TARGETS.usableMs}), ` +
        `app ready ${pick('appReadyMs').toFixed(0)} ms, ` +
        `${pick('usableKb').toFixed(0)} KB until usable, ${pick('totalKb').toFixed(0)} KB in all`,
    );
    if (!(firstPaintMs <= TARGETS.firstPaintMs && usableMs <= TARGETS.usableMs)) process.exitCode = 1;
  } finally {
    await stack.stop();
  }
}
