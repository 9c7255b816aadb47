import { Box, HStack, Text } from '@chakra-ui/react';
import { createContext, lazy, memo, type ReactNode, Suspense, useContext } from 'react';
import ReactMarkdown, { type Components, type ExtraProps } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { artifactKind, fenceClosed } from '../../artifact/protocol';
import { useT } from '../../lib/i18n';
import { CopyButton } from './CopyButton';
import { remarkCitations } from './citations';

type Element = NonNullable<ExtraProps['node']>;
type ElementContent = Element['children'][number];

function textOf(node: ElementContent | Element): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(textOf).join('');
  return '';
}

/** The fenced block's language, from the `language-xyz` class markdown gives its <code>. */
function languageOf(pre: Element | undefined): string | null {
  const code = pre?.children.find((child): child is Element => child.type === 'element');
  const classes = code?.properties?.className;
  const list = Array.isArray(classes) ? classes : [];
  const language = list.map(String).find((name) => name.startsWith('language-'));
  return language ? language.slice('language-'.length) : null;
}

// The live preview of html, svg, mermaid and React blocks: its own chunk, fetched by answers that have one.
const ArtifactBlock = lazy(() => import('./ArtifactBlock'));

/** The answer's Markdown source, so a block can tell whether its closing fence has arrived yet. */
const SourceText = createContext('');

/** A fenced code block: copy button, and for html/svg/mermaid/jsx/tsx a live preview (ArtifactBlock). */
function CodeBlock({ node, children }: { node: Element | undefined; children: ReactNode }) {
  const t = useT();
  const text = useContext(SourceText);
  const code = node ? textOf(node).replace(/\n$/, '') : '';
  const language = languageOf(node);
  const kind = artifactKind(language);
  const plain = (
    <Box className="code-block" borderWidth="1px" rounded="md" overflow="hidden" my="3">
      <HStack justify="space-between" px="3" py="1" bg="bg.muted" borderBottomWidth="1px">
        <Text fontSize="xs" color="fg.muted" fontFamily="mono">
          {language ?? 'code'}
        </Text>
        <CopyButton value={code} label={t('Copy code')} />
      </HStack>
      {/* Code reads left to right in any answer. */}
      <pre dir="ltr">{children}</pre>
    </Box>
  );
  if (!kind || !language) return plain;
  const start = node?.position?.start.offset;
  const end = node?.position?.end.offset;
  const closed = start !== undefined && end !== undefined && fenceClosed(text.slice(start, end));
  return (
    <Suspense fallback={plain}>
      <ArtifactBlock kind={kind} language={language} code={code} closed={closed}>
        {children}
      </ArtifactBlock>
    </Suspense>
  );
}

/**
 * Each block of an answer reads in its own direction (an Arabic paragraph in an English answer):
 * `dir="auto"` per block, as the first strong character of each decides, not the answer's first.
 */
const components: Components = {
  p: ({ node: _node, ...props }) => <p dir="auto" {...props} />,
  li: ({ node: _node, ...props }) => <li dir="auto" {...props} />,
  h1: ({ node: _node, ...props }) => <h1 dir="auto" {...props} />,
  h2: ({ node: _node, ...props }) => <h2 dir="auto" {...props} />,
  h3: ({ node: _node, ...props }) => <h3 dir="auto" {...props} />,
  h4: ({ node: _node, ...props }) => <h4 dir="auto" {...props} />,
  blockquote: ({ node: _node, ...props }) => <blockquote dir="auto" {...props} />,
  td: ({ node: _node, ...props }) => <td dir="auto" {...props} />,
  th: ({ node: _node, ...props }) => <th dir="auto" {...props} />,
  pre: ({ node, children }) => <CodeBlock node={node}>{children}</CodeBlock>,
  // Generated images (@image answers) are same-origin /media/ files; the sanitiser keeps only http(s)
  // and relative sources, and the prose styles keep them within the bubble, rounded.
  img: ({ node: _node, src, alt, ...props }) => <img src={src} alt={alt ?? ''} loading="lazy" {...props} />,
  a: ({ node: _node, href, children, ...props }) => {
    // An [n] citation (citations.ts): a small numbered chip that jumps to source n under the answer.
    const cited = href?.startsWith('#src-') ? /\[(\d+)\]/.exec(String(children))?.[1] : undefined;
    if (cited)
      return (
        <a href={href} className="citation" aria-label={`Source ${cited}`}>
          {cited}
        </a>
      );
    const external = !!href && /^https?:/i.test(href);
    return (
      <a href={href} {...props} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {children}
      </a>
    );
  },
};

