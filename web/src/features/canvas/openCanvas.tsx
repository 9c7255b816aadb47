import { Button } from '@chakra-ui/react';
import { createContext, useContext } from 'react';
import { LuPanelRight } from 'react-icons/lu';
import { useT } from '../../lib/i18n';

/**
 * What the canvas opens on. Kept apart from the panel (components/CanvasPanel.tsx, which brings
 * CodeMirror) so the chat's first load carries only this: the panel downloads when first opened.
 */
export type CanvasTarget =
  /** The chat's documents, to pick one or start a new one. */
  | { kind: 'list' }
  /** A new document from an answer ("Open in canvas"). */
  | { kind: 'answer'; messageId: string }
  /** The first document of the chat, or else a new one from this answer (a chat in rewrite mode). */
  | { kind: 'first'; messageId: string }
  | { kind: 'document'; id: string };

/** Opens the canvas beside the chat; provided by the chat page. */
export const OpenCanvasContext = createContext<((target: CanvasTarget) => void) | null>(null);

/** "Open in canvas" under a finished answer. */
export function OpenInCanvasButton({ messageId }: { messageId: string }) {
  const t = useT();
  const open = useContext(OpenCanvasContext);
  if (!open) return null;
  return (
    <Button size="xs" variant="ghost" onClick={() => open({ kind: 'answer', messageId })}>
      <LuPanelRight aria-hidden="true" /> {t('Open in canvas')}
    </Button>
  );
}
