import { useApolloClient, useQuery } from '@apollo/client/react';
import {
  Alert,
  Box,
  Button,
  Flex,
  Heading,
  HStack,
  IconButton,
  Input,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { trapFocus } from '@zag-js/focus-trap';
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { LuArrowLeft, LuCode, LuFilePlus, LuFileText, LuPencil, LuTrash2, LuX } from 'react-icons/lu';
import { t as appT, msg, useT } from '../../../lib/i18n';
import { logFailure } from '../../../lib/logFailure';
import { notifyFailure, runWithToast } from '../../../lib/mutationToast';
import { plainTitle } from '../canvasRules';
import {
  ChatDocumentsQuery,
  CreateDocumentMutation,
  DeleteDocumentMutation,
  SaveDocumentMutation,
} from '../graphql';
import type { CanvasTarget } from '../openCanvas';
import { type CanvasAssistant, DocumentEditor } from './DocumentEditor';

/**
 * Colours the editor reads (CodeEditor.tsx): the diff's and the syntax's, each readable on the
 * page's background in its colour mode.
 */
const CANVAS_COLOURS = {
  '--canvas-removed': '#b91c1c',
  '--canvas-removed-bg': '#fee2e2',
  '--canvas-added': '#166534',
  '--canvas-added-bg': '#dcfce7',
  '--canvas-keyword': '#7c3aed',
  '--canvas-string': '#047857',
  '--canvas-comment': '#6b7280',
  '--canvas-number': '#b45309',
  '--canvas-function': '#1d4ed8',
  '--canvas-type': '#0e7490',
  '--canvas-heading': 'inherit',
  '--canvas-link': '#1d4ed8',
  _dark: {
    '--canvas-removed': '#fca5a5',
    '--canvas-removed-bg': 'rgba(127, 29, 29, 0.45)',
    '--canvas-added': '#86efac',
    '--canvas-added-bg': 'rgba(20, 83, 45, 0.55)',
    '--canvas-keyword': '#c4b5fd',
    '--canvas-string': '#6ee7b7',
    '--canvas-comment': '#9ca3af',
    '--canvas-number': '#fcd34d',
    '--canvas-function': '#93c5fd',
    '--canvas-type': '#67e8f9',
    '--canvas-link': '#93c5fd',
  },
};

interface CanvasPanelProps {
  chatId: string;
  target: CanvasTarget;
  assistants: readonly CanvasAssistant[];
  /** A phone: the panel covers the screen. */
  narrow: boolean;
  onClose: () => void;
}

// Drawn from a callback that must not change with the language (it would open a new document).
const COULD_NOT_CREATE = msg('Could not create the document');

/**
 * The canvas beside the chat (over it on a phone): the chat's documents, or one open in the editor.
 * Loaded lazily by the chat page (chat/pages/ChatPage.tsx) the first time it opens.
 */
export default function CanvasPanel({ chatId, target, assistants, narrow, onClose }: CanvasPanelProps) {
  const t = useT();
  const client = useApolloClient();
  const [openId, setOpenId] = useState<string | null>(target.kind === 'document' ? target.id : null);
  const [creating, setCreating] = useState(false);
  const [title, setTitle] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const [headerSlot, setHeaderSlot] = useState<HTMLDivElement | null>(null);
  const documents = useQuery(ChatDocumentsQuery, { variables: { chatId }, fetchPolicy: 'cache-and-network' });
  const list = documents.data?.chat?.documents ?? [];

  const create = useCallback(
    async (input: { kind?: string; language?: string; fromMessageId?: string }) => {
      setCreating(true);
      try {
        const result = await client.mutate({
          mutation: CreateDocumentMutation,
          variables: { input: { chatId, ...input } },
          refetchQueries: [{ query: ChatDocumentsQuery, variables: { chatId } }],
        });
        if (result.data) setOpenId(result.data.createDocument.id);
      } catch (error) {
        notifyFailure(appT(COULD_NOT_CREATE), error);
      } finally {
        setCreating(false);
      }
    },
    [chatId, client],
  );

  // Each new target is acted on once (StrictMode runs effects twice; a document is made once).
  const handled = useRef<CanvasTarget | null>(null);
  useEffect(() => {
    if (handled.current === target) return;
    handled.current = target;
    if (target.kind === 'list') setOpenId(null);
    else if (target.kind === 'document') setOpenId(target.id);
    else if (target.kind === 'answer') void create({ fromMessageId: target.messageId });
    else {
      setCreating(true);
      client
        .query({ query: ChatDocumentsQuery, variables: { chatId }, fetchPolicy: 'network-only' })
        .then((result) => {
          const first = result.data?.chat?.documents[0];
          if (first) {
            setCreating(false);
            setOpenId(first.id);
          } else void create({ fromMessageId: target.messageId });
        })
        .catch((error: unknown) => {
          setCreating(false);
          logFailure('Could not list the documents', error);
        });
    }
  }, [target, create, client, chatId]);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  // On a phone the panel is a modal dialog over the chat: Tab stays inside it (menus it opens, which
  // are portalled, count as inside through their aria-controls) until it closes, and focus then goes
  // back to what opened it. Escape is ours (onKeyDown), so a rename's Escape only leaves the row.
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!narrow || !panel.current) return;
    return trapFocus(panel.current, {
      initialFocus: false,
      escapeDeactivates: false,
      clickOutsideDeactivates: false,
      allowOutsideClick: true,
      returnFocusOnDeactivate: true,
    });
  }, [narrow]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.preventDefault();
      onClose();
    }
  };

  const backToList = () => {
    setOpenId(null);
    void documents.refetch();
    heading.current?.focus();
  };

  const onTitle = useCallback((next: string) => setTitle(next), []);

  return (
    <Flex
      as={narrow ? 'div' : 'aside'}
      role={narrow ? 'dialog' : undefined}
      aria-modal={narrow ? true : undefined}
      aria-labelledby="canvas-heading"
      direction="column"
      bg="bg"
      minW="0"
      {...(narrow
        ? { position: 'fixed', inset: '0', zIndex: 'modal' }
        : { width: { md: '50%', xl: '48%' }, flexShrink: 0, borderStartWidth: '1px' })}
      onKeyDown={onKeyDown}
      ref={panel}
      css={CANVAS_COLOURS}
      data-testid="canvas"
    >
      <HStack px="3" minH="11" gap="2" borderBottomWidth="1px">
        {openId ? (
          <IconButton size="xs" variant="ghost" aria-label={t('All documents')} onClick={backToList}>
            <LuArrowLeft />
          </IconButton>
        ) : null}
        <Heading
          as="h2"
          id="canvas-heading"
          size="sm"
          truncate
          flex="1"
          minW="0"
          tabIndex={-1}
          ref={heading}
          dir="auto"
          _focusVisible={{ outline: 'none' }}
        >
          {openId ? title || t('Document') : t('Canvas')}
        </Heading>
        <HStack ref={setHeaderSlot} gap="1" flexShrink={0} />
        <IconButton
          size="xs"
          variant="ghost"
          aria-label={t('Close canvas')}
          title={t('Close (Esc)')}
          onClick={onClose}
        >
          <LuX />
        </IconButton>
      </HStack>
      {openId ? (
        <DocumentEditor
          key={openId}
          id={openId}
          assistants={assistants}
          onTitle={onTitle}
          headerSlot={headerSlot}
        />
      ) : creating ? (
        <HStack p="4" gap="2" color="fg.muted" role="status">
          <Spinner size="sm" /> <Text fontSize="sm">{t('Opening the canvas…')}</Text>
        </HStack>
      ) : (
        <DocumentList
          documents={list}
          loading={documents.loading && list.length === 0}
          failed={!!documents.error && list.length === 0}
          onRetry={() => void documents.refetch()}
          onOpen={setOpenId}
          onCreate={(kind) => void create(kind === 'code' ? { kind, language: 'typescript' } : { kind })}
        />
      )}
    </Flex>
  );
}

