import { diffWordsWithSpace } from 'diff';
import { t as appT, msg, type Translate } from '../../lib/i18n';

/** A rewrite the server proposed for content[start..end] (UTF-16 offsets, as JavaScript counts). */
export interface Proposal {
  start: number;
  end: number;
  text: string;
}

/** The content with the proposal in place of the passage it rewrites; the rest stays byte for byte. */
export function spliceProposal(content: string, proposal: Proposal): string {
  const start = Math.max(0, Math.min(proposal.start, content.length));
  const end = Math.max(start, Math.min(proposal.end, content.length));
  return content.slice(0, start) + proposal.text + content.slice(end);
}

/** A piece of a word diff, placed in the old text: `at` is where it sits in the document. */
export interface DiffSegment {
  kind: 'same' | 'removed' | 'added';
  text: string;
  /** Offset in the document: a kept or removed piece starts there, an added one is inserted there. */
  at: number;
}

/**
 * The selection's old text against its proposed rewrite, word by word (whitespace kept), placed at
 * the selection's offset so the editor can strike the removed pieces through where they are and
 * show the added ones beside them.
 */
export function diffSegments(oldText: string, newText: string, offset = 0): DiffSegment[] {
  const segments: DiffSegment[] = [];
  let at = offset;
  for (const change of diffWordsWithSpace(oldText, newText)) {
    if (!change.value) continue;
    const kind = change.added ? 'added' : change.removed ? 'removed' : 'same';
    segments.push({ kind, text: change.value, at });
    if (kind !== 'added') at += change.value.length;
  }
  return segments;
}

/** "3 words removed, 1 added": what a proposal changes, said to a screen reader. */
export function describeChange(segments: readonly DiffSegment[], t: Translate = appT): string {
  const words = (kind: DiffSegment['kind']) =>
    segments
      .filter((segment) => segment.kind === kind)
      .reduce((count, segment) => count + (segment.text.match(/\S+/g)?.length ?? 0), 0);
  const removed = words('removed');
  const added = words('added');
  if (removed === 0 && added === 0) return t('No change proposed');
  return t(
    '{removed, plural, one {# word} other {# words}} removed, {added, plural, one {# word} other {# words}} added',
    { removed, added },
  );
}

/** The quick instructions of the selection menu, as the model is asked them (in English; labels translated where drawn). */
export const SELECTION_ACTIONS = [
  { label: msg('Rewrite'), instruction: 'Rewrite this passage so it reads better, keeping its meaning.' },
  { label: msg('Shorter'), instruction: 'Make this shorter.' },
  { label: msg('Longer'), instruction: 'Make this longer, with more detail.' },
  { label: msg('Simpler'), instruction: 'Make this simpler to read.' },
  { label: msg('Fix grammar'), instruction: 'Fix the grammar and spelling only.' },
] as const;

/** Whole-document actions: a rewrite of 0..length with that instruction. */
export const DOCUMENT_ACTIONS = {
  text: [
    { label: msg('More formal tone'), instruction: 'Change the tone to formal and professional.' },
    { label: msg('More casual tone'), instruction: 'Change the tone to casual and friendly.' },
    { label: msg('Simpler reading level'), instruction: 'Rewrite at a middle-school reading level.' },
    { label: msg('Expert reading level'), instruction: 'Rewrite for an expert reader, more precise.' },
  ],
  code: [
    {
      label: msg('Review this code'),
      instruction: 'Review this code: fix bugs and add brief comments where something is unclear.',
    },
    { label: msg('Add comments'), instruction: 'Add brief comments explaining the code.' },
  ],
} as const;

/** The languages the editor highlights, as a code document names them. */
export function editorLanguage(
  kind: string,
  language: string | null,
): 'markdown' | 'javascript' | 'typescript' | 'python' | 'plain' {
  if (kind !== 'code') return 'markdown';
  const name = (language ?? '').toLowerCase();
  if (['ts', 'tsx', 'typescript'].includes(name)) return 'typescript';
  if (['js', 'jsx', 'javascript', 'json'].includes(name)) return 'javascript';
  if (['py', 'python'].includes(name)) return 'python';
  return 'plain';
}

/**
 * A title as shown: a document made from an answer is titled after its first line, which can carry
 * Markdown ("**Offline:** add…"); its markers are left out of the heading and the list.
 */
export function plainTitle(title: string): string {
  const plain = title
    .replace(/^\s*#{1,6}\s+/, '')
    .replace(/(\*\*|__|`)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain || title;
}

/** An assistant's name for a proposal's model id, as the chat names it. */
export function assistantName(
  assistants: readonly { id: string; name: string }[],
  id: string | null,
): string {
  if (!id) return 'the assistant';
  return assistants.find((assistant) => assistant.id === id)?.name ?? id;
}
