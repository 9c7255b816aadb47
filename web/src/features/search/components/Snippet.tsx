import { chakra } from '@chakra-ui/react';
import { parseSnippet } from '@chorus/shared/searchSnippet';

/** A search snippet as text with <mark> elements: parsed, never set as HTML. */
export function Snippet({ html }: { html: string }) {
  return (
    <>
      {parseSnippet(html).map((part, index) =>
        part.marked ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one snippet never move.
          <chakra.mark key={index} bg="yellow.muted" color="fg" rounded="xs" px="0.5">
            {part.text}
          </chakra.mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
