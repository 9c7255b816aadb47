import { Box, Button, Dialog, Group, HStack, IconButton, Portal, Spinner, Text } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { LuDownload, LuMaximize2, LuX } from 'react-icons/lu';
import {
  ARTIFACT_PROTOCOL,
  type ArtifactKind,
  artifactFile,
  type RenderMessage,
  readFrameMessage,
} from '../../artifact/protocol';
import { msg, useT } from '../../lib/i18n';
import { useColorMode } from '../../theme/ColorModeProvider';
import { registerRecipes } from '../../theme/registerRecipes';
import { CopyButton } from './CopyButton';

// Shared chats (/share) show artifacts too and don't load the signed-in app's recipes.
registerRecipes({ slotRecipes: { dialog: dialogSlotRecipe } });

/** Served by the api with its own sandboxing CSP: api/src/http/artifactFrame.ts. */
const FRAME_SRC = '/artifact-frame.html';
/** Taller previews scroll inside the frame (full screen shows all of it). */
const MAX_INLINE_HEIGHT = 560;

const KIND_NAMES: Record<ArtifactKind, string> = {
  html: msg('HTML page'),
  svg: msg('SVG image'),
  mermaid: msg('Mermaid diagram'),
  react: msg('React component'),
};

/**
 * One artifact drawn in the sandboxed frame (web/src/artifact/frame.ts). The chat sends the source
 * once the frame says it is ready, and listens only to messages whose source is this iframe's own
 * window: heights to fit it, errors to say what went wrong. `sandbox="allow-scripts"` here and the
 * frame's own CSP sandbox make it an opaque origin either way; never allow-same-origin.
 */
