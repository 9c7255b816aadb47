import { useApolloClient } from '@apollo/client/react';
import { Badge, Box, Button, HStack, IconButton, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  LuChevronLeft,
  LuChevronRight,
  LuCombine,
  LuRotateCcw,
  LuSquare,
  LuTriangleAlert,
  LuTrophy,
} from 'react-icons/lu';
import { AnswerText } from '../../../components/conversation/AnswerText';
import { useIsNarrowScreen } from '../../../hooks/useIsNarrowScreen';
import { notifyFailure } from '../../../lib/mutationToast';
import { AssistantDot } from '../../chat/components/AssistantDot';
import type { Assistant } from '../../chat/components/assistants';
import type { CompareTurnData } from '../../chat/components/chatMessages';
import { TypingIndicator } from '../../chat/components/MessageBubble';
import { blindLabel, blindOrder, formatCost, formatDuration } from '../compareRules';
import { VoteCompareMutation } from '../graphql';
import { type CompareColumn, shownVotes, useCompareColumns } from './useCompareColumns';

/** Readable red for error text, in both colour modes (as features/chat/components/MessageBubble.tsx). */
const ERROR_TEXT = { base: 'red.700', _dark: 'red.300' };

export interface CompareActions {
  /** Continues the chat from this answer, with its assistant. */
  onChoose: (messageId: string, assistant: string) => Promise<void>;
  /** Has `assistant` write one answer from these; it streams as the chat's next version of the turn. */
  onMerge: (messageIds: string[], assistant: string, replacing: string | null) => Promise<void>;
}

interface CompareTurnViewProps extends CompareActions {
  compare: CompareTurnData;
  /** The answer the chat goes on from (the path's), if it is one of the columns. */
  pathAnswerId: string | null;
  assistants: readonly Assistant[];
  streamingEnabled: boolean;
}

const STATUS_LABELS: Record<string, string> = {
  streaming: 'Writing…',
  complete: 'Done',
  error: 'Failed',
  stopped: 'Stopped',
};
const STATUS_COLORS: Record<string, string> = {
  streaming: 'blue',
  complete: 'green',
  error: 'red',
  stopped: 'gray',
};

/**
 * A compare turn (schema/compare.graphql): its answers side by side, columns on wide screens and
 * swipeable cards on phones, each with its own status, Stop, Retry and numbers; "Continue with
 * this", Merge, and in a blind compare the vote that reveals the names.
 */
