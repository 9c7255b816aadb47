import { type PageLimits, pageText } from './pageText.ts';
import { type SearchResult, WebSearchError, type WebSearchProvider } from './providers.ts';

/** A result as an answer uses it: what the search said, and the passage of its page that matters most. */
export interface WebFinding extends SearchResult {
  /** The best part of the page for the question (the search's snippet when the page couldn't be read). */
  passage: string;
}

/** How much of each page goes to the model: a few paragraphs, not the page. */
const PASSAGE_CHARS = 1_200;

const words = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []);

/**
 * The paragraphs of `page` that share words with `query` (the most first, then shown in page
 * order), up to PASSAGE_CHARS. Exported for its unit test.
 */
export function bestPassage(page: string, query: string): string {
  const wanted = words(query);
  const paragraphs = page
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter((p) => p.length > 0);
  const scored = paragraphs.map((text, index) => {
    let score = 0;
    for (const w of words(text)) if (wanted.has(w)) score++;
    return { text, index, score };
  });
  // Paragraphs with none of the question's words only when none has any (the page's start then).
  const relevant = scored.some((p) => p.score > 0) ? scored.filter((p) => p.score > 0) : scored;
  const picked: typeof scored = [];
  let length = 0;
  for (const p of [...relevant].sort((a, b) => b.score - a.score || a.index - b.index)) {
    if (length + p.text.length > PASSAGE_CHARS) {
      if (picked.length === 0) picked.push({ ...p, text: `${p.text.slice(0, PASSAGE_CHARS - 1)}…` });
      break;
    }
    picked.push(p);
    length += p.text.length;
  }
  return picked
    .sort((a, b) => a.index - b.index)
    .map((p) => p.text)
    .join('\n\n');
}

/**
 * Searches the web for a question: the configured service's results, each page read safely
 * (pageText.ts) at the same time and reduced to its best passage. Off when no service is configured.
 */
export class WebSearch {
  constructor(
    private readonly provider: WebSearchProvider | undefined,
    private readonly options: { results: number; page: PageLimits; timeoutMs?: number },
  ) {}

  get enabled(): boolean {
    return this.provider !== undefined;
  }

  get providerName(): string | undefined {
    return this.provider?.name;
  }

  /** Throws WebSearchError when the service fails; a page that can't be read keeps its snippet. */
  async search(query: string, signal?: AbortSignal): Promise<WebFinding[]> {
    if (!this.provider) throw new WebSearchError('Web search is not configured on this server.');
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 10_000);
    const bounded = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let results: SearchResult[];
    try {
      results = await this.provider.search(query.slice(0, 400), this.options.results, bounded);
    } catch (error) {
      if (error instanceof WebSearchError) throw error;
      throw new WebSearchError(`${this.provider.name} could not be reached`, { cause: error });
    }
    return Promise.all(
      results.map(async (result) => {
        const page = await pageText(result.url, this.options.page, signal).catch(() => '');
        return { ...result, passage: page ? bestPassage(page, query) || result.snippet : result.snippet };
      }),
    );
  }
}