function ArtifactFrame({
  kind,
  source,
  title,
  fill = false,
}: {
  kind: ArtifactKind;
  source: string;
  title: string;
  /** Fills its container (full screen) instead of sizing to the content. */
  fill?: boolean;
}) {
  const t = useT();
  const { colorMode } = useColorMode();
  const dark = colorMode === 'dark';
  const ref = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The frame is made in the browser only, after the listener below: drawn by the server (a shared
  // chat), it could load and say "ready" before the page's scripts listen, and wait forever.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  useEffect(() => {
    setHeight(null);
    setError(null);
    const onMessage = (event: MessageEvent) => {
      const frame = ref.current?.contentWindow;
      if (!frame || event.source !== frame) return;
      const message = readFrameMessage(event.data);
      if (!message) return;
      if (message.type === 'ready') {
        const render: RenderMessage = { protocol: ARTIFACT_PROTOCOL, type: 'render', kind, source, dark };
        // An opaque origin can't be named: '*' is the only target that reaches it.
        frame.postMessage(render, '*');
      } else if (message.type === 'size') setHeight(message.height);
      // An error the frame shows itself (a block it could not draw) isn't repeated under it; a
      // page's failing script is only told here.
      else if (!message.shown) setError(message.message);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [kind, source, dark]);

  return (
    <Box
      position={fill ? 'absolute' : 'relative'}
      inset={fill ? '0' : undefined}
      display={fill ? 'flex' : undefined}
      flexDirection="column"
    >
      <Box
        asChild
        display="block"
        w="full"
        border="0"
        bg={kind === 'html' ? 'white' : 'transparent'}
        // The frame's document follows this (artifact-frame.html's color-scheme meta), so in dark mode it
        // stays see-through while it loads instead of flashing the light scheme's white canvas.
        colorScheme={dark && kind !== 'html' ? 'dark' : 'light'}
        flex={fill ? '1' : undefined}
        minH="0"
        h={fill ? undefined : `${Math.min(Math.max(height ?? 120, 48), MAX_INLINE_HEIGHT)}px`}
      >
        <iframe
          // A new frame when the look changes: each draws once, in the colours it was given.
          key={dark ? 'dark' : 'light'}
          src={mounted ? FRAME_SRC : undefined}
          ref={ref}
          title={title}
          sandbox="allow-scripts"
          referrerPolicy="no-referrer"
          data-artifact-frame={kind}
        />
      </Box>
      {height === null ? (
        <HStack
          position="absolute"
          top="3"
          insetStart="3"
          color="fg.muted"
          bg="bg"
          px="2"
          rounded="sm"
          fontSize="sm"
          gap="2"
        >
          <Spinner size="xs" />
          <Text>{t('Loading preview…')}</Text>
        </HStack>
      ) : null}
      {error ? (
        <Text
          role="status"
          fontSize="xs"
          // fg.error (red.500) is under AA contrast for small text on the answer's background.
          color={{ base: 'red.700', _dark: 'red.300' }}
          px="3"
          py="1.5"
          borderTopWidth="1px"
        >
          {t('The preview reported an error: {error}', { error })}
        </Text>
      ) : null}
    </Box>
  );
}

function download(code: string, language: string) {
  const { extension, type } = artifactFile(language);
  const url = URL.createObjectURL(new Blob([code], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: `artifact.${extension}` });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * A fenced html, svg, mermaid, jsx or tsx block of an answer: its live preview (the default) or its
 * highlighted code, with full screen, copy and download. While the answer still streams the block
 * (its fence not closed yet), only the code shows.
 */
export default function ArtifactBlock({
  kind,
  language,
  code,
  closed,
  children,
}: {
  kind: ArtifactKind;
  language: string;
  code: string;
  /** Whether the block's closing fence has arrived. */
  closed: boolean;
  /** The highlighted code (Markdown.tsx's <pre> content). */
  children: ReactNode;
}) {
  const t = useT();
  const [view, setView] = useState<'preview' | 'code'>('preview');
  const [fullScreen, setFullScreen] = useState(false);
  const closeRef = useRef<HTMLButtonElement>(null);
  const name = t(KIND_NAMES[kind]);
  const showPreview = closed && view === 'preview';
  return (
    <Box className="code-block artifact-block" borderWidth="1px" rounded="md" overflow="hidden" my="3">
      <HStack justify="space-between" px="2" py="1" bg="bg.muted" borderBottomWidth="1px" gap="1" wrap="wrap">
        <HStack gap="2" minW="0">
          <Text fontSize="xs" color="fg.muted" fontFamily="mono" ps="1">
            {language}
          </Text>
          {closed ? (
            <Group attached role="group" aria-label={t('{name}: show', { name })}>
              {(['preview', 'code'] as const).map((option) => (
                <Button
                  key={option}
                  size="2xs"
                  variant={view === option ? 'solid' : 'outline'}
                  aria-pressed={view === option}
                  onClick={() => setView(option)}
                >
                  {option === 'preview' ? t('Preview') : t('Code')}
                </Button>
              ))}
            </Group>
          ) : (
            <Text fontSize="xs" color="fg.muted">
              {t('Preview when the block is complete')}
            </Text>
          )}
        </HStack>
        <HStack gap="0" ms="auto">
          {closed ? (
            <IconButton
              aria-label={t(
                'Show the {kind, select, html {html page} svg {svg image} mermaid {mermaid diagram} other {react component}} full screen',
                { kind },
              )}
              size="xs"
              variant="ghost"
              onClick={() => setFullScreen(true)}
            >
              <LuMaximize2 />
            </IconButton>
          ) : null}
          <CopyButton value={code} label={t('Copy code')} />
          <IconButton
            aria-label={t(
              'Download the {kind, select, html {html page} svg {svg image} mermaid {mermaid diagram} other {react component}}',
              { kind },
            )}
            size="xs"
            variant="ghost"
            onClick={() => download(code, language)}
          >
            <LuDownload />
          </IconButton>
        </HStack>
      </HStack>
      {showPreview ? (
        <ArtifactFrame
          kind={kind}
          source={code}
          title={t(
            'Preview of the {kind, select, html {html page} svg {svg image} mermaid {mermaid diagram} other {react component}}',
            { kind },
          )}
        />
      ) : (
        // Code reads left to right in any answer.
        <pre dir="ltr">{children}</pre>
      )}
      {fullScreen ? (
        <Dialog.Root
          open
          size="full"
          onOpenChange={(details) => setFullScreen(details.open)}
          // Focus starts on Close, not inside the frame, where keys (Escape) belong to the artifact.
          initialFocusEl={() => closeRef.current}
        >
          <Portal>
            <Dialog.Backdrop />
            <Dialog.Positioner>
              <Dialog.Content>
                <Dialog.Header py="3" px="4" borderBottomWidth="1px">
                  <Dialog.Title fontSize="md">{name}</Dialog.Title>
                </Dialog.Header>
                {/* The frame fills the body, which grows to the screen's height. */}
                <Dialog.Body p="0" position="relative">
                  <ArtifactFrame
                    kind={kind}
                    source={code}
                    title={t(
                      'Full screen preview of the {kind, select, html {html page} svg {svg image} mermaid {mermaid diagram} other {react component}}',
                      { kind },
                    )}
                    fill
                  />
                </Dialog.Body>
                <Dialog.CloseTrigger asChild>
                  <IconButton ref={closeRef} aria-label={t('Close full screen')} size="sm" variant="ghost">
                    <LuX />
                  </IconButton>
                </Dialog.CloseTrigger>
              </Dialog.Content>
            </Dialog.Positioner>
          </Portal>
        </Dialog.Root>
      ) : null}
    </Box>
  );
}
