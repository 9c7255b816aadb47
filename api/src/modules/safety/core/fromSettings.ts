import { readSettings } from '../../../platform/config.ts';
import { safetySettings } from '../settings.ts';
import { ContentChecks } from './checks.ts';
import { OpenAIModeration } from './remote.ts';
import { DEFAULT_BLOCKED_WORDS, parseBlockedWords, WordListModeration } from './words.ts';

/** The checks as the settings describe them: the word list always, the remote checker when it has a key or an address. */
export function contentChecksFrom(config: object): ContentChecks {
  const s = readSettings(safetySettings, config);
  const words = new WordListModeration(
    parseBlockedWords(s.MODERATION_BLOCKED_WORDS ?? DEFAULT_BLOCKED_WORDS),
  );
  const remote =
    s.MODERATION_API_KEY || s.MODERATION_BASE_URL
      ? new OpenAIModeration({
          apiKey: s.MODERATION_API_KEY,
          baseURL: s.MODERATION_BASE_URL,
          model: s.MODERATION_MODEL,
          timeoutMs: s.MODERATION_TIMEOUT_MS,
        })
      : null;
  return new ContentChecks(words, remote);
}
