import { readSettings } from '../../../platform/config.ts';
import { webSearchSettings } from '../settings.ts';
import { brave, searxng, tavily, type WebSearchProvider } from './providers.ts';
import { WebSearch } from './webSearch.ts';

type Settings = ReturnType<typeof readSettings<typeof webSearchSettings>>;

function providerFrom(s: Settings): WebSearchProvider | undefined {
  switch (s.WEB_SEARCH_PROVIDER) {
    case 'searxng':
      return s.WEB_SEARCH_BASE_URL ? searxng(s.WEB_SEARCH_BASE_URL) : undefined;
    case 'tavily':
      return s.WEB_SEARCH_API_KEY ? tavily(s.WEB_SEARCH_API_KEY, s.WEB_SEARCH_BASE_URL) : undefined;
    case 'brave':
      return s.WEB_SEARCH_API_KEY ? brave(s.WEB_SEARCH_API_KEY, s.WEB_SEARCH_BASE_URL) : undefined;
    default:
      return undefined;
  }
}

/**
 * The web search the chat's answers use (chat/module.ts builds it with the chat engine, the one
 * place that asks it): off when WEB_SEARCH_PROVIDER is unset.
 */
export function webSearchFrom(config: object): WebSearch {
  const s = readSettings(webSearchSettings, config);
  return new WebSearch(providerFrom(s), {
    results: s.WEB_SEARCH_RESULTS,
    page: { timeoutMs: s.WEB_FETCH_TIMEOUT_MS, maxBytes: s.WEB_FETCH_MAX_BYTES },
  });
}
