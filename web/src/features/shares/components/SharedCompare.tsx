import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import type { SharedCompare as SharedCompareData } from '@chorus/shared/sharedChat';
import { useIsNarrowScreen } from '../../../hooks/useIsNarrowScreen';
import { useT } from '../../../lib/i18n';
import { shownColumnName } from '../../compare/compareRules';
import { AnswerColumn } from '../../compare/components/AnswerColumn';
import { CompareColumns } from '../../compare/components/CompareColumns';

/** A blind compare's columns before the vote: grey, as in the chat (CompareTurnView.tsx). */
const HIDDEN_COLOR = '#9ca3af';

/**
 * A shared chat's compare (schema/shares.graphql SharedCompare): the answers side by side as the
 * chat showed them, with the same cards (features/compare/components), read only: the answer the
 * chat went on from is marked, and a blind compare without a vote shows letters, not names.
 */
export function SharedCompare({ compare }: { compare: SharedCompareData }) {
  const t = useT();
  const narrow = useIsNarrowScreen();
  const count = compare.answers.length;
  const cards = compare.answers.map((answer, position) => {
    // The snapshot's names are the api's English ("Assistant B · Claude"): drawn in the page's language.
    const name = shownColumnName(answer.name, t);
    return (
      <AnswerColumn
        // The snapshot never changes: an answer's place in it is its identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        key={position}
        answer={{ id: null, status: answer.status, content: answer.content }}
        name={name}
        color={answer.assistantColor ?? HIDDEN_COLOR}
        label={narrow ? t('{position} of {count}: {name}', { position: position + 1, count, name }) : name}
        highlighted={answer.chosen}
        winner={answer.winner}
        winnerLabel={t('Voted best')}
        showDone={false}
      >
        {answer.chosen ? (
          <Badge colorPalette="purple" variant="subtle">
            {t('The chat went on with this')}
          </Badge>
        ) : null}
      </AnswerColumn>
    );
  });
  return (
    <Stack as="section" aria-label={t('Compared answers')} gap="3">
      <HStack gap="2" fontSize="sm" color="fg.muted" wrap="wrap">
        <Text>
          {compare.blind ? t('Blind compare') : t('Compare')} · {t('{count} answers', { count })}
        </Text>
        {compare.voted ? (
          <Badge colorPalette="purple" variant="subtle">
            {compare.tie || !compare.winnerName
              ? t('Voted: tie')
              : t('Voted best: {name}', { name: compare.winnerName })}
          </Badge>
        ) : null}
      </HStack>
      {compare.namesShown ? null : (
        <Text fontSize="sm" color="fg.muted">
          {t('Names are hidden: this blind compare had no vote yet when it was shared.')}
        </Text>
      )}
      <CompareColumns cards={cards} narrow={narrow} />
    </Stack>
  );
}
