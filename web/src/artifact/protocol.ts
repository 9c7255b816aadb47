/**
 * What the chat (components/conversation/ArtifactBlock.tsx) and the sandboxed preview frame
 * (web/artifact-frame.html, frame.ts here) say to each other with postMessage. The frame runs at an
 * opaque origin (its response CSP says `sandbox allow-scripts`: api/src/http/artifactFrame.ts), so
 * neither side can check an origin: each accepts only messages whose `event.source` is the other
 * window, and only of the shapes below.
 */

/** The kinds of fenced block that preview live. */
export type ArtifactKind = 'html' | 'svg' | 'mermaid' | 'react';

/** A fenced block's language → its kind of preview, or null for code that only shows as code. */
export function artifactKind(language: string | null | undefined): ArtifactKind | null {
  switch ((language ?? '').toLowerCase()) {
    case 'html':
      return 'html';
    case 'svg':
      return 'svg';
    case 'mermaid':
      return 'mermaid';
    case 'jsx':
    case 'tsx':
      return 'react';
    default:
      return null;
  }
}

/** The file a block downloads as: its extension (from the fence's language) and type. */
export function artifactFile(language: string): { extension: string; type: string } {
  const lang = language.toLowerCase();
  if (lang === 'html') return { extension: 'html', type: 'text/html' };
  if (lang === 'svg') return { extension: 'svg', type: 'image/svg+xml' };
  if (lang === 'mermaid') return { extension: 'mmd', type: 'text/plain' };
  if (lang === 'tsx') return { extension: 'tsx', type: 'text/plain' };
  return { extension: 'jsx', type: 'text/plain' };
}

/** Every message of the protocol carries this tag, so stray messages (extensions, the artifact's own) are told apart. */
export const ARTIFACT_PROTOCOL = 'chorus-artifact';

/** The chat → the frame: draw this. */
export interface RenderMessage {
  protocol: typeof ARTIFACT_PROTOCOL;
  type: 'render';
  kind: ArtifactKind;
  source: string;
  dark: boolean;
}

/** The frame → the chat. */
export type FrameMessage =
  | { protocol: typeof ARTIFACT_PROTOCOL; type: 'ready' }
  | { protocol: typeof ARTIFACT_PROTOCOL; type: 'size'; height: number }
  /** `shown`: the frame already shows the message itself (a block it could not draw). */
  | { protocol: typeof ARTIFACT_PROTOCOL; type: 'error'; message: string; shown: boolean };

const isRecord = (data: unknown): data is Record<string, unknown> =>
  typeof data === 'object' && data !== null;

/** The chat's side: a frame's message, if `data` is one (anything else is ignored). */
export function readFrameMessage(data: unknown): FrameMessage | null {
  if (!isRecord(data) || data.protocol !== ARTIFACT_PROTOCOL) return null;
  if (data.type === 'ready') return { protocol: ARTIFACT_PROTOCOL, type: 'ready' };
  if (data.type === 'size' && typeof data.height === 'number' && Number.isFinite(data.height))
    return { protocol: ARTIFACT_PROTOCOL, type: 'size', height: Math.max(0, data.height) };
  if (data.type === 'error' && typeof data.message === 'string')
    return {
      protocol: ARTIFACT_PROTOCOL,
      type: 'error',
      message: data.message.slice(0, 500),
      shown: data.shown === true,
    };
  return null;
}

/** The frame's side: the chat's render request, if `data` is one. */
export function readRenderMessage(data: unknown): RenderMessage | null {
  if (!isRecord(data) || data.protocol !== ARTIFACT_PROTOCOL || data.type !== 'render') return null;
  const kind = artifactKind(data.kind === 'react' ? 'jsx' : String(data.kind));
  if (!kind || typeof data.source !== 'string') return null;
  return { protocol: ARTIFACT_PROTOCOL, type: 'render', kind, source: data.source, dark: data.dark === true };
}

/**
 * Whether a fenced block's source text (from its opening fence to where the block ends) has its
 * closing fence: while an answer streams, an open fence runs to the end of the text, and its preview
 * waits until the fence closes.
 */
export function fenceClosed(blockSource: string): boolean {
  const lines = blockSource.replace(/\n+$/, '').split('\n');
  if (lines.length < 2) return false;
  const open = /^[\s>]*(`{3,}|~{3,})/.exec(lines[0] ?? '');
  if (!open?.[1]) return false;
  const fence = open[1];
  // A block inside a quote or a list has the quote's `>` and the item's indent before its fence.
  const last = (lines.at(-1) ?? '').replace(/^[\s>]*/, '').trim();
  return last.length >= fence.length && last === fence[0]!.repeat(last.length);
}
