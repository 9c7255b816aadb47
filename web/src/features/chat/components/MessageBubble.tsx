import { Box, Button, Flex, HStack, IconButton, Stack, Text, Textarea } from '@chakra-ui/react';
import { messageLength } from '@chorus/shared/chatRules';
import { type KeyboardEvent, lazy, memo, Suspense, useId, useState } from 'react';
import {
  LuChevronDown,
  LuChevronLeft,
  LuChevronRight,
  LuChevronUp,
  LuPencil,
  LuRefreshCw,
  LuRotateCcw,
  LuSparkles,
  LuTriangleAlert,
} from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { AnswerText } from '../../../components/conversation/AnswerText';
import { AssistantAvatar } from '../../../components/conversation/AssistantAvatar';
import { AnswerBubble, ImageThumbLink, PromptBubble } from '../../../components/conversation/Bubbles';
import { CopyButton } from '../../../components/conversation/CopyButton';
import { Sources } from '../../../components/conversation/Sources';
import { useT } from '../../../lib/i18n';
import { storedText } from '../../../lib/storedText';
import { OpenInCanvasButton } from '../../canvas/openCanvas';
import { MakeVideoButton } from '../../video/makeVideo';
import { ReadAloudButton } from '../../voice/ReadAloudButton';
import { type Assistant, DEFAULT_ASSISTANT_ID } from './assistants';
import { LengthCounter } from './LengthCounter';
import { COLLAPSED_LINES, isExpanded, isLongPrompt, setExpanded } from './longPrompt';
import type { UiMessage } from './useChatSession';

/** An answer's tool calls (features/tools), in a chunk of their own: out of the shared pages' first load. */
const AnswerToolCalls = lazy(() => import('../../tools/components/AnswerToolCalls'));

/** Readable red for error text on the page and on answer bubbles, in both colour modes. */
const ERROR_TEXT = { base: 'red.700', _dark: 'red.300' };

/** Three pulsing dots while an assistant has not written anything yet (or streaming display is off). */
export function TypingIndicator({ name }: { name: string }) {
  const t = useT();
  return (
    <HStack gap="1" py="1.5" role="status" aria-label={t('{name} is typing', { name })}>
      {[0, 1, 2].map((dot) => (
        <Box
          key={dot}
          boxSize="2"
          rounded="full"
          bg="fg.muted"
          animation="pulse 1.2s ease-in-out infinite"
          style={{ animationDelay: `${dot * 0.2}s` }}
          _motionReduce={{ animation: 'none', opacity: 0.6 }}
        />
      ))}
    </HStack>
  );
}

/** Fallback look for an answer whose assistant the catalogue doesn't (or doesn't yet) list. */
function describe(assistants: readonly Assistant[], id: string | null) {
  const found = assistants.find((assistant) => assistant.id === (id ?? DEFAULT_ASSISTANT_ID));
  return {
    name: found?.name ?? (id ? id.charAt(0).toUpperCase() + id.slice(1) : 'Assistant'),
    color: found?.color ?? '#6b7280',
    initial: found?.initial ?? (id?.charAt(0).toUpperCase() || 'A'),
  };
}

interface BubbleProps {
  message: UiMessage;
  assistants: readonly Assistant[];
  /** Off (user setting): answers appear whole when done, with the typing indicator meanwhile. */
  streamingEnabled: boolean;
  /** The last answer of the chat gets a Regenerate action. */
  isLastAnswer: boolean;
  /** Nothing is being sent or written, so a retry may start. */
  idle: boolean;
  onResend: (key: string) => void;
  onRegenerate: (messageId: string) => void;
  /** This prompt is being edited in place. */
  editing: boolean;
  /** Opens (an id) or closes (null) the editor of a prompt. */
  onEdit: (messageId: string | null) => void;
  /** Sends an edited prompt; resolves true once it is sent. */
  onSubmitEdit: (messageId: string, text: string) => Promise<boolean>;
  /** Shows another version of a turn. */
  onSelectVersion: (messageId: string) => void;
}