export function CompareTurnView({
  compare,
  pathAnswerId,
  assistants,
  streamingEnabled,
  onChoose,
  onMerge,
}: CompareTurnViewProps) {
  const client = useApolloClient();
  const narrow = useIsNarrowScreen();
  const { columns, stop, retry } = useCompareColumns(compare);
  const [vote, setVote] = useState(
    () =>
      shownVotes.get(compare.id) ?? {
        winner: compare.winner ?? null,
        tie: compare.tie,
        voted: !!compare.votedAt,
      },
  );
  useEffect(() => {
    shownVotes.set(compare.id, vote);
  }, [compare.id, vote]);
  const [voting, setVoting] = useState(false);
  const [acting, setActing] = useState<string | null>(null);
  const hidden = compare.blind && !vote.voted;
  // A blind compare keeps one shuffled order (the same after a reload), also once the names show.
  const count = columns.length;
  const order = useMemo(
    () => (compare.blind ? blindOrder(compare.id, count) : Array.from({ length: count }, (_, i) => i)),
    [compare.blind, compare.id, count],
  );
  const shown = order.flatMap((index, position) => {
    const column = columns[index];
    if (!column) return [];
    const assistantId = compare.assistants[index] ?? column.model ?? '';
    const assistant = assistants.find((a) => a.id === assistantId);
    const realName = assistant?.name ?? assistantId;
    return [
      {
        column,
        assistantId,
        color: hidden ? '#9ca3af' : (assistant?.color ?? '#6b7280'),
        name: hidden
          ? blindLabel(position)
          : compare.blind
            ? `${blindLabel(position)} · ${realName}`
            : realName,
      },
    ];
  });
  const done = columns.filter((c) => c.status === 'complete' && c.content);
  const anyWriting = columns.some((c) => c.status === 'streaming');

  const castVote = useCallback(
    async (winner: string | null) => {
      setVoting(true);
      try {
        const result = await client.mutate({
          mutation: VoteCompareMutation,
          variables: { userMessageId: compare.id, winner, tie: winner === null },
        });
        const saved = result.data?.voteCompare;
        if (saved) setVote({ winner: saved.winner ?? null, tie: saved.tie, voted: true });
      } catch (error) {
        notifyFailure('Could not save your vote', error);
      } finally {
        setVoting(false);
      }
    },
    [client, compare.id],
  );

  const act = useCallback(async (key: string, action: () => Promise<void>) => {
    setActing(key);
    try {
      await action();
    } finally {
      setActing(null);
    }
  }, []);

  const winnerName = vote.winner ? (assistants.find((a) => a.id === vote.winner)?.name ?? vote.winner) : null;
  const chatAssistants = assistants.filter((a) => a.kind === 'chat');

  const cards = shown.map(({ column, assistantId, color, name }, position) => (
    <AnswerColumn
      key={column.key}
      column={column}
      name={name}
      color={color}
      label={narrow ? `${position + 1} of ${shown.length}: ${name}` : name}
      streamingEnabled={streamingEnabled}
      inChat={column.id === pathAnswerId}
      busy={acting !== null}
      onStop={() => void stop(column.id)}
      onRetry={() => void retry(column.id)}
      onChoose={() => void act(`choose-${column.id}`, () => onChoose(column.id, assistantId))}
      choosing={acting === `choose-${column.id}`}
      vote={
        hidden && !anyWriting && column.status === 'complete'
          ? { onVote: () => void castVote(assistantId), disabled: voting }
          : null
      }
      winner={vote.voted && vote.winner === assistantId}
    />
  ));

  return (
    <Stack as="section" aria-label="Compared answers" gap="3" mt="3" data-compare={compare.id}>
      <HStack justify="space-between" gap="2" wrap="wrap">
        <HStack gap="2" fontSize="sm" color="fg.muted" minW="0">
          <Text>
            {compare.blind ? 'Blind compare' : 'Compare'} · {columns.length} answers
          </Text>
          {vote.voted ? (
            <Badge colorPalette="purple" variant="subtle">
              {vote.tie || !winnerName ? 'You voted: tie' : `You voted: ${winnerName}`}
            </Badge>
          ) : null}
        </HStack>
        <HStack gap="2">
          {hidden && !anyWriting ? (
            <Button size="xs" variant="outline" loading={voting} onClick={() => void castVote(null)}>
              Tie
            </Button>
          ) : null}
          <Menu.Root>
            <Menu.Trigger asChild>
              <Button
                size="xs"
                variant="outline"
                disabled={done.length < 2 || acting !== null}
                loading={acting === 'merge'}
              >
                <LuCombine aria-hidden="true" /> Merge
              </Button>
            </Menu.Trigger>
            <Portal>
              <Menu.Positioner>
                <Menu.Content minW="48">
                  <Menu.ItemGroup>
                    <Menu.ItemGroupLabel>Who writes the merged answer?</Menu.ItemGroupLabel>
                    {chatAssistants.map((assistant) => (
                      <Menu.Item
                        key={assistant.id}
                        value={assistant.id}
                        onSelect={() =>
                          void act('merge', () =>
                            onMerge(
                              done.map((c) => c.id),
                              assistant.id,
                              pathAnswerId,
                            ),
                          )
                        }
                      >
                        <AssistantDot color={assistant.color} boxSize="2" />
                        {assistant.name}
                      </Menu.Item>
                    ))}
                  </Menu.ItemGroup>
                </Menu.Content>
              </Menu.Positioner>
            </Portal>
          </Menu.Root>
        </HStack>
      </HStack>
      {hidden && !anyWriting ? (
        <Text fontSize="sm" color="fg.muted">
          Names are hidden until you vote: pick the best answer, or call it a tie.
        </Text>
      ) : null}
      {narrow ? (
        <SwipeCards count={cards.length}>{cards}</SwipeCards>
      ) : (
        // A plain grid box: Chakra's Grid would become a chunk of its own shared with the public
        // pages' SimpleGrid, over their JS budget (web/vite-plugins/initialJsReport.ts).
        <Box
          display="grid"
          gridTemplateColumns={`repeat(${cards.length}, minmax(0, 1fr))`}
          gap="3"
          alignItems="start"
        >
          {cards}
        </Box>
      )}
    </Stack>
  );
}

