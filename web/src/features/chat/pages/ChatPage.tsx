import { useQuery } from '@apollo/client/react';
import { Badge, Box, Button, Flex, Heading, HStack } from '@chakra-ui/react';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { LuBookmark, LuPanelRight } from 'react-icons/lu';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { SkipLink } from '../../../components/SkipLink';
import { notify } from '../../../components/toaster';
import { useIsNarrowScreen } from '../../../hooks/useIsNarrowScreen';
import { useLoadMore } from '../../../hooks/useLoadMore';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { msg, useT } from '../../../lib/i18n';
import { MySettingsQuery } from '../../accounts/graphql';
import { type CanvasTarget, OpenCanvasContext } from '../../canvas/openCanvas';
import { parseCompare } from '../../compare/compareRules';
import {
  CompareControl,
  type CompareSetup,
  compareStatus,
  NO_COMPARE,
} from '../../compare/components/CompareControl';
import { useCompareActions } from '../../compare/components/useCompareActions';
import {
  GroundingChips,
  GroundingPicker,
  groundingActions,
} from '../../knowledge/components/GroundingControls';
import { useDroppedFiles } from '../../knowledge/components/useDroppedFiles';
import { useGrounding } from '../../knowledge/components/useGrounding';
import { ShareChatButton } from '../../shares/components/ShareChatButton';
import { ExportChatMenu } from '../../transfer/components/ExportChatMenu';
import type { VideoSourceImage } from '../../video/components/VideoDialog';
import { MakeVideoContext, type PictureForVideo } from '../../video/makeVideo';
import { type ChatMode, findAssistant, isChatMode } from '../components/assistants';
import { ChatHeader } from '../components/ChatHeader';
import { ChatShortcuts } from '../components/ChatShortcuts';
import { ChatSidebar, type SidebarData } from '../components/ChatSidebar';
import { Composer } from '../components/Composer';
import { MessageList } from '../components/MessageList';
import { AllowanceHint, UpgradeAlert } from '../components/PlanNotices';
import { SwitchedVersionNotice } from '../components/SwitchedVersionNotice';
import { hideAppShell } from '../components/shellDraft';
import { useCatalogue } from '../components/useCatalogue';
import { useChatSession } from '../components/useChatSession';
import { ChatsQuery } from '../graphql';

const SIDEBAR_ID = 'chat-sidebar';

// The video dialog (its queries, player, progress and pickers) downloads the first time it opens, not
// with /chat; from then on it stays mounted so the model and size chosen carry over to the next video.
const VideoDialog = lazy(() =>
  import('../../video/components/VideoDialog').then((module) => ({ default: module.VideoDialog })),
);

// The canvas (an editor with CodeMirror) downloads the first time it opens, never with /chat itself.
const CanvasPanel = lazy(() => import('../../canvas/components/CanvasPanel'));
// The saved prompts' picker (`/` in the empty box, or the Prompts button): loaded when first opened.
const PromptPicker = lazy(() => import('../../prompts/components/PromptPicker'));

/** The badge of a chat started in a mode (CHAT_MODES), one whole text each. */
const MODE_BADGES: Record<ChatMode, string> = {
  study: msg('Study mode'),
  rewrite: msg('Rewrite mode'),
  business: msg('Business mode'),
  coach: msg('Coach mode'),
};