// Token colours for highlighted code, readable on both the light and the dark code background.
const token = (light: string, dark: string) => ({ color: light, _dark: { color: dark } });

const proseCss = {
  wordBreak: 'break-word',
  '& > :first-child': { marginTop: 0 },
  '& > :last-child': { marginBottom: 0 },
  '& p, & ul, & ol, & blockquote, & table': { marginY: '2' },
  '& ul, & ol': { paddingStart: '5' },
  '& ul': { listStyleType: 'disc' },
  '& ol': { listStyleType: 'decimal' },
  '& li + li': { marginTop: '1' },
  '& h1, & h2, & h3, & h4': {
    fontWeight: 'semibold',
    marginTop: '3',
    marginBottom: '2',
    lineHeight: 'short',
  },
  '& h1': { fontSize: 'xl' },
  '& h2': { fontSize: 'lg' },
  '& h3, & h4': { fontSize: 'md' },
  '& a': { color: 'colorPalette.fg', textDecoration: 'underline' },
  '& a.citation': {
    display: 'inline-block',
    minWidth: '1.25em',
    paddingX: '1',
    marginX: '0.5',
    borderRadius: 'sm',
    bg: 'colorPalette.subtle',
    fontSize: '0.75em',
    lineHeight: '1.4',
    textAlign: 'center',
    textDecoration: 'none',
    verticalAlign: 'super',
  },
  '& blockquote': { borderStartWidth: '3px', paddingStart: '3', color: 'fg.muted' },
  '& hr': { marginY: '3' },
  '& img': { display: 'block', maxWidth: '100%', height: 'auto', borderRadius: 'md', marginY: '2' },
  '& table': { display: 'block', overflowX: 'auto', borderCollapse: 'collapse', fontSize: 'sm' },
  '& th, & td': { borderWidth: '1px', paddingX: '2', paddingY: '1', textAlign: 'start' },
  '& :not(pre) > code': {
    fontFamily: 'mono',
    fontSize: '0.875em',
    bg: 'bg.muted',
    paddingX: '1',
    borderRadius: 'sm',
  },
  '& pre': {
    margin: 0,
    padding: '3',
    overflowX: 'auto',
    fontFamily: 'mono',
    fontSize: 'sm',
    lineHeight: 'tall',
    bg: 'bg.subtle',
  },
  '& .hljs-comment, & .hljs-quote': { ...token('#57606a', '#8b949e'), fontStyle: 'italic' },
  '& .hljs-keyword, & .hljs-selector-tag, & .hljs-type, & .hljs-doctag': token('#cf222e', '#ff7b72'),
  '& .hljs-string, & .hljs-regexp, & .hljs-addition, & .hljs-meta .hljs-string': token('#0a3069', '#a5d6ff'),
  '& .hljs-number, & .hljs-literal, & .hljs-variable, & .hljs-template-variable, & .hljs-attr': token(
    '#0550ae',
    '#79c0ff',
  ),
  '& .hljs-title, & .hljs-title.function_, & .hljs-section': token('#8250df', '#d2a8ff'),
  '& .hljs-built_in, & .hljs-symbol, & .hljs-name, & .hljs-selector-class': token('#953800', '#ffa657'),
  '& .hljs-meta, & .hljs-params': token('#24292f', '#c9d1d9'),
  '& .hljs-deletion': token('#82071e', '#ffdcd7'),
} as const;

/**
 * An answer as Markdown (GitHub flavour), sanitised before anything reaches the page: raw HTML in an
 * answer is dropped and only safe elements, attributes and URL schemes survive. Code blocks are
 * highlighted after sanitising, and each has a copy button.
 */
const Markdown = memo(function Markdown({
  text,
  answerId,
  sourceCount = 0,
}: {
  text: string;
  /** With `sourceCount`: the answer whose [1]…[sourceCount] markers link to its sources (citations.ts). */
  answerId?: string;
  sourceCount?: number;
}) {
  return (
    <Box css={proseCss}>
      <SourceText.Provider value={text}>
        <ReactMarkdown
          remarkPlugins={
            answerId && sourceCount > 0
              ? [remarkGfm, [remarkCitations, { answerId, count: sourceCount }]]
              : [remarkGfm]
          }
          rehypePlugins={[rehypeSanitize, [rehypeHighlight, { detect: false }]]}
          components={components}
        >
          {text}
        </ReactMarkdown>
      </SourceText.Provider>
    </Box>
  );
});

export default Markdown;
