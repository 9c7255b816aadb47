import type { Grounding } from '../../knowledge/core/retrieve.ts';
import type { Source } from '../../knowledge/core/sources.ts';
import type { WebFinding } from '../../websearch/core/webSearch.ts';
import type { Assistant } from './catalogue.ts';
import { type Citation, isOffline, type ProviderProfile } from './models.ts';

/**
 * When an answer searches the web with Chorus's own search (modules/websearch): asked for ("Search
 * the web"), or always for @perplexity, whose promise is research with sources, unless its provider
 * searches by itself (Perplexity's API: its citations become the sources instead, providers.ts).
 */
export function searchesWithChorus(
  assistant: Pick<Assistant, 'id' | 'kind'>,
  profile: ProviderProfile | undefined,
  asked: boolean,
  available: boolean,
): boolean {
  if (!available || assistant.kind === 'image') return false;
  if (profile?.searchesWeb && !isOffline(profile)) return false;
  return asked || assistant.id === 'perplexity';
}

/** The web results as sources, numbered after the files' (an answer cites both alike). */
export function withWebSources(grounding: Grounding | undefined, findings: WebFinding[]): Grounding {
  const sources: Source[] = [...(grounding?.sources ?? [])];
  for (const f of findings)
    sources.push({
      n: sources.length + 1,
      kind: 'web',
      title: f.title,
      url: f.url,
      fileId: null,
      page: null,
      snippet: f.passage,
    });
  return { sources, unread: grounding?.unread ?? [] };
}

/** What a self-searching provider cited, as the answer's sources (null when it cited nothing). */
export function citedSources(citations: Citation[] | undefined): Source[] | null {
  if (!citations?.length) return null;
  return citations.map((c, i) => ({
    n: i + 1,
    kind: 'web',
    title: c.title,
    url: c.url,
    fileId: null,
    page: null,
    snippet: c.snippet,
  }));
}
