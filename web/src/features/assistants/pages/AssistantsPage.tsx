import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { Button, Heading, HStack, Input, SimpleGrid, Stack, Tabs, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { LuPlus, LuSearch } from 'react-icons/lu';
import { ConfirmDialog } from '../../../components/AppDialog';
import { LoadFailed } from '../../../components/LoadFailed';
import { PageHeading } from '../../../components/PageHeading';
import { PageSpinner } from '../../../components/PageSpinner';
import { notifySuccess } from '../../../components/toaster';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { t, useT } from '../../../lib/i18n';
import { notifyFailure } from '../../../lib/mutationToast';
import { forgetModelList } from '../assistantRules';
import { type Assistant, AssistantCard } from '../components/AssistantCard';
import { AssistantFormDialog } from '../components/AssistantFormDialog';
import {
  AssistantDirectoryQuery,
  CopyCustomAssistantMutation,
  CustomAssistantsQuery,
  DeleteCustomAssistantMutation,
} from '../graphql';

function Grid({ children }: { children: React.ReactNode }) {
  return (
    <SimpleGrid as="div" columns={{ base: 1, md: 2 }} gap="4">
      {children}
    </SimpleGrid>
  );
}

/** Copy to mine: a private copy under a free handle, then shown in Mine. */
function useCopy() {
  const [copy] = useMutation(CopyCustomAssistantMutation, {
    refetchQueries: [CustomAssistantsQuery],
    update: forgetModelList,
  });
  const [copyingId, setCopyingId] = useState<string | null>(null);
  const run = async (a: Assistant) => {
    setCopyingId(a.id);
    try {
      const res = await copy({ variables: { id: a.id } });
      notifySuccess(t('Copied to your assistants'), `@${res.data?.copyCustomAssistant.handle ?? a.handle}`);
    } catch (e) {
      notifyFailure(t('Could not copy the assistant'), e);
    } finally {
      setCopyingId(null);
    }
  };
  return { copyingId, copy: run };
}

function MineTab({ onEdit, onDelete }: { onEdit: (a: Assistant) => void; onDelete: (a: Assistant) => void }) {
  const t = useT();
  const { data, loading, refetch } = useQuery(CustomAssistantsQuery);
  const { copyingId, copy } = useCopy();
  if (!data && loading) return <PageSpinner label={t('Loading assistants...')} />;
  if (!data) return <LoadFailed title={t('Failed to load your assistants')} onRetry={() => void refetch()} />;
  const mine = data.customAssistants.filter((a) => a.mine);
  const shared = data.customAssistants.filter((a) => !a.mine);
  return (
    <Stack gap="8">
      <Stack gap="3" as="section" aria-labelledby="my-assistants">
        <Heading as="h2" size="md" id="my-assistants">
          {t('Yours ({count})', { count: mine.length })}
        </Heading>
        {mine.length === 0 ? (
          <Text color="fg.muted">{t('No assistants yet — make one that answers your way.')}</Text>
        ) : (
          <Grid>
            {mine.map((a) => (
              <AssistantCard key={a.id} assistant={a} onEdit={() => onEdit(a)} onDelete={() => onDelete(a)} />
            ))}
          </Grid>
        )}
      </Stack>
      <Stack gap="3" as="section" aria-labelledby="shared-assistants">
        <Heading as="h2" size="md" id="shared-assistants">
          {t('Shared by friends ({count})', { count: shared.length })}
        </Heading>
        {shared.length === 0 ? (
          <Text color="fg.muted">{t('When friends share assistants with you, they show up here.')}</Text>
        ) : (
          <Grid>
            {shared.map((a) => (
              <AssistantCard
                key={a.id}
                assistant={a}
                onCopy={() => void copy(a)}
                copying={copyingId === a.id}
              />
            ))}
          </Grid>
        )}
      </Stack>
    </Stack>
  );
}

function DirectoryTab({
  onEdit,
  onDelete,
}: {
  onEdit: (a: Assistant) => void;
  onDelete: (a: Assistant) => void;
}) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const { data, loading, error, refetch } = useQuery(AssistantDirectoryQuery, {
    variables: { q: q || null },
    fetchPolicy: 'cache-and-network',
  });
  // Later pages, read one "Load more" at a time, for the search they were read for.
  const [more, setMore] = useState<{ q: string; assistants: Assistant[]; cursor: string | null } | null>(
    null,
  );
  const [loadingMore, setLoadingMore] = useState(false);
  const client = useApolloClient();
  const { copyingId, copy } = useCopy();

  const search = (event: FormEvent) => {
    event.preventDefault();
    setMore(null);
    setQ(typed.trim());
  };
  const extra = more && more.q === q ? more : null;
  const list = [...(data?.assistantDirectory.assistants ?? []), ...(extra?.assistants ?? [])];
  const cursor = extra ? extra.cursor : (data?.assistantDirectory.nextCursor ?? null);

  const loadMore = async () => {
    if (!cursor) return;
    setLoadingMore(true);
    try {
      const res = await client.query({
        query: AssistantDirectoryQuery,
        variables: { q: q || null, cursor },
        fetchPolicy: 'network-only',
      });
      const page = res.data?.assistantDirectory;
      if (!page) throw res.error ?? new Error('No page');
      setMore({
        q,
        assistants: [...(extra?.assistants ?? []), ...page.assistants],
        cursor: page.nextCursor ?? null,
      });
    } catch (e) {
      notifyFailure(t('Could not load more assistants'), e);
    } finally {
      setLoadingMore(false);
    }
  };

  let body: React.ReactNode;
  if (!data && loading) body = <PageSpinner label={t('Loading the directory...')} />;
  else if (!data && error)
    body = <LoadFailed title={t('Failed to load the directory')} onRetry={() => void refetch()} />;
  else if (list.length === 0)
    body = (
      <Text color="fg.muted">
        {q
          ? t('No public assistants match “{query}”.', { query: q })
          : t('No public assistants yet. Make one public to be the first.')}
      </Text>
    );
  else
    body = (
      <Stack gap="4">
        <Grid>
          {list.map((a) =>
            a.mine ? (
              <AssistantCard key={a.id} assistant={a} onEdit={() => onEdit(a)} onDelete={() => onDelete(a)} />
            ) : (
              <AssistantCard
                key={a.id}
                assistant={a}
                onCopy={() => void copy(a)}
                copying={copyingId === a.id}
              />
            ),
          )}
        </Grid>
        {cursor ? (
          <Button variant="outline" alignSelf="center" loading={loadingMore} onClick={() => void loadMore()}>
            {t('Load more')}
          </Button>
        ) : null}
      </Stack>
    );

  return (
    <Stack gap="4">
      <HStack as="form" role="search" onSubmit={search} gap="2" maxW="lg">
        <Input
          type="search"
          aria-label={t('Search public assistants')}
          placeholder={t('Search by name, @handle or description')}
          value={typed}
          maxLength={100}
          onChange={(e) => setTyped(e.target.value)}
        />
        <Button type="submit" variant="outline" aria-label={t('Search')}>
          <LuSearch aria-hidden="true" />
        </Button>
      </HStack>
      {body}
    </Stack>
  );
}

