import { Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';

// The Markdown renderer and highlighter are the heaviest part of a conversation: they load beside
// the page (the chat and a shared chat's page alike), and until they arrive an answer shows as plain text.
const Markdown = lazy(() => import('./Markdown'));

/** An answer's words, drawn as Markdown once the renderer is in. */
export function AnswerText({ text }: { text: string }) {
  return (
    <Suspense
      fallback={
        <Text whiteSpace="pre-wrap" dir="auto">
          {text}
        </Text>
      }
    >
      <Markdown text={text} />
    </Suspense>
  );
}
