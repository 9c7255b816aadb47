import http from 'node:http';
import https from 'node:https';
import { convert } from 'html-to-text';
import {
  type RequestFilteringAgentOptions,
  RequestFilteringHttpAgent,
  RequestFilteringHttpsAgent,
} from 'request-filtering-agent';

/**
 * Reads a web page a search result points at, as text, without letting a result reach inside the
 * server's network (SSRF): the request-filtering agents refuse to connect to private, loopback,
 * link-local and reserved addresses at the moment of connecting (after DNS, so a name that resolves
 * to 127.0.0.1 is refused too), and each redirect is a new request through them. Size and time are
 * bounded; anything but HTML or plain text is not read.
 */

export interface PageLimits {
  timeoutMs: number;
  maxBytes: number;
  /** Addresses let through although private (tests only: their fake pages live on loopback). */
  allowAddresses?: string[];
}

export class PageRefused extends Error {}

const MAX_REDIRECTS = 3;
/** The text kept per page: the prompt takes a few passages, not whole sites. */
export const PAGE_TEXT_CHARS = 6_000;

function agents(limits: PageLimits) {
  const options: RequestFilteringAgentOptions = {
    allowPrivateIPAddress: false,
    allowMetaIPAddress: false,
    allowIPAddressList: limits.allowAddresses ?? [],
  };
  return { http: new RequestFilteringHttpAgent(options), https: new RequestFilteringHttpsAgent(options) };
}

interface Fetched {
  status: number;
  location?: string;
  contentType: string;
  body: Buffer;
}

function get(
  url: URL,
  limits: PageLimits,
  pool: ReturnType<typeof agents>,
  signal: AbortSignal,
): Promise<Fetched> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      {
        agent: url.protocol === 'https:' ? pool.https : pool.http,
        headers: {
          'user-agent': 'ChorusBot/1.0 (+web search for a user)',
          accept: 'text/html,text/plain;q=0.9',
        },
        signal,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const contentType = String(response.headers['content-type'] ?? '');
        if (status >= 300 && status < 400) {
          response.resume();
          resolve({ status, location: response.headers.location, contentType, body: Buffer.alloc(0) });
          return;
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > limits.maxBytes) {
          response.destroy();
          reject(new PageRefused(`the page is bigger than ${limits.maxBytes} bytes`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          // A page without a length (or lying about it) is cut at the limit: its start is what counts.
          if (size > limits.maxBytes) {
            chunks.push(chunk.subarray(0, chunk.length - (size - limits.maxBytes)));
            response.destroy();
            resolve({ status, contentType, body: Buffer.concat(chunks) });
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ status, contentType, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

/** The readable text of an HTML page (no scripts, styles, navigation or image alt noise). */
export function htmlToText(html: string): string {
  return convert(html, {
    wordwrap: false,
    baseElements: { selectors: ['main', 'article', 'body'], returnDomByDefault: true },
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
      { selector: 'nav', format: 'skip' },
      { selector: 'header', format: 'skip' },
      { selector: 'footer', format: 'skip' },
      { selector: 'script', format: 'skip' },
      { selector: 'style', format: 'skip' },
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'h3', options: { uppercase: false } },
      { selector: 'table', format: 'dataTable' },
    ],
  })
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The text of the page at `address`, at most PAGE_TEXT_CHARS long. Throws PageRefused for an
 * address it must not read (a private one, another scheme, too many redirects, not text) and the
 * network's error otherwise.
 */
export async function pageText(address: string, limits: PageLimits, signal?: AbortSignal): Promise<string> {
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const bounded = signal ? AbortSignal.any([signal, timeout]) : timeout;
  const pool = agents(limits);
  try {
    let url = new URL(address);
    for (let hop = 0; ; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        throw new PageRefused(`${url.protocol} is not read`);
      if (url.username || url.password) throw new PageRefused('addresses with credentials are not read');
      let fetched: Fetched;
      try {
        fetched = await get(url, limits, pool, bounded);
      } catch (error) {
        // The agents' refusal of a private address arrives as a connection error.
        if (error instanceof Error && /is not allowed/.test(error.message))
          throw new PageRefused(error.message);
        throw error;
      }
      if (fetched.location !== undefined) {
        if (hop >= MAX_REDIRECTS) throw new PageRefused('too many redirects');
        url = new URL(fetched.location, url);
        continue;
      }
      if (fetched.status < 200 || fetched.status >= 300)
        throw new PageRefused(`the page answered ${fetched.status}`);
      const type = fetched.contentType.split(';')[0]!.trim().toLowerCase();
      const body = fetched.body.toString('utf8');
      const textOf =
        type === 'text/html' || type === 'application/xhtml+xml'
          ? htmlToText(body)
          : type === 'text/plain' || type === ''
            ? body.trim()
            : undefined;
      if (textOf === undefined) throw new PageRefused(`${type} is not read`);
      return textOf.slice(0, PAGE_TEXT_CHARS);
    }
  } finally {
    pool.http.destroy();
    pool.https.destroy();
  }
}