interface AnswerColumnProps {
  column: CompareColumn;
  name: string;
  color: string;
  label: string;
  streamingEnabled: boolean;
  inChat: boolean;
  busy: boolean;
  choosing: boolean;
  winner: boolean;
  onStop: () => void;
  onRetry: () => void;
  onChoose: () => void;
  vote: { onVote: () => void; disabled: boolean } | null;
}

function AnswerColumn({
  column,
  name,
  color,
  label,
  streamingEnabled,
  inChat,
  busy,
  choosing,
  winner,
  onStop,
  onRetry,
  onChoose,
  vote,
}: AnswerColumnProps) {
  const writing = column.status === 'streaming';
  const showTyping = writing && (!streamingEnabled || column.content === '');
  const numbers = [
    column.ttftMs === null ? null : `First token ${formatDuration(column.ttftMs)}`,
    column.totalMs === null ? null : `Total ${formatDuration(column.totalMs)}`,
    column.tokens === null
      ? null
      : `${column.tokens.toLocaleString()} ${column.tokens === 1 ? 'token' : 'tokens'}`,
    column.costEstimate === null ? null : `≈ ${formatCost(column.costEstimate)}`,
  ].filter(Boolean);
  return (
    <Stack
      as="article"
      aria-label={label}
      aria-busy={writing}
      data-status={column.status}
      data-answer-id={column.id}
      gap="2"
      p="3"
      borderWidth="1px"
      borderColor={inChat ? 'colorPalette.solid' : 'border'}
      colorPalette="purple"
      rounded="lg"
      bg="bg.panel"
      minW="0"
      height="full"
    >
      <HStack justify="space-between" gap="2" minW="0">
        <HStack gap="2" minW="0">
          <AssistantDot color={color} />
          <Text fontSize="sm" fontWeight="semibold" truncate data-testid="compare-name">
            {name}
          </Text>
          {winner ? <LuTrophy aria-label="Your vote" /> : null}
        </HStack>
        <Badge
          size="sm"
          variant="subtle"
          colorPalette={STATUS_COLORS[column.status] ?? 'gray'}
          flexShrink={0}
        >
          {STATUS_LABELS[column.status] ?? column.status}
        </Badge>
      </HStack>
      <Box flex="1" minW="0" fontSize="sm" className="answer" overflowWrap="anywhere">
        {showTyping ? <TypingIndicator name={name} /> : null}
        {!showTyping && column.content ? <AnswerText text={column.content} /> : null}
        {column.status === 'error' ? (
          <HStack mt={column.content ? '3' : '0'} gap="2" align="flex-start" color={ERROR_TEXT} role="alert">
            <Box mt="0.5" flexShrink={0}>
              <LuTriangleAlert aria-hidden="true" />
            </Box>
            <Text fontSize="sm">{column.error || `${name} could not answer. Please try again.`}</Text>
          </HStack>
        ) : null}
      </Box>
      {numbers.length > 0 ? (
        <Text fontSize="xs" color="fg.muted" data-testid="compare-numbers">
          {numbers.join(' · ')}
        </Text>
      ) : null}
      <HStack gap="2" wrap="wrap">
        {writing ? (
          <Button size="xs" variant="outline" colorPalette="red" onClick={onStop} aria-label={`Stop ${name}`}>
            <LuSquare aria-hidden="true" /> Stop
          </Button>
        ) : null}
        {column.status === 'error' || column.status === 'stopped' ? (
          <Button size="xs" variant="outline" onClick={onRetry} aria-label={`Retry ${name}`}>
            <LuRotateCcw aria-hidden="true" /> Retry
          </Button>
        ) : null}
        {vote ? (
          <Button size="xs" colorPalette="purple" disabled={vote.disabled} onClick={vote.onVote}>
            <LuTrophy aria-hidden="true" /> Best answer
          </Button>
        ) : null}
        {column.status === 'complete' && !vote ? (
          inChat ? (
            <Badge colorPalette="purple" variant="subtle">
              Continuing with this
            </Badge>
          ) : (
            <Button size="xs" variant="outline" disabled={busy} loading={choosing} onClick={onChoose}>
              Continue with this
            </Button>
          )
        ) : null}
      </HStack>
    </Stack>
  );
}

