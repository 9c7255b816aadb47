import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Box, Button, Card, HStack, IconButton, Spinner, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { LuTrash2 } from 'react-icons/lu';
import { notifyError, notifySuccess } from '../../../components/toaster';
import { readApiFailure } from '../../../graphql/errors';
import { formatLongDate } from '../../../lib/formatDate';
import { useLanguage, useT } from '../../../lib/i18n';
import { DeleteMemoryMutation, MemoriesQuery } from '../graphql';
import { formatRelativeTime } from './relativeTime';

interface Memory {
  id: string;
  content: string;
  createdAt: string;
}

/**
 * Privacy > "What Chorus remembers": the facts assistants can use in any chat, each of which can be
 * forgotten at once. The list stays while memory is off so people can still delete what was kept.
 */
export function MemoriesCard({ memoryEnabled }: { memoryEnabled: boolean }) {
  const t = useT();
  const language = useLanguage();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const deleteButtons = useRef(new Map<string, HTMLButtonElement>());
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const { data, error, loading, refetch } = useQuery(MemoriesQuery);
  const [deleteMemory] = useMutation(DeleteMemoryMutation);

  const memories = data?.memories ?? [];

  const setPendingFor = (id: string, on: boolean) =>
    setPending((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  /** Keeps keyboard focus in the list once the focused row is gone: the next row, else the previous, else the heading. */
  const restoreFocus = (neighbourId: string | null) => {
    window.setTimeout(() => {
      const active = document.activeElement;
      if (active && active !== document.body && active.isConnected) return;
      const target = (neighbourId && deleteButtons.current.get(neighbourId)) || headingRef.current;
      target?.focus();
    }, 0);
  };

  const onDelete = async (memory: Memory) => {
    if (pending.has(memory.id)) return;
    const index = memories.findIndex((item) => item.id === memory.id);
    const neighbour = memories[index + 1] ?? memories[index - 1] ?? null;
    setPendingFor(memory.id, true);
    try {
      const result = await deleteMemory({
        variables: { id: memory.id },
        update: (cache, { data: deleted }) => {
          if (!deleted?.deleteMemory) return;
          // Evicting the entity drops it from the cached `memories` list too (dangling references are skipped).
          cache.evict({ id: cache.identify({ __typename: 'Memory', id: memory.id }) });
          cache.gc();
        },
      });
      if (!result.data?.deleteMemory) throw new Error('deleteMemory returned false');
      notifySuccess(t('Memory deleted'));
      restoreFocus(neighbour?.id ?? null);
    } catch (failure) {
      const reason = readApiFailure(failure);
      notifyError(
        t('Could not delete memory'),
        reason.kind === 'rejected' ? reason.message : t('Please try again.'),
      );
      // It may already be gone (deleted elsewhere): show the list as the server has it.
      if (reason.kind === 'rejected' && reason.code === 'NOT_FOUND') void refetch().catch(() => undefined);
    } finally {
      setPendingFor(memory.id, false);
    }
  };

  let body: ReactNode;
  if (!data && loading) {
    body = (
      <HStack gap="3" py="4" role="status" aria-live="polite">
        <Spinner size="sm" color="colorPalette.solid" />
        <Text color="fg.muted">{t('Loading memories...')}</Text>
      </HStack>
    );
  } else if (!data && error) {
    body = (
      <Stack gap="3" py="2" align="flex-start" role="alert">
        <Text color="fg.muted">{t('Could not load what Chorus remembers.')}</Text>
        <Button size="sm" variant="outline" onClick={() => void refetch().catch(() => undefined)}>
          {t('Try again')}
        </Button>
      </Stack>
    );
  } else if (memories.length === 0) {
    body = (
      <Text color="fg.muted" py="2">
        {t(
          "Nothing remembered yet. Tell any assistant something about yourself, like 'My name is Sam and I love hiking'.",
        )}
      </Text>
    );
  } else {
    body = (
      <Box as="ul" listStyleType="none" m="0" p="0" aria-labelledby={headingId}>
        {memories.map((memory, index) => {
          const busy = pending.has(memory.id);
          return (
            <Box
              as="li"
              key={memory.id}
              display="flex"
              alignItems="center"
              gap="3"
              py="3"
              borderTopWidth={index === 0 ? '0' : '1px'}
              borderColor="border"
              opacity={busy ? 0.6 : 1}
            >
              <Stack gap="0.5" flex="1" minW="0">
                <Text overflowWrap="anywhere">{memory.content}</Text>
                <Text fontSize="xs" color="fg.muted">
                  <time dateTime={memory.createdAt} title={formatLongDate(memory.createdAt, false, language)}>
                    {formatRelativeTime(memory.createdAt, Date.now(), language, t)}
                  </time>
                </Text>
              </Stack>
              <IconButton
                ref={(button) => {
                  if (button) deleteButtons.current.set(memory.id, button);
                  else deleteButtons.current.delete(memory.id);
                }}
                aria-label={t('Forget: {memory}', { memory: memory.content })}
                // Not `disabled`: that would drop keyboard focus while the delete is in flight.
                aria-disabled={busy || undefined}
                aria-busy={busy || undefined}
                variant="ghost"
                colorPalette="red"
                size="sm"
                flexShrink={0}
                onClick={() => void onDelete(memory)}
              >
                {busy ? <Spinner size="xs" /> : <LuTrash2 />}
              </IconButton>
            </Box>
          );
        })}
      </Box>
    );
  }

  return (
    <Card.Root variant="outline" mt="6">
      <Card.Header gap="1">
        <Card.Title as="h2" id={headingId} ref={headingRef} tabIndex={-1} outline="none">
          {t('What Chorus remembers')}
        </Card.Title>
        <Card.Description>
          {t('Facts assistants can use in any chat. Deleting one forgets it straight away.')}
        </Card.Description>
      </Card.Header>
      <Card.Body pt="4">
        <Stack gap="3">
          {memoryEnabled ? null : (
            <Alert.Root status="info" size="sm">
              <Alert.Indicator />
              <Alert.Title fontWeight="normal">
                {t("Memory is off: nothing new is remembered and assistants don't see these.")}
              </Alert.Title>
            </Alert.Root>
          )}
          {body}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
