import { defineModule } from '../../http/module.ts';
import { readSettings } from '../../platform/config.ts';
import { webSearchSettings } from './settings.ts';

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
});
