/**
 * The web search services Chorus can ask, each spoken in its own protocol (tests/support/fakeSearch.ts
 * fakes all three): SearXNG's JSON API, Tavily's /search and Brave's web search API. The provider is
 * the operator's choice (WEB_SEARCH_PROVIDER, settings.ts), so its address may be a private one (a
 * SearXNG beside the api); the result pages it returns are not trusted (pageText.ts).
 */

/** One search result as every provider gives it. */
export interface SearchResult {
  title: string;
  url: string;
  snippet: string;
}

export interface WebSearchProvider {
  readonly name: 'searxng' | 'tavily' | 'brave';
  search(query: string, limit: number, signal: AbortSignal): Promise<SearchResult[]>;
}

/** A search service that failed or answered what it shouldn't: the answer goes on without web results. */
export class WebSearchError extends Error {}

async function readJson(response: Response, provider: string): Promise<unknown> {
  if (!response.ok) throw new WebSearchError(`${provider} answered ${response.status}`);
  try {
    return await response.json();
  } catch {
    throw new WebSearchError(`${provider} answered something other than JSON`);
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Keeps results with an http(s) address and a title, at most `limit`. */
function clean(results: SearchResult[], limit: number): SearchResult[] {
  return results
    .filter((r) => /^https?:\/\//i.test(r.url) && URL.canParse(r.url))
    .map((r) => ({ title: r.title.trim() || r.url, url: r.url, snippet: r.snippet.trim() }))
    .slice(0, limit);
}

const records = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value)
    ? value.filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null)
    : [];

/** SearXNG: GET /search?q=…&format=json (the instance must allow the json format). */
export function searxng(baseUrl: string): WebSearchProvider {
  return {
    name: 'searxng',
    async search(query, limit, signal) {
      const url = new URL('search', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
      url.searchParams.set('q', query);
      url.searchParams.set('format', 'json');
      const body = (await readJson(await fetch(url, { signal }), 'SearXNG')) as { results?: unknown };
      const results = records(body.results).map((r) => ({
        title: text(r.title),
        url: text(r.url),
        snippet: text(r.content),
      }));
      return clean(results, limit);
    },
  };
}

/** Tavily: POST /search with the key as a bearer token. */
export function tavily(apiKey: string, baseUrl = 'https://api.tavily.com'): WebSearchProvider {
  return {
    name: 'tavily',
    async search(query, limit, signal) {
      const response = await fetch(new URL('/search', baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
        body: JSON.stringify({ query, max_results: limit, search_depth: 'basic' }),
        signal,
      });
      const body = (await readJson(response, 'Tavily')) as { results?: unknown };
      const results = records(body.results).map((r) => ({
        title: text(r.title),
        url: text(r.url),
        snippet: text(r.content),
      }));
      return clean(results, limit);
    },
  };
}

/** Brave: GET /res/v1/web/search with the key in X-Subscription-Token. */
export function brave(apiKey: string, baseUrl = 'https://api.search.brave.com'): WebSearchProvider {
  return {
    name: 'brave',
    async search(query, limit, signal) {
      const url = new URL('/res/v1/web/search', baseUrl);
      url.searchParams.set('q', query);
      url.searchParams.set('count', String(limit));
      const response = await fetch(url, {
        headers: { accept: 'application/json', 'x-subscription-token': apiKey },
        signal,
      });
      const body = (await readJson(response, 'Brave')) as { web?: { results?: unknown } };
      const results = records(body.web?.results).map((r) => ({
        title: text(r.title),
        url: text(r.url),
        // Brave marks the query's words in its snippets with <strong>.
        snippet: text(r.description).replace(/<\/?strong>/g, ''),
      }));
      return clean(results, limit);
    },
  };
}
