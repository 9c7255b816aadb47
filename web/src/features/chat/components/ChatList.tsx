import { useMutation } from '@apollo/client/react';
import {
  Box,
  Button,
  Field,
  Heading,
  HStack,
  IconButton,
  Input,
  Link,
  Menu,
  Portal,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { LuEllipsis, LuPencil, LuTrash2 } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { AppDialog, ConfirmDialog, DialogDismiss } from '../../../components/AppDialog';
import type { ChatFieldsFragment } from '../../../graphql/__generated__/graphql';
import { formatShortDate } from '../../../lib/formatDate';
import { runWithToast } from '../../../lib/mutationToast';
import { DeleteChatMutation, RenameChatMutation } from '../graphql';

type ChatSummary = ChatFieldsFragment;

function RenameDialog({ chat, onClose }: { chat: ChatSummary; onClose: () => void }) {
  const [title, setTitle] = useState(chat.title);
  const [renameChat, { loading }] = useMutation(RenameChatMutation);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next = title.trim();
    if (!next || next === chat.title) {
      onClose();
      return;
    }
    const renamed = await runWithToast(() => renameChat({ variables: { id: chat.id, title: next } }), {
      failure: { title: 'Could not rename chat' },
    });
    if (renamed) onClose();
  };

  return (
    <AppDialog
      onClose={onClose}
      onSubmit={onSubmit}
      title="Rename chat"
      footer={
        <>
          <DialogDismiss />
          <Button type="submit" loading={loading} disabled={!title.trim()}>
            Save
          </Button>
        </>
      }
    >
      <Field.Root required>
        <Field.Label>Chat title</Field.Label>
        <Input
          value={title}
          maxLength={200}
          onChange={(event) => setTitle(event.target.value)}
          data-autofocus=""
        />
      </Field.Root>
    </AppDialog>
  );
}

function DeleteDialog({
  chat,
  onClose,
  onDeleted,
}: {
  chat: ChatSummary;
  onClose: () => void;
  onDeleted: (id: string) => void;
}) {
  const [deleteChat, { loading }] = useMutation(DeleteChatMutation, {
    update: (cache) => {
      cache.evict({ id: cache.identify({ __typename: 'Chat', id: chat.id }) });
      cache.gc();
    },
  });

  const onConfirm = async () => {
    const deleted = await runWithToast(() => deleteChat({ variables: { id: chat.id } }), {
      success: { title: 'Chat deleted', description: `"${chat.title}" was deleted.` },
      failure: { title: 'Could not delete chat' },
    });
    if (!deleted) return;
    onDeleted(chat.id);
    onClose();
  };

  return (
    <ConfirmDialog title="Delete this chat?" loading={loading} onConfirm={onConfirm} onClose={onClose}>
      <Text>"{chat.title}" and all its messages will be deleted. This cannot be undone.</Text>
    </ConfirmDialog>
  );
}

interface ChatListProps {
  chats: readonly ChatSummary[];
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  activeChatId: string | null;
  /** A chat was picked (the mobile sidebar closes). */
  onPick: () => void;
  onDeleted: (id: string) => void;
  portalled: boolean;
}

/** Spec §2 "My Chats": newest activity first, title and creation date, rename and delete. */
export function ChatList({
  chats,
  loading,
  failed,
  onRetry,
  activeChatId,
  onPick,
  onDeleted,
  portalled,
}: ChatListProps) {
  const [renaming, setRenaming] = useState<ChatSummary | null>(null);
  const [deleting, setDeleting] = useState<ChatSummary | null>(null);

  let body: ReactNode;
  if (loading && chats.length === 0) {
    body = (
      <Stack gap="2" aria-hidden="true">
        <Skeleton height="10" />
        <Skeleton height="10" />
        <Skeleton height="10" />
      </Stack>
    );
  } else if (failed && chats.length === 0) {
    body = (
      <Stack gap="2" px="1" py="4" align="flex-start">
        <Text fontSize="sm" color="fg.muted">
          Could not load your chats.
        </Text>
        <Button size="xs" variant="outline" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    );
  } else if (chats.length === 0) {
    body = (
      <Box textAlign="center" py="8" px="2" color="fg.muted">
        <Text fontWeight="medium">No chats yet</Text>
        <Text fontSize="sm">Start a new conversation!</Text>
      </Box>
    );
  } else {
    body = (
      <Stack as="ul" gap="0.5" listStyleType="none" aria-labelledby="my-chats-heading">
        {chats.map((chat) => {
          const active = chat.id === activeChatId;
          const menu = (
            <Menu.Positioner>
              <Menu.Content minW="36">
                <Menu.Item value="rename" onSelect={() => setRenaming(chat)}>
                  <LuPencil aria-hidden="true" /> Rename
                </Menu.Item>
                <Menu.Item value="delete" color="fg.error" onSelect={() => setDeleting(chat)}>
                  <LuTrash2 aria-hidden="true" /> Delete
                </Menu.Item>
              </Menu.Content>
            </Menu.Positioner>
          );
          return (
            <HStack
              as="li"
              key={chat.id}
              gap="0"
              rounded="md"
              bg={active ? 'colorPalette.subtle' : undefined}
              _hover={{ bg: active ? 'colorPalette.subtle' : 'bg.muted' }}
            >
              <Link
                asChild
                flex="1"
                minW="0"
                px="2"
                py="1.5"
                rounded="md"
                display="block"
                color={active ? 'colorPalette.fg' : 'fg'}
                _hover={{ textDecoration: 'none' }}
              >
                <RouterLink
                  to={`/chat/${chat.id}`}
                  aria-current={active ? 'page' : undefined}
                  onClick={onPick}
                >
                  <Text
                    as="span"
                    display="block"
                    truncate
                    fontWeight={active ? 'semibold' : 'medium'}
                    fontSize="sm"
                  >
                    {chat.title}
                  </Text>
                  <Text as="span" display="block" fontSize="xs" color="fg.muted">
                    {formatShortDate(chat.createdAt)}
                  </Text>
                </RouterLink>
              </Link>
              <Menu.Root positioning={{ placement: 'bottom-end' }}>
                <Menu.Trigger asChild>
                  <IconButton aria-label={`Options for ${chat.title}`} variant="ghost" size="xs" me="1">
                    <LuEllipsis />
                  </IconButton>
                </Menu.Trigger>
                {portalled ? <Portal>{menu}</Portal> : menu}
              </Menu.Root>
            </HStack>
          );
        })}
      </Stack>
    );
  }

  return (
    <Stack gap="2" flex="1" minH="0" overflowY="auto">
      <Heading as="h2" id="my-chats-heading" size="sm" color="fg.muted" px="1">
        My Chats
      </Heading>
      {body}
      {renaming ? <RenameDialog chat={renaming} onClose={() => setRenaming(null)} /> : null}
      {deleting ? (
        <DeleteDialog chat={deleting} onClose={() => setDeleting(null)} onDeleted={onDeleted} />
      ) : null}
    </Stack>
  );
}
