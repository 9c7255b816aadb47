import { Fragment, type ReactNode } from 'react';
import type { Translate } from '../../../lib/i18n';

const MARK = '\u0001';

/**
 * One translated sentence with elements in its places (`<Code>`, a date, a link): each `{name}` of
 * `message` is drawn as `parts[name]`, so translators move them with the words around them. The
 * sentence is translated whole (never glued from pieces); the elements are put in after.
 */
export function richText(t: Translate, message: string, parts: Record<string, ReactNode>): ReactNode {
  const marks = Object.fromEntries(Object.keys(parts).map((name) => [name, `${MARK}${name}${MARK}`]));
  return (
    t(message, marks)
      .split(MARK)
      // Odd pieces are the names between two marks; even ones the words around them.
      .map((piece, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed sentence, never reordered
        <Fragment key={`${i}${piece}`}>{i % 2 === 1 ? (parts[piece] ?? piece) : piece}</Fragment>
      ))
  );
}