/**
 * Phones: one answer per card, swiped sideways (CSS scroll-snap), with "2 of 3", dots, and
 * Previous/Next buttons for keyboards.
 */
function SwipeCards({ count, children }: { count: number; children: React.ReactNode }) {
  const track = useRef<HTMLDivElement>(null);
  const [at, setAt] = useState(0);
  const go = (index: number) => {
    const element = track.current;
    if (!element) return;
    const next = Math.max(0, Math.min(count - 1, index));
    element.scrollTo({ left: next * element.clientWidth, behavior: 'smooth' });
    setAt(next);
  };
  return (
    <Stack gap="2" role="region" aria-roledescription="carousel" aria-label="Answers">
      <Box
        ref={track}
        display="flex"
        overflowX="auto"
        gap="0"
        css={{ scrollSnapType: 'x mandatory', scrollbarWidth: 'none', overscrollBehaviorX: 'contain' }}
        onScroll={(event) => {
          const element = event.currentTarget;
          if (element.clientWidth > 0) setAt(Math.round(element.scrollLeft / element.clientWidth));
        }}
      >
        {Array.isArray(children)
          ? children.map((child, index) => (
              <Box
                // biome-ignore lint/suspicious/noArrayIndexKey: the cards keep their order
                key={index}
                flex="0 0 100%"
                minW="0"
                px="0.5"
                css={{ scrollSnapAlign: 'center' }}
                aria-hidden={index === at ? undefined : true}
                inert={index === at ? undefined : true}
              >
                {child}
              </Box>
            ))
          : children}
      </Box>
      <HStack justify="center" gap="3">
        <IconButton
          size="xs"
          variant="outline"
          aria-label="Previous answer"
          disabled={at === 0}
          onClick={() => go(at - 1)}
        >
          <LuChevronLeft />
        </IconButton>
        <HStack gap="1.5" aria-hidden="true">
          {Array.from({ length: count }, (_, index) => (
            <Box
              // biome-ignore lint/suspicious/noArrayIndexKey: one dot per position
              key={index}
              boxSize="2"
              rounded="full"
              bg={index === at ? 'fg' : 'border.emphasized'}
            />
          ))}
        </HStack>
        <Text fontSize="xs" color="fg.muted" aria-live="polite" data-testid="compare-position">
          {at + 1} of {count}
        </Text>
        <IconButton
          size="xs"
          variant="outline"
          aria-label="Next answer"
          disabled={at >= count - 1}
          onClick={() => go(at + 1)}
        >
          <LuChevronRight />
        </IconButton>
      </HStack>
    </Stack>
  );
}
