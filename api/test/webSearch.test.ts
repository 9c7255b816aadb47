import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakePages,
  type FakeSearch,
  startFakePages,
  startFakeSearch,
} from '../../tests/support/fakeSearch.ts';
import { PageRefused, pageText } from '../src/modules/websearch/core/pageText.ts';
import { brave, searxng, tavily, WebSearchError } from '../src/modules/websearch/core/providers.ts';
import { WebSearch } from '../src/modules/websearch/core/webSearch.ts';
import { webSearchModule } from '../src/modules/websearch/module.ts';

/**
 * Web search against fakes of the three services' protocols (tests/support/fakeSearch.ts), and the
 * reading of result pages: what must never be fetched (private addresses, redirects to them, other
 * schemes) and the bounds on what is (size, time, type).
 */
let search: FakeSearch;
let pages: FakePages;
// The fake "public" pages live on 127.0.0.1; letting that one address through stands for the internet.
const limits = () => ({ timeoutMs: 1_500, maxBytes: 64 * 1024, allowAddresses: ['127.0.0.1'] });

beforeAll(async () => {
  search = await startFakeSearch();
  pages = await startFakePages();
  search.results = [
    { title: 'Paper lanterns', url: `${pages.url}/article`, content: 'Lanterns float for a while.' },
    { title: 'Inside', url: `${pages.privateUrl}/metadata`, content: 'A private page.' },
    { title: 'Not a web page', url: 'ftp://files.example/lanterns', content: 'dropped' },
  ];
});
afterAll(async () => {
  await search.close();
  await pages.close();
});

describe('search services, each in its protocol', () => {
  it.each([
    ['searxng', () => searxng(search.url)],
    ['tavily', () => tavily(search.apiKey, search.url)],
    ['brave', () => brave(search.apiKey, search.url)],
  ] as const)(
    '%s: results with titles, addresses and snippets; non-web addresses dropped',
    async (name, make) => {
      const results = await make().search('floating lanterns', 5, AbortSignal.timeout(5_000));
      expect(results).toEqual([
        { title: 'Paper lanterns', url: `${pages.url}/article`, snippet: 'Lanterns float for a while.' },
        { title: 'Inside', url: `${pages.privateUrl}/metadata`, snippet: 'A private page.' },
      ]);
      const last = search.requests.at(-1)!;
      expect(last.protocol).toBe(name);
      expect(last.query).toBe('floating lanterns');
    },
  );

  it('a wrong key or a failing service is a WebSearchError, not a crash', async () => {
    await expect(tavily('wrong-key', search.url).search('q', 3, AbortSignal.timeout(5_000))).rejects.toThrow(
      'Tavily answered 401',
    );
    await expect(brave('wrong-key', search.url).search('q', 3, AbortSignal.timeout(5_000))).rejects.toThrow(
      'Brave answered 401',
    );
    search.failNext(500);
    await expect(searxng(search.url).search('q', 3, AbortSignal.timeout(5_000))).rejects.toBeInstanceOf(
      WebSearchError,
    );
  });
});

describe('reading result pages (SSRF)', () => {
  it('reads an HTML page as text, without its scripts and navigation', async () => {
    const text = await pageText(`${pages.url}/article`, limits());
    expect(text).toContain('A floating lantern stays on the lake for about forty minutes');
    expect(text).not.toContain('tracking');
    expect(text).not.toContain('Home About Contact');
  });

  it('never reaches a private or loopback address, directly or through a redirect', async () => {
    const refused = [
      `${pages.privateUrl}/metadata`, // IPv6 loopback
      `${pages.url.replace('127.0.0.1', 'localhost')}/plain`, // a name resolving to loopback
      'http://169.254.169.254/latest/meta-data/', // cloud metadata
      'http://10.0.0.1/',
      'http://[::ffff:127.0.0.2]/',
      'http://0.0.0.0/',
    ];
    for (const address of refused)
      await expect(pageText(address, { ...limits(), allowAddresses: [] }), address).rejects.toBeInstanceOf(
        PageRefused,
      );
    // Allowed at first, then redirected inside: refused at the second hop.
    await expect(pageText(`${pages.url}/redirect-private`, limits())).rejects.toBeInstanceOf(PageRefused);
    expect(pages.privateHits).toEqual([]);
  });

  it('refuses other schemes, credentials, endless redirects, non-text and bounds size and time', async () => {
    await expect(pageText('file:///etc/passwd', limits())).rejects.toThrow('file: is not read');
    await expect(pageText(`http://user:pw@${pages.url.slice(7)}/plain`, limits())).rejects.toBeInstanceOf(
      PageRefused,
    );
    await expect(pageText(`${pages.url}/redirect-loop`, limits())).rejects.toThrow('too many redirects');
    await expect(pageText(`${pages.url}/pdf`, limits())).rejects.toThrow('application/pdf is not read');
    await expect(pageText(`${pages.url}/big`, limits())).rejects.toThrow('bigger than');
    const started = Date.now();
    await expect(pageText(`${pages.url}/slow`, limits())).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

describe('WebSearch', () => {
  it('gives each result the best passage of its page, or its snippet when the page may not be read', async () => {
    const web = new WebSearch(searxng(search.url), { results: 5, page: limits() });
    const findings = await web.search('how long does a floating lantern stay on the lake');
    expect(findings).toHaveLength(2);
    expect(findings[0]!.passage).toContain('forty minutes');
    expect(findings[0]!.passage).not.toContain('gardening');
    expect(findings[1]!.passage).toBe('A private page.');
    expect(pages.privateHits).toEqual([]);
  });

  it('is off without a service, and says so', async () => {
    const web = new WebSearch(undefined, { results: 5, page: limits() });
    expect(web.enabled).toBe(false);
    await expect(web.search('q')).rejects.toThrow('Web search is not configured on this server.');
  });

  it('a configuration missing what its service needs is refused at start-up', () => {
    const issues = webSearchModule.settingsIssues!;
    expect(issues({ WEB_SEARCH_PROVIDER: 'searxng' } as never)).toEqual([
      'WEB_SEARCH_BASE_URL: required for WEB_SEARCH_PROVIDER=searxng (the SearXNG instance)',
    ]);
    expect(issues({ WEB_SEARCH_PROVIDER: 'brave' } as never)).toEqual([
      'WEB_SEARCH_API_KEY: required for WEB_SEARCH_PROVIDER=brave',
    ]);
    expect(issues({ WEB_SEARCH_PROVIDER: 'tavily', WEB_SEARCH_API_KEY: 'k' } as never)).toEqual([]);
  });
});
