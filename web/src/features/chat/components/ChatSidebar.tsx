import { Box, Button, CloseButton, Drawer, Portal, Stack } from '@chakra-ui/react';
import { LuPlus } from 'react-icons/lu';
import { UserMenu } from '../../../components/UserMenu';
import type { ChatFieldsFragment } from '../../../graphql/__generated__/graphql';
import { ImportChatsButton } from '../../transfer/components/ImportChatsDialog';
import type { Assistant } from './assistants';
import { CHAT_NAV_LINKS, ChatNavLink } from './ChatHeader';
import { ChatList } from './ChatList';
import { ModelSelector } from './ModelSelector';

export interface SidebarData {
  assistants: readonly Assistant[];
  assistantsLoading: boolean;
  assistantsFailed: boolean;
  onRetryAssistants: () => void;
  currentModel: string;
  onModelChange: (assistantId: string) => void;
  chats: readonly ChatFieldsFragment[];
  chatsLoading: boolean;
  chatsFailed: boolean;
  onRetryChats: () => void;
  /** More chats than are listed: the list loads the next page when scrolled to its end. */
  hasMoreChats: boolean;
  loadingMoreChats: boolean;
  onLoadMoreChats: () => void;
  activeChatId: string | null;
  onNewChat: () => void;
  onDeleted: (chatId: string) => void;
}

function SidebarContents({
  data,
  overlay,
  onPick,
}: {
  data: SidebarData;
  overlay: boolean;
  onPick: () => void;
}) {
  return (
    <Stack gap="4" height="full" p="3" minH="0">
      <ModelSelector
        assistants={data.assistants}
        loading={data.assistantsLoading}
        failed={data.assistantsFailed}
        onRetry={data.onRetryAssistants}
        value={data.currentModel}
        onChange={data.onModelChange}
        portalled={!overlay}
      />
      <Button
        variant="outline"
        width="full"
        onClick={() => {
          data.onNewChat();
          onPick();
        }}
      >
        <LuPlus aria-hidden="true" /> New Chat
      </Button>
      <ImportChatsButton />
      <ChatList
        chats={data.chats}
        loading={data.chatsLoading}
        failed={data.chatsFailed}
        onRetry={data.onRetryChats}
        hasMore={data.hasMoreChats}
        loadingMore={data.loadingMoreChats}
        onLoadMore={data.onLoadMoreChats}
        activeChatId={data.activeChatId}
        onPick={onPick}
        onDeleted={data.onDeleted}
        portalled={!overlay}
      />
      {overlay ? (
        <Stack as="nav" aria-label="Main" gap="0.5" borderTopWidth="1px" pt="3">
          {CHAT_NAV_LINKS.map((item) => (
            <ChatNavLink key={item.to} {...item} />
          ))}
        </Stack>
      ) : null}
      <Box borderTopWidth="1px" pt="3">
        <UserMenu />
      </Box>
    </Stack>
  );
}

interface ChatSidebarProps {
  id: string;
  open: boolean;
  /** Below 768px the sidebar floats over the chat as a modal drawer. */
  overlay: boolean;
  onOpenChange: (open: boolean) => void;
  data: SidebarData;
}

export function ChatSidebar({ id, open, overlay, onOpenChange, data }: ChatSidebarProps) {
  if (overlay) {
    return (
      <Drawer.Root
        open={open}
        onOpenChange={(details) => onOpenChange(details.open)}
        placement="start"
        size="xs"
      >
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content id={id}>
              <Drawer.Header px="4" py="3" display="flex" justifyContent="space-between" alignItems="center">
                <Drawer.Title fontSize="md">Chats and account</Drawer.Title>
                <Drawer.CloseTrigger asChild position="static">
                  <CloseButton size="sm" aria-label="Close sidebar" />
                </Drawer.CloseTrigger>
              </Drawer.Header>
              <Drawer.Body p="0" display="flex" flexDirection="column" minH="0">
                <SidebarContents data={data} overlay onPick={() => onOpenChange(false)} />
              </Drawer.Body>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    );
  }
  if (!open) return null;
  return (
    <Box
      as="aside"
      id={id}
      aria-label="Chats and account"
      width="72"
      flexShrink={0}
      borderEndWidth="1px"
      bg="bg.subtle"
      display="flex"
      flexDirection="column"
      minH="0"
    >
      <SidebarContents data={data} overlay={false} onPick={() => {}} />
    </Box>
  );
}
