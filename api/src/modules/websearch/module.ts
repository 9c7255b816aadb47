import { defineModule } from '../../http/module.ts';
import { readSettings } from '../../platform/config.ts';
import { brave, searxng, tavily, type WebSearchProvider } from './core/providers.ts';
import { WebSearch } from './core/webSearch.ts';
import { webSearchSettings } from './settings.ts';

declare module '../../platform/module.ts' {
  interface AppServices {
    /** "Search the web" and @perplexity's research: off when WEB_SEARCH_PROVIDER is unset. */
    webSearch: WebSearch;
  }
}

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

/** Web search: a search service chosen by config, and result pages read without reaching private addresses. */
export const webSearchModule = defineModule({
  name: 'websearch',
  uses: [],
  settings: webSearchSettings,
  settingsIssues: (config) => {
    const s = readSettings(webSearchSettings, config);
    if (s.WEB_SEARCH_PROVIDER === 'searxng' && !s.WEB_SEARCH_BASE_URL)
      return ['WEB_SEARCH_BASE_URL: required for WEB_SEARCH_PROVIDER=searxng (the SearXNG instance)'];
    if ((s.WEB_SEARCH_PROVIDER === 'tavily' || s.WEB_SEARCH_PROVIDER === 'brave') && !s.WEB_SEARCH_API_KEY)
      return [`WEB_SEARCH_API_KEY: required for WEB_SEARCH_PROVIDER=${s.WEB_SEARCH_PROVIDER}`];
    return [];
  },
  services: (core) => {
    const s = readSettings(webSearchSettings, core.config);
    return {
      webSearch: new WebSearch(providerFrom(s), {
        results: s.WEB_SEARCH_RESULTS,
        page: { timeoutMs: s.WEB_FETCH_TIMEOUT_MS, maxBytes: s.WEB_FETCH_MAX_BYTES },
      }),
    };
  },
});