interface ListedDocument {
  id: string;
  chatId: string;
  title: string;
  kind: string;
  language?: string | null;
  content: string;
  version: number;
}

function DocumentList({
  documents,
  loading,
  failed,
  onRetry,
  onOpen,
  onCreate,
}: {
  documents: readonly ListedDocument[];
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  onOpen: (id: string) => void;
  onCreate: (kind: 'text' | 'code') => void;
}) {
  const t = useT();
  return (
    <Stack p="4" gap="4" overflowY="auto">
      <HStack gap="2" wrap="wrap">
        <Button size="sm" onClick={() => onCreate('text')}>
          <LuFilePlus aria-hidden="true" /> {t('New document')}
        </Button>
        <Button size="sm" variant="outline" onClick={() => onCreate('code')}>
          <LuCode aria-hidden="true" /> {t('New code')}
        </Button>
      </HStack>
      {loading ? (
        <HStack gap="2" color="fg.muted" role="status">
          <Spinner size="sm" /> <Text fontSize="sm">{t('Loading documents…')}</Text>
        </HStack>
      ) : failed ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{t("Could not load this chat's documents")}</Alert.Title>
          <Button size="xs" variant="outline" onClick={onRetry}>
            {t('Try again')}
          </Button>
        </Alert.Root>
      ) : documents.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('No documents in this chat yet. Start one, or choose “Open in canvas” under an answer.')}
        </Text>
      ) : (
        <Box
          as="ul"
          aria-label={t("This chat's documents")}
          listStyleType="none"
          ps="0"
          display="grid"
          gap="1"
        >
          {documents.map((document) => (
            <DocumentRow key={document.id} document={document} onOpen={onOpen} />
          ))}
        </Box>
      )}
    </Stack>
  );
}

