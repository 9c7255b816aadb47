import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Box,
  Button,
  HStack,
  IconButton,
  Input,
  Menu,
  NativeSelect,
  Portal,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import {
  LuCheck,
  LuChevronDown,
  LuChevronLeft,
  LuChevronRight,
  LuDownload,
  LuFileText,
  LuFileType,
  LuHistory,
  LuSparkles,
  LuX,
} from 'react-icons/lu';
import { CopyButton } from '../../../components/conversation/CopyButton';
import { formatShortDate } from '../../../lib/formatShortDate';
import { msg, useLanguage, useT } from '../../../lib/i18n';
import { useCompareMax } from '../../compare/components/CompareControl';
import {
  assistantName,
  DOCUMENT_ACTIONS,
  describeChange,
  diffSegments,
  plainTitle,
  SELECTION_ACTIONS,
  spliceProposal,
} from '../canvasRules';
import { DocumentVersionsQuery } from '../graphql';
import { CodeEditor, focusEditor, type Selection } from './CodeEditor';
import { DiffText } from './DiffText';
import { type SaveState, useCanvasDocument } from './useCanvasDocument';
import { type PendingProposal, useRewrite, useRewrites } from './useRewrite';

export interface CanvasAssistant {
  id: string;
  name: string;
}

const SAVE_LABEL: Record<SaveState, string> = {
  saved: msg('Saved'),
  saving: msg('Saving…'),
  unsaved: msg('Unsaved changes'),
  failed: msg('Not saved'),
};

const OWN_INSTRUCTION = 'own';
const SEVERAL = 'several';
/** "Rewrite with…" compares at most this many assistants side by side. */
/** Side by side rewrites: at most 3 on a paid plan, 2 on Free (the plan's compare maximum, useCompareMax). */
const MOST_COMPARED = 3;

/**
 * One document in the canvas: the editor, the selection menu (rewrite, shorter, longer, simpler,
 * fix grammar, or one's own instruction), whole-document actions, the proposal shown as a diff in
 * place with Accept and Reject, the versions to step through and restore, and the download.
 */