/** /assistants: one's own custom assistants and friends' shared ones (Mine), and the public directory. */
export default function AssistantsPage() {
  const t = useT();
  usePageMeta({
    title: t('Assistants'),
    description: t('Your own assistants, those friends share and the public directory.'),
  });
  const [editing, setEditing] = useState<Assistant | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Assistant | null>(null);
  const [remove, removed] = useMutation(DeleteCustomAssistantMutation, {
    refetchQueries: [CustomAssistantsQuery, AssistantDirectoryQuery],
    update: forgetModelList,
  });

  return (
    <>
      <PageHeading
        title={t('Assistants')}
        description={t(
          'Your own assistants: a name, a @handle, instructions and knowledge on one of the Chorus assistants. Start a chat message with @handle to ask one.',
        )}
      >
        <HStack pt="2">
          <Button onClick={() => setEditing('new')}>
            <LuPlus aria-hidden="true" /> {t('New assistant')}
          </Button>
        </HStack>
      </PageHeading>
      <Tabs.Root defaultValue="mine" variant="line" lazyMount>
        <Tabs.List mb="5">
          <Tabs.Trigger value="mine">{t('Mine')}</Tabs.Trigger>
          <Tabs.Trigger value="directory">{t('Directory')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="mine">
          <MineTab onEdit={setEditing} onDelete={setDeleting} />
        </Tabs.Content>
        <Tabs.Content value="directory">
          <DirectoryTab onEdit={setEditing} onDelete={setDeleting} />
        </Tabs.Content>
      </Tabs.Root>
      {editing ? (
        <AssistantFormDialog
          assistant={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={t('Delete this assistant?')}
          loading={removed.loading}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            try {
              await remove({ variables: { id: deleting.id } });
              notifySuccess(t('Assistant deleted'), `@${deleting.handle}`);
              setDeleting(null);
            } catch (e) {
              notifyFailure(t('Could not delete the assistant'), e);
            }
          }}
        >
          {deleting.visibility === 'private'
            ? t('@{handle} will be gone. Chats that used it keep their answers.', { handle: deleting.handle })
            : t(
                '@{handle} will be gone, also for the people who could use it. Chats that used it keep their answers.',
                { handle: deleting.handle },
              )}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