/** "‹ 2 / 3 ›": moves between the versions of a turn (edits of a prompt, regenerated answers). */
function VersionSwitcher({
  message,
  idle,
  onSelectVersion,
}: Pick<BubbleProps, 'message' | 'idle' | 'onSelectVersion'>) {
  const t = useT();
  const versions = message.siblingIds;
  const at = message.id ? versions.indexOf(message.id) : -1;
  if (versions.length < 2 || at < 0) return null;
  const prompt = message.role === 'user';
  const go = (index: number) => {
    const id = versions[index];
    if (id) onSelectVersion(id);
  };
  return (
    <HStack
      gap="0"
      color="fg.muted"
      fontSize="xs"
      role="group"
      aria-label={prompt ? t('Versions of this message') : t('Versions of this answer')}
    >
      <IconButton
        size="2xs"
        variant="ghost"
        aria-label={prompt ? t('Previous version of this message') : t('Previous version of this answer')}
        data-version="previous"
        disabled={!idle || at === 0}
        onClick={() => go(at - 1)}
      >
        <LuChevronLeft />
      </IconButton>
      <Text as="span" minW="10" textAlign="center" aria-live="polite" data-testid="version-position">
        {at + 1} / {versions.length}
      </Text>
      <IconButton
        size="2xs"
        variant="ghost"
        aria-label={prompt ? t('Next version of this message') : t('Next version of this answer')}
        data-version="next"
        disabled={!idle || at === versions.length - 1}
        onClick={() => go(at + 1)}
      >
        <LuChevronRight />
      </IconButton>
    </HStack>
  );
}