export function DocumentEditor({
  id,
  assistants,
  onTitle,
  headerSlot,
}: {
  id: string;
  assistants: readonly CanvasAssistant[];
  /** Tells the panel the title, for its heading. */
  onTitle: (title: string) => void;
  /** Where in the panel's title bar the save state and the download go. */
  headerSlot: HTMLElement | null;
}) {
  const t = useT();
  const language = useLanguage();
  const canvasDoc = useCanvasDocument(id);
  const { doc, text, edit, flush, saveAs, restore } = canvasDoc;
  const rewrite = useRewrite();
  const several = useRewrites();
  const mostCompared = Math.min(MOST_COMPARED, useCompareMax());
  const [choosingSeveral, setChoosingSeveral] = useState(false);
  const [severalAction, setSeveralAction] = useState<string>(SELECTION_ACTIONS[0].label);
  const [picked, setPicked] = useState<string[]>([]);
  const { proposal } = rewrite;
  const [selection, setSelection] = useState<Selection>({ from: 0, to: 0 });
  const [menuOpen, setMenuOpen] = useState(false);
  const [askingOwn, setAskingOwn] = useState(false);
  const [ownInstruction, setOwnInstruction] = useState('');
  const [assistant, setAssistant] = useState('');
  const [viewing, setViewing] = useState(0);
  const [accepting, setAccepting] = useState(false);
  const editorBox = useRef<HTMLDivElement>(null);
  const ownInput = useRef<HTMLInputElement>(null);
  // The content and range a rewrite was asked for: the proposal's offsets are into it.
  const asked = useRef<{ content: string; label: string } | null>(null);

  useEffect(() => {
    if (doc) onTitle(plainTitle(doc.title));
  }, [doc, onTitle]);

  const versions = useQuery(DocumentVersionsQuery, {
    variables: { id, limit: 50 },
    fetchPolicy: 'cache-and-network',
  });
  const versionList = versions.data?.documentVersions ?? [];
  const docVersion = doc?.version;
  const refetchVersions = versions.refetch;
  useEffect(() => {
    if (docVersion === undefined) return;
    setViewing(0);
    refetchVersions().catch((error: unknown) => console.error('Could not load the versions', error));
  }, [docVersion, refetchVersions]);

  const old = viewing > 0 ? versionList[viewing] : undefined;
  const comparing = several.proposals.length > 0;
  const busy = !!proposal || comparing || canvasDoc.conflict || !!old;
  const hasSelection = selection.to > selection.from && !busy;

  const ask = useCallback(
    async (instruction: string, label: string, range: Selection, byEach: readonly string[] = []) => {
      setMenuOpen(false);
      setAskingOwn(false);
      setChoosingSeveral(false);
      // Offsets are into the saved text: what is typed is saved first.
      await flush();
      const current = canvasDoc.current();
      if (!current || canvasDoc.conflictNow()) return;
      asked.current = { content: current.content, label };
      const request = {
        documentId: current.id,
        content: current.content,
        baseVersion: current.version,
        start: Math.min(range.from, current.content.length),
        end: Math.min(range.to, current.content.length),
        instruction,
        assistant: assistant || null,
      };
      if (byEach.length > 0) several.start(byEach.map((id) => ({ ...request, assistant: id })));
      else rewrite.start(request);
    },
    [assistant, canvasDoc, flush, rewrite, several],
  );

  const onSelectionAction = (value: string) => {
    if (value === SEVERAL) {
      setChoosingSeveral(true);
      setMenuOpen(false);
      return;
    }
    if (value === OWN_INSTRUCTION) {
      setAskingOwn(true);
      setMenuOpen(false);
      window.setTimeout(() => ownInput.current?.focus(), 0);
      return;
    }
    const action = SELECTION_ACTIONS.find((a) => a.label === value);
    if (action) void ask(action.instruction, action.label, selection);
  };

  const wholeActions = doc?.kind === 'code' ? DOCUMENT_ACTIONS.code : DOCUMENT_ACTIONS.text;
  const onWholeAction = (value: string) => {
    const action = wholeActions.find((a) => a.label === value);
    if (action) void ask(action.instruction, action.label, { from: 0, to: text.length });
  };

  const accept = async () => {
    if (!proposal?.done || proposal.error || !asked.current) return;
    setAccepting(true);
    const saved = await saveAs(spliceProposal(asked.current.content, proposal), 'rewrite');
    setAccepting(false);
    if (saved) {
      rewrite.cancel();
      focusEditor(editorBox.current);
    }
  };
  const reject = () => {
    rewrite.cancel();
    focusEditor(editorBox.current);
  };
  /** "Use this" on one of the side-by-side rewrites: saved at once, as an accepted proposal. */
  const pickOne = async (chosen: PendingProposal) => {
    if (!chosen.done || chosen.error || !asked.current) return;
    setAccepting(true);
    const saved = await saveAs(spliceProposal(asked.current.content, chosen), 'rewrite');
    setAccepting(false);
    if (saved) {
      several.cancel();
      focusEditor(editorBox.current);
    }
  };
  const closeSeveral = () => {
    several.cancel();
    focusEditor(editorBox.current);
  };
  const askSeveral = () => {
    const action = SELECTION_ACTIONS.find((a) => a.label === severalAction) ?? SELECTION_ACTIONS[0];
    void ask(action.instruction, action.label, selection, picked.slice(0, mostCompared));
  };

  const segments = useMemo(
    () =>
      proposal && !proposal.error ? diffSegments(proposal.original, proposal.text, proposal.start) : null,
    [proposal],
  );

  /** The document as saved, as Markdown or as a Word file (the server converts it). */
  const download = async (format: 'md' | 'docx') => {
    await flush();
    window.location.assign(`/api/documents/${id}/download${format === 'docx' ? '?format=docx' : ''}`);
  };

  const onOwnKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setAskingOwn(false);
      focusEditor(editorBox.current);
    }
  };

  if (canvasDoc.loadFailed) {
    return (
      <Box p="4">
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('Could not open this document')}</Alert.Title>
          </Alert.Content>
          <Button size="xs" variant="outline" onClick={() => void canvasDoc.load()}>
            {t('Try again')}
          </Button>
        </Alert.Root>
      </Box>
    );
  }
  if (!doc) {
    return (
      <HStack p="4" gap="2" color="fg.muted" role="status">
        <Spinner size="sm" /> <Text fontSize="sm">{t('Opening the document…')}</Text>
      </HStack>
    );
  }

  const latest = doc.version;
  const shownVersion = old?.version ?? latest;

  return (
    <Stack gap="0" flex="1" minH="0">
      {headerSlot
        ? createPortal(
            <HStack gap="1">
              <Text
                fontSize="xs"
                color={canvasDoc.saveState === 'failed' ? 'fg.error' : 'fg.muted'}
                aria-live="polite"
              >
                {canvasDoc.conflict ? t('Not saved') : t(SAVE_LABEL[canvasDoc.saveState])}
              </Text>
              {canvasDoc.saveState === 'failed' ? (
                <Button size="2xs" variant="outline" onClick={() => void flush()}>
                  {t('Retry')}
                </Button>
              ) : null}
              <IconButton
                size="xs"
                variant="ghost"
                aria-label={t('Download as Markdown')}
                title={t('Download as .md')}
                onClick={() => void download('md')}
              >
                <LuDownload />
              </IconButton>
              <IconButton
                size="xs"
                variant="ghost"
                aria-label={t('Download as Word')}
                title={t('Download as .docx')}
                onClick={() => void download('docx')}
              >
                <LuFileType />
              </IconButton>
            </HStack>,
            headerSlot,
          )
        : null}
      <HStack
        px="3"
        py="2"
        gap="2"
        wrap="wrap"
        borderBottomWidth="1px"
        role="toolbar"
        aria-label={t('Document tools')}
        aria-orientation="horizontal"
      >
        <Menu.Root
          open={menuOpen}
          onOpenChange={(details) => setMenuOpen(details.open && hasSelection)}
          onSelect={(details) => onSelectionAction(details.value)}
        >
          <Menu.Trigger asChild>
            <Button
              size="xs"
              variant="outline"
              disabled={!hasSelection}
              title={t('Edit selection (Ctrl+Shift+E)')}
            >
              <LuSparkles aria-hidden="true" /> {t('Edit selection')} <LuChevronDown aria-hidden="true" />
            </Button>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content minW="48">
                {SELECTION_ACTIONS.map((action) => (
                  <Menu.Item key={action.label} value={action.label}>
                    {t(action.label)}
                  </Menu.Item>
                ))}
                <Menu.Separator />
                <Menu.Item value={OWN_INSTRUCTION}>{t('Your own instruction…')}</Menu.Item>
                {assistants.length > 1 ? (
                  <Menu.Item value={SEVERAL}>{t('Rewrite with several assistants…')}</Menu.Item>
                ) : null}
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
        <Menu.Root onSelect={(details) => onWholeAction(details.value)}>
          <Menu.Trigger asChild>
            <Button size="xs" variant="ghost" disabled={busy || text.length === 0}>
              <LuFileText aria-hidden="true" /> {t('Whole document')} <LuChevronDown aria-hidden="true" />
            </Button>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content minW="52">
                {wholeActions.map((action) => (
                  <Menu.Item key={action.label} value={action.label}>
                    {t(action.label)}
                  </Menu.Item>
                ))}
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
        <NativeSelect.Root size="xs" width="auto" disabled={!!proposal}>
          <NativeSelect.Field
            aria-label={t('Assistant that rewrites')}
            value={assistant}
            onChange={(event) => setAssistant(event.currentTarget.value)}
          >
            <option value="">{t("The chat's assistant")}</option>
            {assistants.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <HStack gap="0" ms="auto" role="group" aria-label={t('Versions')}>
          <IconButton
            size="xs"
            variant="ghost"
            aria-label={t('Previous version')}
            disabled={!!proposal || viewing >= versionList.length - 1 || versionList.length === 0}
            onClick={() => setViewing((v) => v + 1)}
          >
            <LuChevronLeft />
          </IconButton>
          <Text
            fontSize="xs"
            color="fg.muted"
            minW="20"
            textAlign="center"
            aria-live="polite"
            data-testid="canvas-version"
          >
            {t('Version {version} of {latest}', { version: shownVersion, latest })}
          </Text>
          <IconButton
            size="xs"
            variant="ghost"
            aria-label={t('Next version')}
            disabled={viewing === 0}
            onClick={() => setViewing((v) => Math.max(0, v - 1))}
          >
            <LuChevronRight />
          </IconButton>
        </HStack>
      </HStack>

      {askingOwn ? (
        <HStack
          as="form"
          px="3"
          py="2"
          gap="2"
          borderBottomWidth="1px"
          onSubmit={(event) => {
            event.preventDefault();
            if (ownInstruction.trim()) void ask(ownInstruction.trim(), msg('Your instruction'), selection);
          }}
        >
          <Input
            ref={ownInput}
            size="sm"
            aria-label={t('Your instruction for the selection')}
            placeholder={t('e.g. Make it sound more confident')}
            value={ownInstruction}
            maxLength={1000}
            onChange={(event) => setOwnInstruction(event.target.value)}
            onKeyDown={onOwnKeyDown}
          />
          <Button size="sm" type="submit" disabled={!ownInstruction.trim() || !hasSelection}>
            {t('Rewrite')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setAskingOwn(false)}>
            {t('Cancel')}
          </Button>
        </HStack>
      ) : null}

      {canvasDoc.conflict ? (
        <Box px="3" py="2">
          <Alert.Root status="warning" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('This document changed in another tab or window.')}</Alert.Title>
              <Alert.Description>
                {t('Your text was not saved, and is still below: copy it, then reload the latest version.')}
              </Alert.Description>
            </Alert.Content>
            <HStack gap="1" alignSelf="center">
              <CopyButton value={text} label={t('Copy my text')} variant="outline" />
              <Button size="xs" onClick={() => void canvasDoc.load()}>
                {t('Reload')}
              </Button>
            </HStack>
          </Alert.Root>
        </Box>
      ) : null}

      {old ? (
        <HStack px="3" py="2" gap="2" wrap="wrap" bg="bg.muted" borderBottomWidth="1px">
          <LuHistory aria-hidden="true" />
          <Text fontSize="sm" flex="1" minW="40">
            {t('Version {version} ({source}), {date}, {time}. Read only.', {
              version: old.version,
              source: old.source,
              date: formatShortDate(old.createdAt, undefined, language),
              time: new Date(old.createdAt).toLocaleTimeString(language === 'en' ? [] : language, {
                hour: 'numeric',
                minute: '2-digit',
              }),
            })}
          </Text>
          <Button
            size="xs"
            onClick={() => {
              void restore(old.version);
            }}
          >
            {t('Restore this version')}
          </Button>
          <Button size="xs" variant="ghost" onClick={() => setViewing(0)}>
            {t('Back to latest')}
          </Button>
        </HStack>
      ) : null}

      {choosingSeveral ? (
        <Stack
          px="3"
          py="2"
          gap="2"
          borderBottomWidth="1px"
          role="group"
          aria-label={t('Rewrite with several assistants')}
        >
          <HStack gap="2" wrap="wrap">
            <NativeSelect.Root size="xs" width="auto">
              <NativeSelect.Field
                aria-label={t('How to rewrite')}
                value={severalAction}
                onChange={(event) => setSeveralAction(event.currentTarget.value)}
              >
                {SELECTION_ACTIONS.map((action) => (
                  <option key={action.label} value={action.label}>
                    {t(action.label)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Text fontSize="xs" color="fg.muted">
              {mostCompared > 2
                ? t('Pick 2 or {max} assistants', { max: mostCompared })
                : t('Pick 2 assistants (Premium: up to 3)')}
            </Text>
          </HStack>
          <HStack gap="3" wrap="wrap">
            {assistants.map((a) => {
              const checked = picked.includes(a.id);
              return (
                // A native box: Chakra's Checkbox here would reshuffle the shared chunks of the public
                // pages' initial JS (the web build's budget, vite-plugins/initialJsReport.ts).
                <HStack as="label" key={a.id} gap="1.5" fontSize="sm" cursor="pointer">
                  <input
                    type="checkbox"
                    checked={checked}
                    disabled={!checked && picked.length >= mostCompared}
                    onChange={(event) => {
                      const on = event.currentTarget.checked;
                      setPicked((current) => (on ? [...current, a.id] : current.filter((id) => id !== a.id)));
                    }}
                  />
                  {a.name}
                </HStack>
              );
            })}
          </HStack>
          <HStack gap="2">
            <Button size="xs" disabled={picked.length < 2 || !hasSelection} onClick={askSeveral}>
              {t('Rewrite side by side')}
            </Button>
            <Button size="xs" variant="ghost" onClick={() => setChoosingSeveral(false)}>
              {t('Cancel')}
            </Button>
          </HStack>
        </Stack>
      ) : null}

      {comparing ? (
        <Stack
          px="3"
          py="2"
          gap="2"
          borderBottomWidth="1px"
          bg="bg.subtle"
          role="region"
          aria-label={t('Rewrites side by side')}
          maxH="50%"
          overflowY="auto"
        >
          <HStack justify="space-between">
            <Text fontSize="sm" fontWeight="semibold">
              {t('{action}: pick one', { action: t(asked.current?.label ?? '') })}
            </Text>
            <Button size="xs" variant="outline" onClick={closeSeveral} disabled={accepting}>
              <LuX aria-hidden="true" /> {t('Keep mine')}
            </Button>
          </HStack>
          <Box
            display="grid"
            gridTemplateColumns={{ base: '1fr', lg: `repeat(${several.proposals.length}, 1fr)` }}
            gap="2"
          >
            {several.proposals.map((p) => {
              const name = assistantName(assistants, p.model);
              return (
                <Stack
                  key={p.model ?? name}
                  gap="2"
                  p="2"
                  borderWidth="1px"
                  rounded="md"
                  bg="bg"
                  aria-label={t("{name}'s rewrite", { name })}
                  role="group"
                  aria-busy={!p.done}
                >
                  <HStack justify="space-between" gap="2">
                    <Text fontSize="xs" fontWeight="semibold">
                      {name}
                      {p.offline ? ` ${t('(offline)')}` : ''}
                    </Text>
                    {p.done ? null : <Spinner size="xs" />}
                  </HStack>
                  {p.error ? (
                    <Text fontSize="sm" color="fg.error">
                      {p.error}
                    </Text>
                  ) : (
                    <DiffText segments={diffSegments(p.original, p.text)} />
                  )}
                  <Button
                    size="xs"
                    alignSelf="flex-start"
                    disabled={!p.done || !!p.error}
                    loading={accepting}
                    onClick={() => void pickOne(p)}
                  >
                    <LuCheck aria-hidden="true" /> {t('Use this')}
                  </Button>
                </Stack>
              );
            })}
          </Box>
        </Stack>
      ) : null}

      {proposal ? (
        <HStack
          px="3"
          py="2"
          gap="2"
          wrap="wrap"
          borderBottomWidth="1px"
          bg="bg.subtle"
          role="region"
          aria-label={t('Proposed rewrite')}
        >
          <Box flex="1" minW="40" fontSize="sm" role="status">
            {proposal.error ? (
              <Text color="fg.error">{proposal.error}</Text>
            ) : proposal.done ? (
              <Text>
                <Text as="span" fontWeight="semibold">
                  {t(asked.current?.label ?? '')}
                </Text>{' '}
                {proposal.offline
                  ? t('by {name} (offline):', { name: assistantName(assistants, proposal.model) })
                  : t('by {name}:', { name: assistantName(assistants, proposal.model) })}{' '}
                {segments ? describeChange(segments, t) : ''}
              </Text>
            ) : (
              <HStack gap="2">
                <Spinner size="xs" />
                <Text>{t('{action}: writing…', { action: t(asked.current?.label ?? '') })}</Text>
              </HStack>
            )}
          </Box>
          {proposal.done && !proposal.error ? (
            <Button size="xs" loading={accepting} onClick={() => void accept()}>
              <LuCheck aria-hidden="true" /> {t('Accept')}
            </Button>
          ) : null}
          <Button size="xs" variant="outline" onClick={reject} disabled={accepting}>
            <LuX aria-hidden="true" />{' '}
            {proposal.done ? (proposal.error ? t('Dismiss') : t('Reject')) : t('Stop')}
          </Button>
        </HStack>
      ) : null}

      <Box ref={editorBox} flex="1" minH="0" overflow="hidden">
        <CodeEditor
          value={old ? old.content : text}
          kind={doc.kind}
          language={doc.language ?? null}
          readOnly={busy}
          diff={segments}
          label={
            old
              ? t('Version {version} of {title}', { version: old.version, title: doc.title })
              : t('{title}, document text', { title: doc.title })
          }
          onChange={edit}
          onSelectionChange={setSelection}
          onSelectionMenu={() => {
            if (hasSelection) setMenuOpen(true);
          }}
        />
      </Box>
    </Stack>
  );
}