/**
 * One document of the list: open it, rename it (a new version with the new title, refused like any
 * stale save when it changed meanwhile) or delete it after a confirmation in the row itself.
 */
function DocumentRow({ document, onOpen }: { document: ListedDocument; onOpen: (id: string) => void }) {
  const t = useT();
  const client = useApolloClient();
  const [mode, setMode] = useState<'view' | 'rename' | 'delete'>('view');
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const title = plainTitle(document.title);
  const refetch = [{ query: ChatDocumentsQuery, variables: { chatId: document.chatId } }];

  const rename = async () => {
    const next = name.trim();
    if (!next || next === document.title) return setMode('view');
    setBusy(true);
    const ok = await runWithToast(
      () =>
        client.mutate({
          mutation: SaveDocumentMutation,
          variables: {
            id: document.id,
            content: document.content,
            baseVersion: document.version,
            title: next,
          },
        }),
      { failure: { title: t('Could not rename the document') } },
    );
    setBusy(false);
    if (ok) setMode('view');
  };

  const remove = async () => {
    setBusy(true);
    const ok = await runWithToast(
      () =>
        client.mutate({
          mutation: DeleteDocumentMutation,
          variables: { id: document.id },
          refetchQueries: refetch,
          awaitRefetchQueries: true,
        }),
      {
        failure: { title: t('Could not delete the document') },
        success: { title: t('Deleted “{title}”', { title }) },
      },
    );
    if (!ok) {
      setBusy(false);
      setMode('view');
    }
  };

  if (mode === 'rename')
    return (
      <HStack as="li" gap="1" py="1" minW="0">
        <Input
          size="sm"
          aria-label={t('New name for {title}', { title })}
          value={name}
          maxLength={200}
          autoFocus
          disabled={busy}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void rename();
            if (event.key === 'Escape') {
              // Leaves the row, not the whole canvas.
              event.preventDefault();
              setMode('view');
            }
          }}
        />
        <Button size="sm" onClick={() => void rename()} loading={busy}>
          {t('Save')}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setMode('view')} disabled={busy}>
          {t('Cancel')}
        </Button>
      </HStack>
    );

  if (mode === 'delete')
    return (
      <HStack
        as="li"
        gap="2"
        py="1"
        minW="0"
        wrap="wrap"
        role="group"
        aria-label={t('Delete {title}?', { title })}
      >
        <Text fontSize="sm" flex="1" minW="40" dir="auto">
          {t('Delete “{title}” and all its versions?', { title })}
        </Text>
        <Button size="sm" colorPalette="red" onClick={() => void remove()} loading={busy} autoFocus>
          {t('Delete')}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setMode('view')} disabled={busy}>
          {t('Cancel')}
        </Button>
      </HStack>
    );

  return (
    <HStack as="li" gap="0" minW="0">
      <Button
        variant="ghost"
        flex="1"
        justifyContent="flex-start"
        h="auto"
        py="2"
        minW="0"
        overflow="hidden"
        onClick={() => onOpen(document.id)}
      >
        {document.kind === 'code' ? <LuCode aria-hidden="true" /> : <LuFileText aria-hidden="true" />}
        <Text as="span" truncate flex="1" textAlign="start" dir="auto">
          {title}
        </Text>
        <Text as="span" fontSize="xs" color="fg.muted" fontWeight="normal" flexShrink={0}>
          {document.kind === 'code' ? (document.language ?? t('code')) : t('text')} · v{document.version}
        </Text>
      </Button>
      <IconButton
        size="sm"
        variant="ghost"
        aria-label={t('Rename {title}', { title })}
        title={t('Rename')}
        onClick={() => {
          setName(document.title);
          setMode('rename');
        }}
      >
        <LuPencil />
      </IconButton>
      <IconButton
        size="sm"
        variant="ghost"
        aria-label={t('Delete {title}', { title })}
        title={t('Delete')}
        onClick={() => setMode('delete')}
      >
        <LuTrash2 />
      </IconButton>
    </HStack>
  );
}
