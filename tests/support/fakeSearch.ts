import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A result as the fake's three protocols give it back. */
export interface FakeResult {
  title: string;
  url: string;
  content: string;
}

export interface FakeSearch {
  url: string;
  apiKey: string;
  /** What the next searches answer. */
  results: FakeResult[];
  /** Each search received: which protocol, the query, and how it authenticated. */
  requests: { protocol: 'searxng' | 'tavily' | 'brave'; query: string; limit?: number; auth?: string }[];
  /** The next search answers this status (then back to normal). */
  failNext(status: number): void;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const listen = (server: Server, host = '127.0.0.1') =>
  new Promise<string>((resolve) =>
    server.listen(0, host, () => {
      const { port } = server.address() as AddressInfo;
      resolve(`http://${host.includes(':') ? `[${host}]` : host}:${port}`);
    }),
  );

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/**
 * One stand-in for the three web search services Chorus speaks, each in its own protocol:
 * SearXNG's GET /search?q=…&format=json ({ results: [{ title, url, content }] }), Tavily's POST
 * /search with a bearer key ({ results: [{ title, url, content, score }] }) and Brave's GET
 * /res/v1/web/search with X-Subscription-Token ({ web: { results: [{ title, url, description }] } }).
 * A wrong key gets 401, as the real ones answer.
 */
export async function startFakeSearch(): Promise<FakeSearch> {
  const apiKey = 'fake-search-key-0123';
  let failing: number | undefined;
  const fake: FakeSearch = {
    url: '',
    apiKey,
    results: [],
    requests: [],
    failNext(status) {
      failing = status;
    },
    close: () => close(server),
  };
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (failing !== undefined) {
      const status = failing;
      failing = undefined;
      json(res, status, { error: 'failing on purpose' });
      return;
    }
    if (req.method === 'GET' && url.pathname === '/search') {
      if (url.searchParams.get('format') !== 'json') return json(res, 403, { error: 'format not allowed' });
      fake.requests.push({ protocol: 'searxng', query: url.searchParams.get('q') ?? '' });
      return json(res, 200, { query: url.searchParams.get('q'), results: fake.results });
    }
    if (req.method === 'POST' && url.pathname === '/search') {
      const auth = req.headers.authorization;
      const body = JSON.parse((await readBody(req)) || '{}') as { query?: string; max_results?: number };
      fake.requests.push({ protocol: 'tavily', query: body.query ?? '', limit: body.max_results, auth });
      if (auth !== `Bearer ${apiKey}`)
        return json(res, 401, { detail: { error: 'Unauthorized: missing or invalid API key.' } });
      return json(res, 200, {
        query: body.query,
        results: fake.results.slice(0, body.max_results ?? 5).map((r, i) => ({ ...r, score: 1 - i / 10 })),
      });
    }
    if (req.method === 'GET' && url.pathname === '/res/v1/web/search') {
      const auth = req.headers['x-subscription-token'] as string | undefined;
      const count = Number(url.searchParams.get('count') ?? 20);
      fake.requests.push({ protocol: 'brave', query: url.searchParams.get('q') ?? '', limit: count, auth });
      if (auth !== apiKey)
        return json(res, 401, { type: 'ErrorResponse', error: { code: 'SUBSCRIPTION_TOKEN_INVALID' } });
      return json(res, 200, {
        type: 'search',
        web: {
          type: 'search',
          results: fake.results
            .slice(0, count)
            .map((r) => ({ title: r.title, url: r.url, description: `<strong>${r.content}</strong>` })),
        },
      });
    }
    json(res, 404, { error: 'not found' });
  });
  fake.url = await listen(server);
  return fake;
}

export interface FakePages {
  /** The "public" site (on 127.0.0.1, which tests allow as if it were public). */
  url: string;
  /** A site on the IPv6 loopback, standing for the server's private network: never to be read. */
  privateUrl: string;
  /** Paths the private site was asked for (it should stay empty). */
  privateHits: string[];
  close(): Promise<void>;
}

/**
 * Web pages for search results: /article (HTML with a nav, a script and the passage that matters),
 * /plain, /redirect-private (302 to the private site), /redirect-loop, /big (a page over any small
 * limit), /slow (never answers), /pdf (not text).
 */
export async function startFakePages(): Promise<FakePages> {
  const privateHits: string[] = [];
  const secret = createServer((req, res) => {
    privateHits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/plain' }).end('internal secret');
  });
  const privateUrl = await listen(secret, '::1');
  const site = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    switch (url.pathname) {
      case '/article':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          `<html><head><title>Lanterns</title><script>var tracking = 1;</script><style>p{}</style></head>
           <body><nav>Home About Contact</nav><main><h1>Paper lanterns</h1>
           <p>Lanterns have been made of paper for centuries.</p>
           <p>A floating lantern stays on the lake for about forty minutes before its candle burns out.</p>
           <p>Unrelated paragraph about gardening tools.</p></main><footer>© Site</footer></body></html>`,
        );
        return;
      case '/plain':
        res.writeHead(200, { 'content-type': 'text/plain' }).end('Plain words about lanterns.');
        return;
      case '/redirect-private':
        res.writeHead(302, { location: `${privateUrl}/metadata` }).end();
        return;
      case '/redirect-loop':
        res.writeHead(302, { location: '/redirect-loop' }).end();
        return;
      case '/big':
        res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(5 * 1024 * 1024) });
        res.end('x'.repeat(1024));
        return;
      case '/slow':
        return; // never answers
      case '/pdf':
        res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4');
        return;
      default:
        res.writeHead(404).end();
    }
  });
  const url = await listen(site);
  return {
    url,
    privateUrl,
    privateHits,
    close: async () => {
      await close(site);
      await close(secret);
    },
  };
}
