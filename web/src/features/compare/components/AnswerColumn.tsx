import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuTriangleAlert, LuTrophy } from 'react-icons/lu';
import { AnswerText } from '../../../components/conversation/AnswerText';
import { msg, useT } from '../../../lib/i18n';
import { storedText } from '../../../lib/storedText';
import { AssistantDot } from '../../chat/components/AssistantDot';

/** Readable red for error text, in both colour modes (as features/chat/components/MessageBubble.tsx). */
const ERROR_TEXT = { base: 'red.700', _dark: 'red.300' };

const STATUS_LABELS: Record<string, string> = {
  streaming: msg('Writing…'),
  complete: msg('Done'),
  error: msg('Failed'),
  stopped: msg('Stopped'),
};
const STATUS_COLORS: Record<string, string> = {
  streaming: 'blue',
  complete: 'green',
  error: 'red',
  stopped: 'gray',
};

export interface AnswerColumnProps {
  answer: { id: string | null; status: string; content: string; error?: string | null };
  /** The column's name as shown ("Claude", "Assistant B", "Assistant B · Claude"). */
  name: string;
  color: string;
  /** Its accessible name: the name, and on phones its place ("2 of 3: Claude"). */
  label: string;
  /** The answer the chat goes on from: its border is drawn in the accent colour. */
  highlighted: boolean;
  /** Voted best: a trophy beside the name, called `winnerLabel`. */
  winner: boolean;
  winnerLabel?: string;
  /** Shown instead of the text while there is none to show yet (the typing indicator). */
  placeholder?: ReactNode;
  /** False leaves out a finished answer's "Done" (a shared chat's answers are all done). */
  showDone?: boolean;
  /** The measured numbers, as compareRules.ts answerNumbers writes them. */
  numbers?: readonly string[];
  /** Its buttons and badges, under the text. */
  children?: ReactNode;
}

/**
 * One answer of a compare as a card: its assistant, its status, its text (or error), its numbers
 * and what can be done with it. Drawn the same in the chat (CompareTurnView.tsx) and on a shared
 * chat's page (features/shares/components/SharedCompare.tsx).
 */
export function AnswerColumn({
  answer,
  name,
  color,
  label,
  highlighted,
  winner,
  winnerLabel,
  placeholder,
  showDone = true,
  numbers = [],
  children,
}: AnswerColumnProps) {
  const t = useT();
  const showStatus = showDone || answer.status !== 'complete';
  return (
    <Stack
      as="article"
      aria-label={label}
      aria-busy={answer.status === 'streaming'}
      data-status={answer.status}
      data-answer-id={answer.id ?? undefined}
      gap="2"
      p="3"
      borderWidth="1px"
      borderColor={highlighted ? 'colorPalette.solid' : 'border'}
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
          {winner ? <LuTrophy aria-label={winnerLabel ?? t('Your vote')} /> : null}
        </HStack>
        {showStatus ? (
          <Badge
            size="sm"
            variant="subtle"
            colorPalette={STATUS_COLORS[answer.status] ?? 'gray'}
            flexShrink={0}
          >
            {t(STATUS_LABELS[answer.status] ?? answer.status)}
          </Badge>
        ) : null}
      </HStack>
      <Box flex="1" minW="0" fontSize="sm" className="answer" overflowWrap="anywhere">
        {placeholder}
        {!placeholder && answer.content ? <AnswerText text={answer.content} /> : null}
        {answer.status === 'error' ? (
          <HStack mt={answer.content ? '3' : '0'} gap="2" align="flex-start" color={ERROR_TEXT} role="alert">
            <Box mt="0.5" flexShrink={0}>
              <LuTriangleAlert aria-hidden="true" />
            </Box>
            <Text fontSize="sm">
              {answer.error
                ? storedText(t, answer.error)
                : t('{name} could not answer. Please try again.', { name })}
            </Text>
          </HStack>
        ) : null}
      </Box>
      {numbers.length > 0 ? (
        <Text fontSize="xs" color="fg.muted" data-testid="compare-numbers">
          {numbers.join(' · ')}
        </Text>
      ) : null}
      {children ? (
        <HStack gap="2" wrap="wrap">
          {children}
        </HStack>
      ) : null}
    </Stack>
  );
}
