import { useQuery } from '@apollo/client/react';
import { Button, Card, EmptyState, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuColumns3, LuTrophy } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { LoadFailed } from '../../../components/LoadFailed';
import { PageHeading } from '../../../components/PageHeading';
import { PageSpinner } from '../../../components/PageSpinner';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { msg, useT } from '../../../lib/i18n';
import { AssistantDot } from '../../chat/components/AssistantDot';
import { CHAT_MODES, type ChatMode } from '../../chat/components/assistants';
import { CatalogueQuery } from '../../chat/graphql';
import { LeaderboardQuery } from '../graphql';

/** The chat modes' names, translated where drawn (CHAT_MODES keeps them in English). */
const MODE_LABELS: Record<ChatMode, string> = {
  study: msg('Study'),
  rewrite: msg('Rewrite'),
  business: msg('Business'),
  coach: msg('Coach'),
};

const FILTERS: { mode: ChatMode | null; label: string }[] = [
  { mode: null, label: msg('All') },
  ...(Object.keys(CHAT_MODES) as ChatMode[]).map((mode) => ({ mode, label: MODE_LABELS[mode] })),
];

/** "Your leaderboard": how each assistant fared in the user's own blind-compare votes, by chat mode. */
export default function LeaderboardPage() {
  const t = useT();
  usePageMeta({
    title: t('Your leaderboard'),
    description: t('Which assistants win your blind compares.'),
  });
  const [mode, setMode] = useState<ChatMode | null>(null);
  const board = useQuery(LeaderboardQuery, { variables: { mode }, fetchPolicy: 'cache-and-network' });
  const catalogue = useQuery(CatalogueQuery);
  const assistants = catalogue.data?.catalogue.assistants ?? [];
  const rows = board.data?.myLeaderboard ?? [];

  return (
    <>
      <PageHeading
        title={t('Your leaderboard')}
        description={t(
          'How the assistants fared in your blind compares: a vote for the best answer is a win for it and a loss for the others.',
        )}
      />
      <Stack gap="4">
        <HStack role="group" aria-label={t('Chat mode')} gap="1.5" wrap="wrap">
          {FILTERS.map((filter) => (
            <Button
              key={filter.label}
              size="xs"
              rounded="full"
              variant={mode === filter.mode ? 'subtle' : 'outline'}
              colorPalette={mode === filter.mode ? 'purple' : 'gray'}
              aria-pressed={mode === filter.mode}
              onClick={() => setMode(filter.mode)}
            >
              {t(filter.label)}
            </Button>
          ))}
        </HStack>
        {!board.data && board.loading ? (
          <PageSpinner label={t('Loading your leaderboard...')} />
        ) : !board.data && board.error ? (
          <LoadFailed
            title={t('Failed to load your leaderboard')}
            onRetry={() => void board.refetch().catch(() => {})}
          />
        ) : rows.length === 0 ? (
          <EmptyState.Root size="sm" borderWidth="1px" rounded="lg">
            <EmptyState.Content>
              <EmptyState.Indicator>
                <LuTrophy />
              </EmptyState.Indicator>
              <EmptyState.Title>
                {mode ? t('No votes in {mode} mode yet', { mode: t(MODE_LABELS[mode]) }) : t('No votes yet')}
              </EmptyState.Title>
              <EmptyState.Description>
                {t('Vote in a blind compare to start your leaderboard.')}
              </EmptyState.Description>
              <Button asChild size="sm" colorPalette="purple">
                <RouterLink to="/chat">
                  <LuColumns3 aria-hidden="true" /> {t('Start a compare')}
                </RouterLink>
              </Button>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <Card.Root variant="outline">
            <Card.Body px={{ base: '2', md: '6' }}>
              <Table.ScrollArea>
                <Table.Root size="sm" aria-label={t('Your leaderboard')}>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader width="8">#</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('Assistant')}</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">{t('Wins')}</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">{t('Losses')}</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">{t('Ties')}</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {rows.map((row, index) => {
                      const assistant = assistants.find((a) => a.id === row.assistant);
                      return (
                        <Table.Row key={row.assistant}>
                          <Table.Cell color="fg.muted">{index + 1}</Table.Cell>
                          <Table.Cell>
                            <HStack gap="2">
                              <AssistantDot color={assistant?.color ?? '#6b7280'} />
                              <Text fontWeight="medium">{assistant?.name ?? row.assistant}</Text>
                            </HStack>
                          </Table.Cell>
                          <Table.Cell textAlign="end">{row.wins}</Table.Cell>
                          <Table.Cell textAlign="end">{row.losses}</Table.Cell>
                          <Table.Cell textAlign="end">{row.ties}</Table.Cell>
                        </Table.Row>
                      );
                    })}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
            </Card.Body>
          </Card.Root>
        )}
      </Stack>
    </>
  );
}