/** A sent prompt written again in place: Enter sends it, Shift+Enter breaks the line, Esc cancels. */
function PromptEditor({
  message,
  onEdit,
  onSubmitEdit,
}: Pick<BubbleProps, 'message' | 'onEdit' | 'onSubmitEdit'>) {
  const t = useT();
  const [text, setText] = useState(message.content);
  const [saving, setSaving] = useState(false);
  const length = messageLength(text);
  const counterId = useId();
  const id = message.id;
  const submit = async () => {
    if (!id || saving || !text.trim() || length.over) return;
    setSaving(true);
    const sent = await onSubmitEdit(id, text);
    if (!sent) setSaving(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onEdit(null);
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };
  return (
    <Stack gap="2" width="full" maxW={{ base: '100%', md: '75%' }}>
      <Textarea
        aria-label={t('Edit your message')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        autoFocus
        autoresize
        maxH="60"
        bg="bg"
        disabled={saving}
        aria-invalid={length.over || undefined}
        aria-describedby={length.showCounter ? counterId : undefined}
        onFocus={(event) => {
          const end = event.currentTarget.value.length;
          event.currentTarget.setSelectionRange(end, end);
        }}
      />
      <HStack gap="2" justify="flex-end" wrap="wrap">
        <Box fontSize="xs" color="fg.muted" me="auto">
          <LengthCounter id={counterId} state={length} />
        </Box>
        <Button size="xs" variant="ghost" onClick={() => onEdit(null)} disabled={saving}>
          {t('Cancel')}
        </Button>
        <Button
          size="xs"
          onClick={() => void submit()}
          loading={saving}
          disabled={!text.trim() || length.over}
        >
          {t('Send')}
        </Button>
      </HStack>
    </Stack>
  );
}

/**
 * A prompt's text; a long one (longPrompt.ts) shows its first lines and a "Show more" that opens it
 * in place, remembered per message.
 */
function PromptText({ message }: { message: UiMessage }) {
  const t = useT();
  const long = isLongPrompt(message.content);
  // By id once saved: the chat opened again draws it under its id (a sent prompt's key is temporary).
  const stateKey = message.id ?? message.key;
  const [open, setOpen] = useState(() => isExpanded(stateKey));
  const textId = useId();
  const collapsed = long && !open;
  const toggle = () => {
    setExpanded(stateKey, !open);
    setOpen(!open);
  };
  return (
    <>
      <PromptBubble
        id={textId}
        opacity={message.pending ? 0.75 : 1}
        data-status={message.failed ? 'failed' : message.pending ? 'sending' : 'sent'}
        data-collapsed={long ? String(collapsed) : undefined}
      >
        {collapsed ? (
          // The first lines (clamped inside the padding, so no part of the next line shows), fading
          // out at the end so they read as cut, not as the whole message.
          <Box
            lineClamp={COLLAPSED_LINES}
            css={{ maskImage: 'linear-gradient(to bottom, black calc(100% - 3em), transparent)' }}
          >
            {message.content}
          </Box>
        ) : (
          message.content
        )}
      </PromptBubble>
      {long ? (
        <Button
          size="2xs"
          variant="ghost"
          color="fg.muted"
          aria-expanded={open}
          aria-controls={textId}
          onClick={toggle}
        >
          {open ? <LuChevronUp aria-hidden="true" /> : <LuChevronDown aria-hidden="true" />}
          {open ? t('Show less') : t('Show more')}
        </Button>
      ) : null}
    </>
  );
}

/**
 * Under a prompt that did not go: Retry when sending again can work (the network, the server); a
 * plan's refusal says why and links to the plans; a refusal of the text says why, with a copy of it.
 */
function NotSent({ message, idle, onResend }: Pick<BubbleProps, 'message' | 'idle' | 'onResend'>) {
  const t = useT();
  const failure = message.failure ?? { kind: 'retry' };
  return (
    <Stack gap="1" align="flex-end" color={ERROR_TEXT} fontSize="xs" maxW={{ base: '88%', md: '75%' }}>
      <HStack gap="1.5" align={failure.kind === 'retry' ? 'center' : 'flex-start'}>
        <Box mt={failure.kind === 'retry' ? '0' : '0.5'} flexShrink={0}>
          <LuTriangleAlert aria-hidden="true" />
        </Box>
        <Text data-testid="not-sent">
          {failure.kind === 'retry' ? t('Not sent') : t('Not sent: {reason}', { reason: failure.reason })}
        </Text>
        {failure.kind === 'retry' ? (
          <Button size="2xs" variant="outline" disabled={!idle} onClick={() => onResend(message.key)}>
            <LuRotateCcw aria-hidden="true" /> {t('Retry')}
          </Button>
        ) : null}
      </HStack>
      {failure.kind !== 'retry' ? (
        <HStack gap="1">
          {failure.kind === 'plan' ? (
            <Button asChild size="2xs" colorPalette="purple">
              <RouterLink to={failure.upgradeUrl}>
                <LuSparkles aria-hidden="true" /> {t('Upgrade')}
              </RouterLink>
            </Button>
          ) : null}
          <CopyButton size="2xs" value={message.content} label={t('Copy message')} />
        </HStack>
      ) : null}
    </Stack>
  );
}

function UserBubble({
  message,
  idle,
  onResend,
  editing,
  onEdit,
  onSubmitEdit,
  onSelectVersion,
}: Pick<
  BubbleProps,
  'message' | 'idle' | 'onResend' | 'editing' | 'onEdit' | 'onSubmitEdit' | 'onSelectVersion'
>) {
  const t = useT();
  const id = message.id;
  if (editing && id) {
    return (
      <Flex
        as="article"
        direction="column"
        align="flex-end"
        gap="1"
        aria-label={t('Your message, being edited')}
      >
        <PromptEditor message={message} onEdit={onEdit} onSubmitEdit={onSubmitEdit} />
      </Flex>
    );
  }
  return (
    <Flex as="article" direction="column" align="flex-end" gap="1" aria-label={t('Your message')}>
      {message.images.length > 0 ? (
        <HStack gap="2" wrap="wrap" justify="flex-end" maxW={{ base: '88%', md: '75%' }}>
          {message.images.map((url, index) => (
            <ImageThumbLink
              key={url}
              src={url}
              alt={t('Attached image {number}', { number: index + 1 })}
              openLabel={t('Open attached image {number} in a new tab', { number: index + 1 })}
              linkProps={{ flexShrink: 0 }}
              loading="lazy"
              opacity={message.pending ? 0.75 : 1}
            />
          ))}
        </HStack>
      ) : null}
      <PromptText message={message} />
      {message.pending ? (
        <Text fontSize="xs" color="fg.muted">
          {t('Sending...')}
        </Text>
      ) : null}
      {message.failed ? <NotSent message={message} idle={idle} onResend={onResend} /> : null}
      {id && !message.pending && !message.failed ? (
        <HStack gap="1">
          <VersionSwitcher message={message} idle={idle} onSelectVersion={onSelectVersion} />
          <IconButton
            size="2xs"
            variant="ghost"
            color="fg.muted"
            aria-label={t('Edit message')}
            title={t('Edit message')}
            disabled={!idle}
            onClick={() => onEdit(id)}
          >
            <LuPencil />
          </IconButton>
        </HStack>
      ) : null}
    </Flex>
  );
}

function AssistantBubble({
  message,
  assistants,
  streamingEnabled,
  isLastAnswer,
  idle,
  onRegenerate,
  onSelectVersion,
}: Omit<BubbleProps, 'onResend' | 'editing' | 'onEdit' | 'onSubmitEdit'>) {
  const t = useT();
  const { name, color, initial } = describe(assistants, message.model);
  const writing = message.status === 'streaming';
  const showTyping = writing && (!streamingEnabled || message.content === '');
  const labelId = `answer-${message.key}-name`;
  const canRetry = message.status === 'error' || message.status === 'stopped';
  const id = message.id;

  return (
    <HStack
      as="article"
      align="flex-start"
      gap="3"
      aria-labelledby={labelId}
      aria-busy={writing}
      data-status={message.status}
    >
      <AssistantAvatar color={color} initial={initial} />
      <Stack gap="1" flex="1" minW="0">
        <Text id={labelId} fontSize="sm" fontWeight="semibold">
          {name}
        </Text>
        <AnswerBubble className="answer" edgeColor={color} roundedTopLeft="sm" maxW="full">
          {/* Mounted for every saved answer, so the calls followed live stay shown once it ends. */}
          {id ? (
            <Suspense fallback={null}>
              <AnswerToolCalls messageId={id} calls={message.toolCalls ?? []} live={writing} />
            </Suspense>
          ) : null}
          {showTyping ? <TypingIndicator name={name} /> : null}
          {!showTyping && message.content ? (
            <AnswerText
              text={message.content}
              answerId={message.id ?? message.key}
              sourceCount={message.sources?.length ?? 0}
            />
          ) : null}
          <Sources answerId={message.id ?? message.key} sources={message.sources ?? []} />
          {message.status === 'complete' && message.content ? (
            <MakeVideoButton markdown={message.content} />
          ) : null}
          {message.status === 'error' ? (
            <HStack
              mt={message.content ? '3' : '0'}
              gap="2"
              align="flex-start"
              color={ERROR_TEXT}
              role="alert"
            >
              <Box mt="0.5" flexShrink={0}>
                <LuTriangleAlert aria-hidden="true" />
              </Box>
              <Text fontSize="sm">
                {message.error
                  ? storedText(t, message.error)
                  : t('{name} could not answer. Please try again.', { name })}
              </Text>
            </HStack>
          ) : null}
          {message.status === 'complete' && message.error ? (
            // A note on a complete answer, e.g. that it reached the model's length limit.
            <Text mt={message.content ? '2' : '0'} fontSize="xs" color="fg.muted" fontStyle="italic">
              {storedText(t, message.error)}
            </Text>
          ) : null}
          {message.status === 'stopped' ? (
            <Text mt={message.content ? '2' : '0'} fontSize="xs" color="fg.muted" fontStyle="italic">
              {t('Stopped')}
            </Text>
          ) : null}
        </AnswerBubble>
        {!writing && id ? (
          <HStack gap="1" wrap="wrap">
            <VersionSwitcher message={message} idle={idle} onSelectVersion={onSelectVersion} />
            {message.content ? <CopyButton value={message.content} label={t('Copy answer')} /> : null}
            {message.content && message.status === 'complete' ? <OpenInCanvasButton messageId={id} /> : null}
            {message.content && message.status === 'complete' ? (
              <ReadAloudButton markdown={message.content} messageId={id} />
            ) : null}
            {canRetry ? (
              <Button size="xs" variant="outline" disabled={!idle} onClick={() => onRegenerate(id)}>
                <LuRotateCcw aria-hidden="true" /> {t('Retry')}
              </Button>
            ) : null}
            {!canRetry && isLastAnswer ? (
              <Button size="xs" variant="ghost" disabled={!idle} onClick={() => onRegenerate(id)}>
                <LuRefreshCw aria-hidden="true" /> {t('Regenerate')}
              </Button>
            ) : null}
            {message.modelName || message.tokens !== null ? (
              <AnswerDetails name={name} modelName={message.modelName} tokens={message.tokens} />
            ) : null}
          </HStack>
        ) : null}
      </Stack>
    </HStack>
  );
}

/**
 * Who wrote an answer: the assistant, the model its provider named and the tokens it reported.
 * What the provider did not report is left out, never estimated; with neither (an offline answer)
 * nothing is added to the name above the answer.
 */
function AnswerDetails({
  name,
  modelName,
  tokens,
}: {
  name: string;
  modelName: string | null;
  tokens: number | null;
}) {
  const t = useT();
  const parts = [
    name,
    modelName,
    tokens === null ? null : t('{count, plural, one {# token} other {# tokens}}', { count: tokens }),
  ];
  return (
    <Text
      as="span"
      fontSize="xs"
      color="fg.muted"
      px="1"
      minW="0"
      wordBreak="break-word"
      data-testid="answer-details"
    >
      {parts.filter(Boolean).join(' · ')}
    </Text>
  );
}

export const MessageBubble = memo(function MessageBubble(props: BubbleProps) {
  return props.message.role === 'user' ? <UserBubble {...props} /> : <AssistantBubble {...props} />;
});

export function PendingAnswer({
  assistants,
  model,
}: {
  assistants: readonly Assistant[];
  model: string | null;
}) {
  const { name, color, initial } = describe(assistants, model);
  return (
    <HStack align="flex-start" gap="3">
      <AssistantAvatar color={color} initial={initial} />
      <Stack gap="1" flex="1" minW="0">
        <Text fontSize="sm" fontWeight="semibold">
          {name}
        </Text>
        <AnswerBubble edgeColor={color} w="fit-content">
          <TypingIndicator name={name} />
        </AnswerBubble>
      </Stack>
    </HStack>
  );
}