export default function ChatPage() {
  const t = useT();
  usePageMeta({
    title: t('AI Chat'),
    description: t('Chat with GPT, Claude, Grok, Gemini and more in one conversation.'),
  });
  // The outline the server drew (api/src/http/appShell.ts) gives way to the page before it paints;
  // the composer takes what was typed into it (shellDraft.ts).
  useLayoutEffect(hideAppShell, []);
  const narrow = useIsNarrowScreen();
  // Open beside the chat on wide screens; on phones it is an overlay you summon.
  const [sidebarOpen, setSidebarOpen] = useState(!narrow);
  useEffect(() => {
    setSidebarOpen(!narrow);
  }, [narrow]);

  const navigate = useNavigate();
  const params = useParams();
  const [searchParams] = useSearchParams();
  const urlChatId = params.chatId ?? searchParams.get('c');
  const urlMode = searchParams.get('mode');
  // A search result opens /chat/<id>?message=<message id>.
  const focusMessageId = searchParams.get('message');

  const catalogue = useCatalogue();
  // Start fetching the answer renderer (~100 KB) once the assistants are in and the message box works,
  // so it is there by the time the first answer arrives without holding back, on a slow network, the
  // page's own code and first queries (an answer already on screen loads it at once,
  // components/conversation/AnswerText.tsx).
  const catalogueReady = !catalogue.loading;
  useEffect(() => {
    if (!catalogueReady) return;
    import('../../../components/conversation/Markdown').catch((error: unknown) =>
      console.error('Could not load the answer renderer', error),
    );
  }, [catalogueReady]);
  const session = useChatSession({ urlChatId, urlMode, assistants: catalogue.assistants });
  // The catalogue and the custom assistants this chat used (useChatSession).
  const { assistants } = session;
  const chatsQuery = useQuery(ChatsQuery);
  const settings = useQuery(MySettingsQuery);
  const streamingEnabled = settings.data?.mySettings.enableStreaming ?? true;

  const chats = useMemo(
    () =>
      [...(chatsQuery.data?.chatPage.chats ?? [])].sort(
        (a, b) => new Date(b.updatedAt).getTime() - new Date(a.updatedAt).getTime(),
      ),
    [chatsQuery.data],
  );

  const nextChatsCursor = chatsQuery.data?.chatPage.nextCursor ?? null;
  const moreChats = useLoadMore(
    nextChatsCursor,
    (after) => chatsQuery.fetchMore({ variables: { after } }),
    'chats',
  );

  const { startNewChat, regenerate, selectVersion, showMessage } = session;

  // A search result on another version of the conversation than the one shown: once the chat has
  // loaded, its path is switched to the version holding it (MessageList then scrolls to it).
  const openedAt = useRef<string | null>(null);
  const loadedChatId = session.loadingChat || session.loadFailed ? null : session.chatId;
  const loadedCount = session.messages.length;
  useEffect(() => {
    if (!focusMessageId || !loadedChatId || loadedChatId !== urlChatId || loadedCount === 0) return;
    const key = `${loadedChatId}/${focusMessageId}`;
    if (openedAt.current === key) return;
    openedAt.current = key;
    void showMessage(focusMessageId);
  }, [focusMessageId, loadedChatId, loadedCount, urlChatId, showMessage]);
  const onRegenerate = useCallback((messageId: string) => void regenerate(messageId), [regenerate]);
  const onSelectVersion = useCallback((messageId: string) => void selectVersion(messageId), [selectVersion]);

  // Compare (features/compare): set up with its control, or typed as "@claude @gemini why…".
  const [compareSetup, setCompareSetup] = useState<CompareSetup>(NO_COMPARE);
  const [promptPicker, setPromptPicker] = useState(false);
  const [inserted, setInserted] = useState<{ text: string; at: number } | null>(null);
  const onStarter = useCallback((text: string) => setInserted({ text, at: Date.now() }), []);
  const { submit, submitCompare, chooseModel } = session;
  // The files the chat reads and "Search the web" (features/knowledge), sent with each prompt.
  const grounding = useGrounding(session.chatId);
  const { input: groundingInput, sent: groundingSent } = grounding;
  const readsFiles = grounding.files.length > 0;
  const dropFiles = useDroppedFiles(grounding);
  const onSubmit = useCallback(
    (raw: string, images: Parameters<typeof submit>[1] = []) => {
      const typed = parseCompare(raw.trim(), assistants);
      const ids = typed ? typed.assistants.map((a) => a.id) : compareSetup.assistants;
      if (!typed && ids.length < 2) {
        const taken = submit(raw, images, groundingInput);
        if (taken) groundingSent();
        return taken;
      }
      if (readsFiles || groundingInput.webSearch) {
        notify(
          'info',
          t('A compare reads no files or web pages'),
          t('Remove them, or stop comparing to send them.'),
        );
        return false;
      }
      if (images.length > 0) {
        notify(
          'info',
          t('A compare sends text only'),
          t('Remove the images, or stop comparing to send them.'),
        );
        return false;
      }
      if (typed && !typed.rest) {
        notify(
          'info',
          t('Add your message after the assistants'),
          t('For example: @claude @gemini why is the sky blue?'),
        );
        return false;
      }
      return submitCompare(typed ? typed.rest : raw, ids, compareSetup.blind);
    },
    [assistants, compareSetup, submit, submitCompare, groundingInput, groundingSent, readsFiles, t],
  );
  const compareActions = useCompareActions({
    selectVersion,
    replaceAnswer: session.replaceAnswer,
    chooseModel: useCallback(
      (assistantId: string) => {
        // Continuing with one answer ends the compare set up: the next message goes to that assistant.
        setCompareSetup(NO_COMPARE);
        chooseModel(assistantId);
      },
      [chooseModel],
    ),
  });
  const newChat = useCallback(() => {
    startNewChat();
    navigate('/chat');
  }, [navigate, startNewChat]);

  const onDeleted = useCallback(
    (chatId: string) => {
      if (chatId === session.chatId) newChat();
    },
    [newChat, session.chatId],
  );

  const sidebar: SidebarData = {
    models: {
      assistants: assistants,
      loading: catalogue.loading,
      failed: catalogue.failed,
      onRetry: catalogue.retry,
      value: session.currentModel,
      onChange: session.chooseModel,
    },
    chats: {
      chats,
      loading: chatsQuery.loading,
      failed: !!chatsQuery.error,
      onRetry: () => {
        chatsQuery.refetch().catch((error: unknown) => console.error('Could not load chats', error));
      },
      hasMore: moreChats.hasMore,
      loadingMore: moreChats.loadingMore,
      onLoadMore: moreChats.loadMore,
      activeChatId: session.chatId,
      onDeleted,
    },
    onNewChat: newChat,
  };

  const mode = session.mode ?? (isChatMode(session.chat?.mode) ? session.chat.mode : null);

  // Image-to-video from an @image answer: the dialog opens on that picture, its prompt the picture's.
  const [fromPicture, setFromPicture] = useState<{ prompt: string; image: VideoSourceImage } | null>(null);
  const makeVideo = useCallback(
    (picture: PictureForVideo) => setFromPicture({ prompt: picture.alt, image: { url: picture.url } }),
    [],
  );
  const closePictureVideo = useCallback(() => setFromPicture(null), []);
  // "Chat" on the Assistants page: /chat?assistant=<handle> picks it in the list, or, for one the
  // list doesn't have (a stranger's public one), starts the message with its @handle.
  const assistantParam = searchParams.get('assistant')?.replace(/^@/, '').toLowerCase() ?? null;
  const catalogueLoaded = !catalogue.loading && assistants.length > 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per link, when the list is in.
  useEffect(() => {
    if (!assistantParam || !catalogueLoaded || !/^[a-z][a-z0-9_]{2,23}$/.test(assistantParam)) return;
    const listed = assistants.find((a) => a.command.toLowerCase() === `@${assistantParam}`);
    if (listed) chooseModel(listed.id);
    else setInserted({ text: `@${assistantParam} `, at: Date.now() });
  }, [assistantParam, catalogueLoaded]);

  // "Make a video" from My Files: /chat?videoFrom=<file id> opens the dialog on that picture.
  const videoFrom = searchParams.get('videoFrom');
  useEffect(() => {
    if (videoFrom) setFromPicture({ prompt: '', image: { fileId: videoFrom, url: '' } });
  }, [videoFrom]);

  const videoPrompt = fromPicture?.prompt ?? session.videoPrompt;
  const [videoWanted, setVideoWanted] = useState(false);
  if (videoPrompt !== null && !videoWanted) setVideoWanted(true);

  // The canvas beside the chat: opened on an answer, on the chat's documents, or by itself on the
  // first answer of a chat in rewrite mode. Closing it gives the keyboard back to what opened it.
  const [canvas, setCanvas] = useState<{ chatId: string; target: CanvasTarget } | null>(null);
  const canvasOpener = useRef<HTMLElement | null>(null);
  const currentChatId = session.chatId;
  const openCanvas = useCallback(
    (target: CanvasTarget) => {
      if (!currentChatId) return;
      canvasOpener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setCanvas({ chatId: currentChatId, target });
    },
    [currentChatId],
  );
  const closeCanvas = useCallback(() => {
    setCanvas(null);
    canvasOpener.current?.focus();
  }, []);
  if (canvas && canvas.chatId !== currentChatId) setCanvas(null);
  const firstAnswer = session.messages.find((message) => message.role === 'assistant');
  const firstAnswerId = firstAnswer?.status === 'complete' && firstAnswer.content ? firstAnswer.id : null;
  const autoOpened = useRef<string | null>(null);
  useEffect(() => {
    if (mode !== 'rewrite' || !currentChatId || !firstAnswerId || autoOpened.current === currentChatId)
      return;
    autoOpened.current = currentChatId;
    setCanvas({ chatId: currentChatId, target: { kind: 'first', messageId: firstAnswerId } });
  }, [mode, currentChatId, firstAnswerId]);

  // The list in the cache follows renames; the session's copy covers a chat not listed yet.
  const listed = chats.find((chat) => chat.id === session.chatId);
  const title = listed?.title ?? session.chat?.title ?? (session.chatId ? '' : t('New Chat'));

  return (
    <MakeVideoContext.Provider value={makeVideo}>
      <OpenCanvasContext.Provider value={currentChatId ? openCanvas : null}>
        <Flex direction="column" height="100dvh">
          <SkipLink />
          <ChatHeader
            sidebarOpen={sidebarOpen}
            sidebarId={SIDEBAR_ID}
            onToggleSidebar={() => setSidebarOpen((open) => !open)}
            onNewChat={newChat}
          />
          <Flex flex="1" minH="0">
            <ChatSidebar
              id={SIDEBAR_ID}
              open={sidebarOpen}
              overlay={narrow}
              onOpenChange={setSidebarOpen}
              data={sidebar}
            />
            <Box as="main" id="main" flex="1" minW="0" display="flex" flexDirection="column">
              <HStack
                px={{ base: '3', md: '6' }}
                py="2"
                borderBottomWidth="1px"
                gap="2"
                minH="11"
                justify="space-between"
                // Toasts show below it, never over its buttons (components/ToastRegion.tsx).
                data-top-bar=""
              >
                <Heading as="h1" size="sm" truncate minW="0" dir="auto">
                  {title || t('Loading chat...')}
                </Heading>
                <HStack gap="2" flexShrink={0}>
                  {mode ? (
                    <Badge colorPalette="purple" variant="subtle" flexShrink={0}>
                      {t(MODE_BADGES[mode])}
                    </Badge>
                  ) : null}
                  {session.chatId ? (
                    <Button
                      size="xs"
                      variant="ghost"
                      aria-expanded={!!canvas}
                      aria-label={narrow ? t('Canvas') : undefined}
                      title={t('Documents of this chat')}
                      onClick={() => (canvas ? closeCanvas() : openCanvas({ kind: 'list' }))}
                    >
                      <LuPanelRight aria-hidden="true" />
                      {narrow ? null : t('Canvas')}
                    </Button>
                  ) : null}
                  {session.chatId ? <ExportChatMenu chatId={session.chatId} /> : null}
                  {session.chatId ? <ShareChatButton chatId={session.chatId} /> : null}
                </HStack>
              </HStack>
              <MessageList
                session={session}
                assistants={assistants}
                streamingEnabled={streamingEnabled}
                onRegenerate={onRegenerate}
                onSelectVersion={onSelectVersion}
                focusMessageId={focusMessageId}
                compareActions={compareActions}
                current={findAssistant(assistants, session.currentModel)}
                onStarter={onStarter}
              />
              {session.switchedFrom ? (
                <Box px={{ base: '3', md: '4' }} pb="2">
                  <SwitchedVersionNotice
                    onBack={() => void session.returnToPreviousPath()}
                    onClose={session.dismissSwitch}
                  />
                </Box>
              ) : null}
              {session.upgrade ? (
                <Box px={{ base: '3', md: '4' }} pb="2">
                  <UpgradeAlert notice={session.upgrade} onClose={session.dismissUpgrade} />
                </Box>
              ) : null}
              <Composer
                assistants={assistants}
                ready={!catalogue.loading}
                currentModel={session.currentModel}
                onModelChange={session.switchModel}
                onSubmit={onSubmit}
                compareControl={
                  <CompareControl assistants={assistants} setup={compareSetup} onChange={setCompareSetup} />
                }
                compareStatus={(text) => compareStatus(compareSetup, assistants, text)}
                actions={[
                  ...groundingActions(grounding, catalogue.webSearch),
                  {
                    id: 'prompts',
                    label: t('Insert a saved prompt'),
                    title: t('Insert a saved prompt (or type / in the empty box)'),
                    icon: <LuBookmark />,
                    onSelect: () => setPromptPicker(true),
                  },
                ]}
                onSlash={() => setPromptPicker(true)}
                inserted={inserted}
                onDropFiles={(files) => void dropFiles(files)}
                groundingChips={
                  <>
                    <GroundingChips grounding={grounding} />
                    <GroundingPicker grounding={grounding} />
                  </>
                }
                streaming={session.streaming}
                sending={session.sending}
                onStop={() => void session.stop()}
                onEditLast={session.editLast}
                narrow={narrow}
                hint={<AllowanceHint />}
              />
              <ChatShortcuts streaming={session.streaming} onStop={() => void session.stop()} />
              {promptPicker ? (
                <Suspense fallback={null}>
                  <PromptPicker
                    onInsert={(text) => {
                      setInserted({ text, at: Date.now() });
                      setPromptPicker(false);
                    }}
                    onClose={() => setPromptPicker(false)}
                  />
                </Suspense>
              ) : null}
            </Box>
            {canvas ? (
              <Suspense fallback={null}>
                <CanvasPanel
                  chatId={canvas.chatId}
                  target={canvas.target}
                  assistants={assistants}
                  narrow={narrow}
                  onClose={closeCanvas}
                />
              </Suspense>
            ) : null}
          </Flex>
          {videoWanted ? (
            <Suspense fallback={null}>
              <VideoDialog
                prompt={videoPrompt}
                image={fromPicture?.image ?? null}
                onClose={fromPicture ? closePictureVideo : session.closeVideo}
              />
            </Suspense>
          ) : null}
        </Flex>
      </OpenCanvasContext.Provider>
    </MakeVideoContext.Provider>
  );
}
