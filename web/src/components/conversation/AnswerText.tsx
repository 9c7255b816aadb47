import { Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';

// The Markdown renderer and highlighter are the heaviest part of a conversation: they load beside
// the page (the chat and a shared chat's page alike), and until they arrive an answer shows as plain text.
const Markdown = lazy(() => import('./Markdown'));

/**
 * An answer's words, drawn as Markdown once the renderer is in; with `answerId` and `sourceCount`
 * its [n] markers link to the sources listed under it (Sources.tsx).
 */
export function AnswerText({
  text,
  answerId,
  sourceCount,
}: {
  text: string;
  answerId?: string;
  sourceCount?: number;
}) {
  return (
    <Suspense
      fallback={
        <Text whiteSpace="pre-wrap" dir="auto">
          {text}
        </Text>
      }
    >
      <Markdown text={text} answerId={answerId} sourceCount={sourceCount} />
    </Suspense>
  );
}
