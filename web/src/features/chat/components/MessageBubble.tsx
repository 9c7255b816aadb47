import { Box, Button, Flex, HStack, Image, Link, Stack, Text } from '@chakra-ui/react';
import { lazy, memo, Suspense } from 'react';
import { LuRefreshCw, LuRotateCcw, LuTriangleAlert } from 'react-icons/lu';
import { MakeVideoButton } from '../../video/makeVideo';
import { AssistantAvatar } from './AssistantAvatar';
import { type Assistant, DEFAULT_ASSISTANT_ID } from './assistants';
import { CopyButton } from './CopyButton';
import type { UiMessage } from './useChatSession';

// The Markdown renderer and highlighter are the heaviest part of the chat: they load beside the
// screen, and until they arrive an answer shows as plain text.
const Markdown = lazy(() => import('./Markdown'));

/** Readable red for error text on the page and on answer bubbles, in both colour modes. */
const ERROR_TEXT = { base: 'red.700', _dark: 'red.300' };

/** Three pulsing dots while an assistant has not written anything yet (or streaming display is off). */
export function TypingIndicator({ name }: { name: string }) {
  return (
    <HStack gap="1" py="1.5" role="status" aria-label={`${name} is typing`}>
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
}

function UserBubble({ message, idle, onResend }: Pick<BubbleProps, 'message' | 'idle' | 'onResend'>) {
  return (
    <Flex as="article" direction="column" align="flex-end" gap="1" aria-label="Your message">
      {message.images.length > 0 ? (
        <HStack gap="2" wrap="wrap" justify="flex-end" maxW={{ base: '88%', md: '75%' }}>
          {message.images.map((url, index) => (
            <Link
              key={url}
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Open attached image ${index + 1} in a new tab`}
              rounded="lg"
              overflow="hidden"
              borderWidth="1px"
              flexShrink={0}
            >
              <Image
                src={url}
                alt={`Attached image ${index + 1}`}
                boxSize={{ base: '20', md: '24' }}
                objectFit="cover"
                loading="lazy"
                opacity={message.pending ? 0.75 : 1}
              />
            </Link>
          ))}
        </HStack>
      ) : null}
      <Box
        maxW={{ base: '88%', md: '75%' }}
        bg="colorPalette.solid"
        color="colorPalette.contrast"
        px="4"
        py="2.5"
        rounded="2xl"
        roundedBottomRight="sm"
        whiteSpace="pre-wrap"
        wordBreak="break-word"
        opacity={message.pending ? 0.75 : 1}
        data-status={message.failed ? 'failed' : message.pending ? 'sending' : 'sent'}
      >
        {message.content}
      </Box>
      {message.pending ? (
        <Text fontSize="xs" color="fg.muted">
          Sending...
        </Text>
      ) : null}
      {message.failed ? (
        <HStack gap="2" color={ERROR_TEXT} fontSize="xs">
          <LuTriangleAlert aria-hidden="true" />
          <Text>Not sent</Text>
          <Button size="2xs" variant="outline" disabled={!idle} onClick={() => onResend(message.key)}>
            <LuRotateCcw aria-hidden="true" /> Retry
          </Button>
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
}: Omit<BubbleProps, 'onResend'>) {
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
        <Box
          className="answer"
          bg="bg.muted"
          borderStartWidth="3px"
          borderStartColor={color}
          px="4"
          py="2.5"
          rounded="xl"
          roundedTopLeft="sm"
          maxW="full"
        >
          {showTyping ? <TypingIndicator name={name} /> : null}
          {!showTyping && message.content ? (
            <Suspense fallback={<Text whiteSpace="pre-wrap">{message.content}</Text>}>
              <Markdown text={message.content} />
            </Suspense>
          ) : null}
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
              <Text fontSize="sm">{message.error || `${name} could not answer. Please try again.`}</Text>
            </HStack>
          ) : null}
          {message.status === 'complete' && message.error ? (
            // A note on a complete answer, e.g. that it reached the model's length limit.
            <Text mt={message.content ? '2' : '0'} fontSize="xs" color="fg.muted" fontStyle="italic">
              {message.error}
            </Text>
          ) : null}
          {message.status === 'stopped' ? (
            <Text mt={message.content ? '2' : '0'} fontSize="xs" color="fg.muted" fontStyle="italic">
              Stopped
            </Text>
          ) : null}
        </Box>
        {!writing && id ? (
          <HStack gap="1" wrap="wrap">
            {message.content ? <CopyButton value={message.content} label="Copy answer" /> : null}
            {canRetry ? (
              <Button size="xs" variant="outline" disabled={!idle} onClick={() => onRegenerate(id)}>
                <LuRotateCcw aria-hidden="true" /> Retry
              </Button>
            ) : null}
            {!canRetry && isLastAnswer ? (
              <Button size="xs" variant="ghost" disabled={!idle} onClick={() => onRegenerate(id)}>
                <LuRefreshCw aria-hidden="true" /> Regenerate
              </Button>
            ) : null}
          </HStack>
        ) : null}
      </Stack>
    </HStack>
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
        <Box
          bg="bg.muted"
          borderStartWidth="3px"
          borderStartColor={color}
          px="4"
          py="2.5"
          rounded="xl"
          w="fit-content"
        >
          <TypingIndicator name={name} />
        </Box>
      </Stack>
    </HStack>
  );
}
