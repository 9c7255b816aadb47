import { useMutation, useQuery } from '@apollo/client/react';
import {
  Box,
  Button,
  Heading,
  HStack,
  IconButton,
  Link,
  Menu,
  Portal,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { type DragEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import {
  LuEllipsis,
  LuFolder,
  LuFolderInput,
  LuFolderPlus,
  LuPencil,
  LuPin,
  LuPinOff,
  LuTrash2,
} from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/AppDialog';
import type { ChatFieldsFragment, ChatFolderFieldsFragment } from '../../../graphql/__generated__/graphql';
import { formatShortDate } from '../../../lib/formatShortDate';
import { useLanguage, useT } from '../../../lib/i18n';
import { runWithToast } from '../../../lib/mutationToast';
import {
  ChatFoldersQuery,
  ChatsQuery,
  DeleteChatMutation,
  RenameChatMutation,
  SetChatPinnedMutation,
} from '../graphql';
import { DeleteFolderDialog, FolderNameDialog, MoveChatDialog, useMoveChat } from './FolderDialogs';
import { NameDialog } from './NameDialog';

type ChatSummary = ChatFieldsFragment;
type ChatFolder = ChatFolderFieldsFragment;

/** The drag data type of a chat being dragged onto a folder. */
const CHAT_DRAG_TYPE = 'application/x-chorus-chat';

/** One group of the list (Pinned, a folder, the rest); with onDropChat, chats can be dropped on it. */
function ChatGroup({
  label,
  icon,
  actions,
  onDropChat,
  children,
}: {
  label: string | null;
  icon?: ReactNode;
  actions?: ReactNode;
  onDropChat?: (chatId: string) => void;
  children: ReactNode;
}) {
  const t = useT();
  const [over, setOver] = useState(false);
  const accepts = (event: DragEvent) => !!onDropChat && event.dataTransfer.types.includes(CHAT_DRAG_TYPE);
  return (
    <Box
      as="section"
      aria-label={label ?? t('Chats')}
      rounded="md"
      outline={over ? '2px dashed' : undefined}
      outlineColor="colorPalette.solid"
      bg={over ? 'colorPalette.subtle' : undefined}
      data-drop-target={onDropChat ? '' : undefined}
      onDragOver={(event: DragEvent) => {
        if (!accepts(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event: DragEvent) => {
        setOver(false);
        const chatId = event.dataTransfer.getData(CHAT_DRAG_TYPE);
        if (!onDropChat || !chatId) return;
        event.preventDefault();
        onDropChat(chatId);
      }}
    >
      {label ? (
        <HStack gap="1.5" px="2" py="1" color="fg.muted" justify="space-between">
          <HStack gap="1.5" minW="0">
            {icon}
            <Heading as="h3" size="xs" fontWeight="semibold" truncate>
              {label}
            </Heading>
          </HStack>
          {actions}
        </HStack>
      ) : null}
      <Stack as="ul" gap="0.5" listStyleType="none" minH={onDropChat ? '2' : undefined}>
        {children}
      </Stack>
    </Box>
  );
}

function FolderMenu({
  folder,
  portalled,
  onRename,
  onDelete,
}: {
  folder: ChatFolder;
  portalled: boolean;
  onRename: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  const menu = (
    <Menu.Positioner>
      <Menu.Content minW="36">
        <Menu.Item value="rename" onSelect={onRename}>
          <LuPencil aria-hidden="true" /> {t('Rename folder')}
        </Menu.Item>
        <Menu.Item value="delete" color="fg.error" onSelect={onDelete}>
          <LuTrash2 aria-hidden="true" /> {t('Delete folder')}
        </Menu.Item>
      </Menu.Content>
    </Menu.Positioner>
  );
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton
          aria-label={t('Options for folder {name}', { name: folder.name })}
          variant="ghost"
          size="2xs"
        >
          <LuEllipsis />
        </IconButton>
      </Menu.Trigger>
      {portalled ? <Portal>{menu}</Portal> : menu}
    </Menu.Root>
  );
}

function ChatItem({
  chat,
  active,
  portalled,
  onPick,
  onRename,
  onDelete,
  onMove,
  onPin,
}: {
  chat: ChatSummary;
  active: boolean;
  portalled: boolean;
  onPick: () => void;
  onRename: (chat: ChatSummary) => void;
  onDelete: (chat: ChatSummary) => void;
  onMove: (chat: ChatSummary) => void;
  onPin: (chat: ChatSummary) => void;
}) {
  const t = useT();
  const language = useLanguage();
  const menu = (
    <Menu.Positioner>
      <Menu.Content minW="44">
        <Menu.Item value="pin" onSelect={() => onPin(chat)}>
          {chat.pinned ? <LuPinOff aria-hidden="true" /> : <LuPin aria-hidden="true" />}
          {chat.pinned ? t('Unpin') : t('Pin')}
        </Menu.Item>
        <Menu.Item value="move" onSelect={() => onMove(chat)}>
          <LuFolderInput aria-hidden="true" /> {t('Move to folder…')}
        </Menu.Item>
        <Menu.Item value="rename" onSelect={() => onRename(chat)}>
          <LuPencil aria-hidden="true" /> {t('Rename')}
        </Menu.Item>
        <Menu.Item value="delete" color="fg.error" onSelect={() => onDelete(chat)}>
          <LuTrash2 aria-hidden="true" /> {t('Delete')}
        </Menu.Item>
      </Menu.Content>
    </Menu.Positioner>
  );
  return (
    <HStack
      as="li"
      gap="0"
      rounded="md"
      draggable
      onDragStart={(event: DragEvent) => {
        event.dataTransfer.setData(CHAT_DRAG_TYPE, chat.id);
        event.dataTransfer.effectAllowed = 'move';
      }}
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
        <RouterLink to={`/chat/${chat.id}`} aria-current={active ? 'page' : undefined} onClick={onPick}>
          <Text
            as="span"
            display="block"
            truncate
            fontWeight={active ? 'semibold' : 'medium'}
            fontSize="sm"
            dir="auto"
          >
            {chat.title}
          </Text>
          <Text as="span" display="block" fontSize="xs" color="fg.muted">
            {formatShortDate(chat.createdAt, undefined, language)}
          </Text>
        </RouterLink>
      </Link>
      <Menu.Root positioning={{ placement: 'bottom-end' }}>
        <Menu.Trigger asChild>
          <IconButton
            aria-label={t('Options for {title}', { title: chat.title })}
            variant="ghost"
            size="xs"
            me="1"
          >
            <LuEllipsis />
          </IconButton>
        </Menu.Trigger>
        {portalled ? <Portal>{menu}</Portal> : menu}
      </Menu.Root>
    </HStack>
  );
}

function RenameDialog({ chat, onClose }: { chat: ChatSummary; onClose: () => void }) {
  const [renameChat, { loading }] = useMutation(RenameChatMutation);
  const t = useT();
  return (
    <NameDialog
      title={t('Rename chat')}
      label={t('Chat title')}
      initial={chat.title}
      maxLength={200}
      busy={loading}
      save={(title) =>
        runWithToast(() => renameChat({ variables: { id: chat.id, title } }), {
          failure: { title: t('Could not rename chat') },
        })
      }
      onClose={onClose}
    />
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

  const t = useT();
  const onConfirm = async () => {
    const deleted = await runWithToast(() => deleteChat({ variables: { id: chat.id } }), {
      success: { title: t('Chat deleted'), description: t('"{title}" was deleted.', { title: chat.title }) },
      failure: { title: t('Could not delete chat') },
    });
    if (!deleted) return;
    onDeleted(chat.id);
    onClose();
  };

  return (
    <ConfirmDialog title={t('Delete this chat?')} loading={loading} onConfirm={onConfirm} onClose={onClose}>
      <Text>
        {t('"{title}" and all its messages will be deleted. This cannot be undone.', { title: chat.title })}
      </Text>
    </ConfirmDialog>
  );
}

export interface ChatListProps {
  chats: readonly ChatSummary[];
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  activeChatId: string | null;
  /** A chat was picked (the mobile sidebar closes). */
  onPick: () => void;
  onDeleted: (id: string) => void;
  portalled: boolean;
}

/**
 * Spec §2 "My Chats": newest activity first, title and creation date, rename and delete; grouped
 * (issue 18, item 5) as Pinned, then each folder, then the rest. A chat is dragged onto a folder, or
 * filed from its menu ("Move to folder…") with the keyboard.
 */
export function ChatList({
  chats,
  loading,
  failed,
  onRetry,
  hasMore,
  loadingMore,
  onLoadMore,
  activeChatId,
  onPick,
  onDeleted,
  portalled,
}: ChatListProps) {
  const t = useT();
  const [renaming, setRenaming] = useState<ChatSummary | null>(null);
  const [deleting, setDeleting] = useState<ChatSummary | null>(null);
  const [moving, setMoving] = useState<ChatSummary | null>(null);
  const [folderEditing, setFolderEditing] = useState<ChatFolder | 'new' | null>(null);
  const [folderDeleting, setFolderDeleting] = useState<ChatFolder | null>(null);
  const folders = useQuery(ChatFoldersQuery).data?.chatFolders ?? [];
  const move = useMoveChat();
  const [pin] = useMutation(SetChatPinnedMutation, { refetchQueries: [ChatsQuery] });
  const scroller = useRef<HTMLDivElement>(null);
  const end = useRef<HTMLDivElement>(null);

  // The next page loads as the end of the list scrolls into view (or is in view already).
  useEffect(() => {
    const root = scroller.current;
    const target = end.current;
    if (!hasMore || loadingMore || !root || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (seen) => {
        if (seen.some((entry) => entry.isIntersecting)) onLoadMore();
      },
      { root, rootMargin: '0px 0px 200px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, loadingMore, onLoadMore]);

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
          {t('Could not load your chats.')}
        </Text>
        <Button size="xs" variant="outline" onClick={onRetry}>
          {t('Try again')}
        </Button>
      </Stack>
    );
  } else if (chats.length === 0) {
    body = (
      <Box textAlign="center" py="8" px="2" color="fg.muted">
        <Text fontWeight="medium">{t('No chats yet')}</Text>
        <Text fontSize="sm">{t('Start a new conversation!')}</Text>
      </Box>
    );
  } else {
    const known = new Set(folders.map((f) => f.id));
    const pinned = chats.filter((c) => c.pinned);
    const unfiled = chats.filter((c) => !c.pinned && !(c.folderId && known.has(c.folderId)));
    const item = (chat: ChatSummary) => (
      <ChatItem
        key={chat.id}
        chat={chat}
        active={chat.id === activeChatId}
        portalled={portalled}
        onPick={onPick}
        onRename={setRenaming}
        onDelete={setDeleting}
        onMove={setMoving}
        onPin={(c) => pin({ variables: { chatId: c.id, pinned: !c.pinned } })}
      />
    );
    body = (
      <Stack gap="3">
        {pinned.length > 0 ? (
          <ChatGroup label={t('Pinned')} icon={<LuPin aria-hidden="true" />}>
            {pinned.map(item)}
          </ChatGroup>
        ) : null}
        {folders.map((folder) => {
          const inside = chats.filter((c) => !c.pinned && c.folderId === folder.id);
          return (
            <ChatGroup
              key={folder.id}
              label={folder.name}
              icon={<LuFolder aria-hidden="true" />}
              onDropChat={(chatId) => move(chatId, folder.id)}
              actions={
                <FolderMenu
                  folder={folder}
                  portalled={portalled}
                  onRename={() => setFolderEditing(folder)}
                  onDelete={() => setFolderDeleting(folder)}
                />
              }
            >
              {inside.length > 0 ? (
                inside.map(item)
              ) : (
                <Text as="li" fontSize="xs" color="fg.muted" px="2" py="1">
                  {t('Empty: drag a chat here')}
                </Text>
              )}
            </ChatGroup>
          );
        })}
        <ChatGroup
          label={folders.length > 0 || pinned.length > 0 ? t('Chats') : null}
          onDropChat={(chatId) => move(chatId, null)}
        >
          {unfiled.map(item)}
        </ChatGroup>
      </Stack>
    );
  }

  return (
    // Never squeezed below a few rows: on a short screen the sidebar around it scrolls instead
    // (ChatSidebar), so the list stays usable at 200% zoom or on a phone held sideways.
    <Stack ref={scroller} gap="2" flex="1" minH="48" overflowY="auto">
      <HStack justify="space-between" px="1">
        <Heading as="h2" id="my-chats-heading" size="sm" color="fg.muted">
          {t('My Chats')}
        </Heading>
        <IconButton
          aria-label={t('New folder')}
          title={t('New folder')}
          variant="ghost"
          size="xs"
          onClick={() => setFolderEditing('new')}
        >
          <LuFolderPlus />
        </IconButton>
      </HStack>
      {body}
      {hasMore && chats.length > 0 ? (
        <Box ref={end} px="1" pb="2">
          <Button size="xs" variant="ghost" width="full" loading={loadingMore} onClick={onLoadMore}>
            {t('Load more chats')}
          </Button>
        </Box>
      ) : null}
      {renaming ? <RenameDialog chat={renaming} onClose={() => setRenaming(null)} /> : null}
      {moving ? <MoveChatDialog chat={moving} folders={folders} onClose={() => setMoving(null)} /> : null}
      {folderEditing ? (
        <FolderNameDialog
          folder={folderEditing === 'new' ? null : folderEditing}
          onClose={() => setFolderEditing(null)}
        />
      ) : null}
      {folderDeleting ? (
        <DeleteFolderDialog folder={folderDeleting} onClose={() => setFolderDeleting(null)} />
      ) : null}
      {deleting ? (
        <DeleteDialog chat={deleting} onClose={() => setDeleting(null)} onDeleted={onDeleted} />
      ) : null}
    </Stack>
  );
}
