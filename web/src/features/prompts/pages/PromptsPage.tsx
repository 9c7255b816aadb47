import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Button, Card, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuCopy, LuPencil, LuPlus, LuTrash2, LuUsers } from 'react-icons/lu';
import { ConfirmDialog } from '../../../components/AppDialog';
import { LoadFailed } from '../../../components/LoadFailed';
import { PageHeading } from '../../../components/PageHeading';
import { PageSpinner } from '../../../components/PageSpinner';
import { notifySuccess } from '../../../components/toaster';
import type { PromptFieldsFragment } from '../../../graphql/__generated__/graphql';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { useT } from '../../../lib/i18n';
import { notifyFailure } from '../../../lib/mutationToast';
import { PromptFormDialog } from '../components/PromptFormDialog';
import { CopyPromptMutation, DeletePromptMutation, PromptsQuery } from '../graphql';

type Prompt = PromptFieldsFragment;

function PromptCard({
  prompt,
  onEdit,
  onDelete,
  onCopy,
  copying,
}: {
  prompt: Prompt;
  onEdit?: () => void;
  onDelete?: () => void;
  onCopy?: () => void;
  copying?: boolean;
}) {
  const t = useT();
  const headingId = `prompt-${prompt.id}`;
  return (
    <Card.Root as="article" aria-labelledby={headingId} variant="outline" size="sm" h="full">
      <Card.Body gap="2">
        <HStack justify="space-between" align="start" gap="2">
          <Heading as="h3" id={headingId} size="sm" wordBreak="break-word">
            {prompt.title}
          </Heading>
          {prompt.mine && prompt.shared ? (
            <Badge colorPalette="purple" variant="subtle" flexShrink={0}>
              <LuUsers aria-hidden="true" /> {t('Shared')}
            </Badge>
          ) : null}
        </HStack>
        {!prompt.mine ? (
          <Text fontSize="sm" color="fg.muted">
            {t('Shared by {name}', { name: prompt.author.displayName || prompt.author.username })}
          </Text>
        ) : null}
        <Text fontSize="sm" color="fg.muted" lineClamp={4} whiteSpace="pre-wrap" dir="auto">
          {prompt.body}
        </Text>
        {prompt.variables.length > 0 ? (
          <Text fontSize="xs" color="fg.muted">
            {t('Asks for: {names}', { names: prompt.variables.join(', ') })}
          </Text>
        ) : null}
      </Card.Body>
      <Card.Footer gap="2" flexWrap="wrap">
        {onEdit ? (
          <Button
            size="sm"
            variant="outline"
            onClick={onEdit}
            aria-label={t('Edit {title}', { title: prompt.title })}
          >
            <LuPencil aria-hidden="true" /> {t('Edit')}
          </Button>
        ) : null}
        {onDelete ? (
          <Button
            size="sm"
            variant="ghost"
            colorPalette="red"
            onClick={onDelete}
            aria-label={t('Delete {title}', { title: prompt.title })}
          >
            <LuTrash2 aria-hidden="true" /> {t('Delete')}
          </Button>
        ) : null}
        {onCopy ? (
          <Button
            size="sm"
            variant="outline"
            onClick={onCopy}
            loading={copying}
            aria-label={t('Keep a copy of {title}', { title: prompt.title })}
          >
            <LuCopy aria-hidden="true" /> {t('Keep a copy')}
          </Button>
        ) : null}
      </Card.Footer>
    </Card.Root>
  );
}

/** /prompts: the prompts one keeps (new, edit, delete, share) and those friends share (keep a copy). */
export default function PromptsPage() {
  const t = useT();
  usePageMeta({
    title: t('Prompts'),
    description: t('The prompts you use again, and those your friends share.'),
  });
  const { data, loading, refetch } = useQuery(PromptsQuery);
  const [editing, setEditing] = useState<Prompt | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Prompt | null>(null);
  const [copyingId, setCopyingId] = useState<string | null>(null);
  const [remove, removed] = useMutation(DeletePromptMutation, { refetchQueries: [PromptsQuery] });
  const [copy] = useMutation(CopyPromptMutation, { refetchQueries: [PromptsQuery] });

  const mine = data?.prompts.filter((p) => p.mine) ?? [];
  const shared = data?.prompts.filter((p) => !p.mine) ?? [];

  const keepCopy = async (prompt: Prompt) => {
    setCopyingId(prompt.id);
    try {
      await copy({ variables: { id: prompt.id } });
      notifySuccess(t('Copied to your prompts'), prompt.title);
    } catch (e) {
      notifyFailure(t('Could not copy the prompt'), e);
    } finally {
      setCopyingId(null);
    }
  };

  let content: React.ReactNode;
  if (!data && loading) content = <PageSpinner label={t('Loading prompts...')} />;
  else if (!data)
    content = <LoadFailed title={t('Failed to load your prompts')} onRetry={() => void refetch()} />;
  else
    content = (
      <Stack gap="8">
        <Stack gap="3" as="section" aria-labelledby="my-prompts">
          <Heading as="h2" size="md" id="my-prompts">
            {t('Your prompts ({count})', { count: mine.length })}
          </Heading>
          {mine.length === 0 ? (
            <Text color="fg.muted">
              {t(
                'None yet. Save a prompt you use again, then type / in an empty message box in the chat to insert it.',
              )}
            </Text>
          ) : (
            <SimpleGrid as="div" columns={{ base: 1, md: 2 }} gap="4">
              {mine.map((p) => (
                <PromptCard
                  key={p.id}
                  prompt={p}
                  onEdit={() => setEditing(p)}
                  onDelete={() => setDeleting(p)}
                />
              ))}
            </SimpleGrid>
          )}
        </Stack>
        <Stack gap="3" as="section" aria-labelledby="shared-prompts">
          <Heading as="h2" size="md" id="shared-prompts">
            {t('Shared by friends ({count})', { count: shared.length })}
          </Heading>
          {shared.length === 0 ? (
            <Text color="fg.muted">{t('When friends share prompts with you, they show up here.')}</Text>
          ) : (
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              {shared.map((p) => (
                <PromptCard
                  key={p.id}
                  prompt={p}
                  onCopy={() => void keepCopy(p)}
                  copying={copyingId === p.id}
                />
              ))}
            </SimpleGrid>
          )}
        </Stack>
      </Stack>
    );

  return (
    <>
      <PageHeading
        title={t('Prompts')}
        description={t(
          'Prompts you use again, with {example} you fill in each time. Type / in an empty message box to insert one.',
          { example: '{{blanks}}' },
        )}
      >
        <HStack pt="2">
          <Button onClick={() => setEditing('new')}>
            <LuPlus aria-hidden="true" /> {t('New prompt')}
          </Button>
        </HStack>
      </PageHeading>
      {content}
      {editing ? (
        <PromptFormDialog prompt={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={t('Delete this prompt?')}
          loading={removed.loading}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            try {
              await remove({ variables: { id: deleting.id } });
              notifySuccess(t('Prompt deleted'), deleting.title);
              setDeleting(null);
            } catch (e) {
              notifyFailure(t('Could not delete the prompt'), e);
            }
          }}
        >
          {deleting.shared
            ? t('“{title}” will be gone, also for the friends you shared it with.', { title: deleting.title })
            : t('“{title}” will be gone.', { title: deleting.title })}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
