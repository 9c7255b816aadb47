import { Box } from '@chakra-ui/react';
import type { DiffSegment } from '../canvasRules';

/**
 * A proposal as text: removed words struck through in red, added ones in green (CanvasPanel's colours). A
 * piece is keyed by its kind and place: a word diff never has two of one kind at one offset.
 */
export function DiffText({ segments }: { segments: readonly DiffSegment[] }) {
  return (
    <Box fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word" dir="auto">
      {segments.map((segment) =>
        segment.kind === 'removed' ? (
          <Box
            as="del"
            key={`${segment.kind}:${segment.at}`}
            color="var(--canvas-removed)"
            bg="var(--canvas-removed-bg)"
          >
            {segment.text}
          </Box>
        ) : segment.kind === 'added' ? (
          <Box
            as="ins"
            key={`${segment.kind}:${segment.at}`}
            color="var(--canvas-added)"
            bg="var(--canvas-added-bg)"
            textDecoration="none"
          >
            {segment.text}
          </Box>
        ) : (
          <span key={`${segment.kind}:${segment.at}`}>{segment.text}</span>
        ),
      )}
    </Box>
  );
}
