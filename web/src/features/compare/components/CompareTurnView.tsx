import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useCallback, useMemo, useState } from 'react';
import { LuRotateCcw, LuSquare, LuTrophy } from 'react-icons/lu';
import { useIsNarrowScreen } from '../../../hooks/useIsNarrowScreen';
import { useT } from '../../../lib/i18n';
import type { Assistant } from '../../chat/components/assistants';
import type { CompareTurnData } from '../../chat/components/chatMessages';
import { TypingIndicator } from '../../chat/components/MessageBubble';
import { answerNumbers, blindOrder, compareColumnName, shownColumnName } from '../compareRules';
import { AnswerColumn } from './AnswerColumn';
import { CompareColumns } from './CompareColumns';
import { MergeMenu } from './MergeMenu';
import { type CompareColumn, useCompareColumns } from './useCompareColumns';
import { useCompareVote } from './useCompareVote';

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

/**
 * A compare turn (schema/compare.graphql): its answers side by side, columns on wide screens and
 * swipeable cards on phones (CompareColumns.tsx), each with its own status, Stop, Retry and
 * numbers; "Continue with this", Merge, and in a blind compare the vote that reveals the names.
 */
export function CompareTurnView({
  compare,
  pathAnswerId,
  assistants,
  streamingEnabled,
  onChoose,
  onMerge,
}: CompareTurnViewProps) {
  const t = useT();
  const narrow = useIsNarrowScreen();
  const { columns, stop, retry } = useCompareColumns(compare);
  const { vote, voting, castVote } = useCompareVote(compare);
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
    return [
      {
        column,
        assistantId,
        color: hidden ? '#9ca3af' : (assistant?.color ?? '#6b7280'),
        name: shownColumnName(
          compareColumnName(position, assistant?.name ?? assistantId, { blind: compare.blind, hidden }),
          t,
        ),
      },
    ];
  });
  const done = columns.filter((c) => c.status === 'complete' && c.content);
  const anyWriting = columns.some((c) => c.status === 'streaming');

  const act = useCallback(async (key: string, action: () => Promise<void>) => {
    setActing(key);
    try {
      await action();
    } finally {
      setActing(null);
    }
  }, []);

  const winnerName = vote.winner ? (assistants.find((a) => a.id === vote.winner)?.name ?? vote.winner) : null;

  const cards = shown.map(({ column, assistantId, color, name }, position) => (
    <AnswerColumn
      key={column.key}
      answer={column}
      name={name}
      color={color}
      label={
        narrow
          ? t('{position} of {count}: {name}', { position: position + 1, count: shown.length, name })
          : name
      }
      highlighted={column.id === pathAnswerId}
      winner={vote.voted && vote.winner === assistantId}
      placeholder={
        column.status === 'streaming' && (!streamingEnabled || column.content === '') ? (
          <TypingIndicator name={name} />
        ) : undefined
      }
      numbers={answerNumbers(column, t)}
    >
      <ColumnActions
        column={column}
        name={name}
        inChat={column.id === pathAnswerId}
        busy={acting !== null}
        choosing={acting === `choose-${column.id}`}
        onStop={() => void stop(column.id)}
        onRetry={() => void retry(column.id)}
        onChoose={() => void act(`choose-${column.id}`, () => onChoose(column.id, assistantId))}
        vote={
          hidden && !anyWriting && column.status === 'complete'
            ? { onVote: () => void castVote(assistantId), disabled: voting }
            : null
        }
      />
    </AnswerColumn>
  ));

  return (
    <Stack as="section" aria-label={t('Compared answers')} gap="3" mt="3" data-compare={compare.id}>
      <HStack justify="space-between" gap="2" wrap="wrap">
        <HStack gap="2" fontSize="sm" color="fg.muted" minW="0">
          <Text>
            {compare.blind
              ? t('Blind compare · {count} answers', { count: columns.length })
              : t('Compare · {count} answers', { count: columns.length })}
          </Text>
          {vote.voted ? (
            <Badge colorPalette="purple" variant="subtle">
              {vote.tie || !winnerName ? t('You voted: tie') : t('You voted: {name}', { name: winnerName })}
            </Badge>
          ) : null}
        </HStack>
        <HStack gap="2">
          {hidden && !anyWriting ? (
            <Button size="xs" variant="outline" loading={voting} onClick={() => void castVote(null)}>
              {t('Tie')}
            </Button>
          ) : null}
          <MergeMenu
            assistants={assistants.filter((a) => a.kind === 'chat')}
            disabled={done.length < 2 || acting !== null}
            loading={acting === 'merge'}
            onMerge={(assistant) =>
              void act('merge', () =>
                onMerge(
                  done.map((c) => c.id),
                  assistant,
                  pathAnswerId,
                ),
              )
            }
          />
        </HStack>
      </HStack>
      {hidden && !anyWriting ? (
        <Text fontSize="sm" color="fg.muted">
          {t('Names are hidden until you vote: pick the best answer, or call it a tie.')}
        </Text>
      ) : null}
      <CompareColumns cards={cards} narrow={narrow} />
    </Stack>
  );
}

interface ColumnActionsProps {
  column: CompareColumn;
  name: string;
  inChat: boolean;
  busy: boolean;
  choosing: boolean;
  onStop: () => void;
  onRetry: () => void;
  onChoose: () => void;
  vote: { onVote: () => void; disabled: boolean } | null;
}

/** A column's buttons: Stop while it writes, Retry once it failed or stopped, the vote, Continue with this. */
function ColumnActions({
  column,
  name,
  inChat,
  busy,
  choosing,
  onStop,
  onRetry,
  onChoose,
  vote,
}: ColumnActionsProps) {
  const t = useT();
  return (
    <>
      {column.status === 'streaming' ? (
        <Button
          size="xs"
          variant="outline"
          colorPalette="red"
          onClick={onStop}
          aria-label={t('Stop {name}', { name })}
        >
          <LuSquare aria-hidden="true" /> {t('Stop')}
        </Button>
      ) : null}
      {column.status === 'error' || column.status === 'stopped' ? (
        <Button size="xs" variant="outline" onClick={onRetry} aria-label={t('Retry {name}', { name })}>
          <LuRotateCcw aria-hidden="true" /> {t('Retry')}
        </Button>
      ) : null}
      {vote ? (
        <Button size="xs" colorPalette="purple" disabled={vote.disabled} onClick={vote.onVote}>
          <LuTrophy aria-hidden="true" /> {t('Best answer')}
        </Button>
      ) : null}
      {column.status === 'complete' && !vote ? (
        inChat ? (
          <Badge colorPalette="purple" variant="subtle">
            {t('Continuing with this')}
          </Badge>
        ) : (
          <Button size="xs" variant="outline" disabled={busy} loading={choosing} onClick={onChoose}>
            {t('Continue with this')}
          </Button>
        )
      ) : null}
    </>
  );
}
