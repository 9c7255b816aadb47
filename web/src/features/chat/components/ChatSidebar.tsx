import { useApolloClient } from '@apollo/client/react';
import { Box, Button, CloseButton, Drawer, Portal, Stack } from '@chakra-ui/react';
import { LuPlus } from 'react-icons/lu';
import { UserMenu } from '../../../components/UserMenu';
import { useT } from '../../../lib/i18n';
import { ImportChatsButton } from '../../transfer/components/ImportChatsButton';
import { ChatsQuery } from '../graphql';
import { ChatNav } from './ChatHeader';
import { ChatList, type ChatListProps } from './ChatList';
import { ModelSelector, type ModelSelectorProps } from './ModelSelector';

/** What the page gives the sidebar: the model picker's and My Chats' props, less where they draw their menus. */
export interface SidebarData {
  models: Omit<ModelSelectorProps, 'portalled'>;
  chats: Omit<ChatListProps, 'onPick' | 'portalled'>;
  onNewChat: () => void;
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
  const client = useApolloClient();
  const t = useT();
  return (
    <Stack gap="4" height="full" p="3" minH="0">
      <ModelSelector {...data.models} portalled={!overlay} />
      <Button
        variant="outline"
        width="full"
        onClick={() => {
          data.onNewChat();
          onPick();
        }}
      >
        <LuPlus aria-hidden="true" /> {t('New Chat')}
      </Button>
      <ImportChatsButton onImported={() => client.refetchQueries({ include: [ChatsQuery] })} />
      <ChatList {...data.chats} onPick={onPick} portalled={!overlay} />
      {overlay ? <ChatNav gap="0.5" borderTopWidth="1px" pt="3" /> : null}
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
  const t = useT();
  if (overlay) {
    return (
      <Drawer.Root
        open={open}
        onOpenChange={(details) => onOpenChange(details.open)}
        placement="start"
        size="xs"
        // The drawer finds its content by this id to trap focus in it and focus it on opening: an
        // `id` set on Drawer.Content itself hides the content from it (Tab then walked the page behind).
        ids={{ content: id }}
      >
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content>
              <Drawer.Header px="4" py="3" display="flex" justifyContent="space-between" alignItems="center">
                <Drawer.Title fontSize="md">{t('Chats and account')}</Drawer.Title>
                <Drawer.CloseTrigger asChild position="static">
                  <CloseButton size="sm" aria-label={t('Close sidebar')} />
                </Drawer.CloseTrigger>
              </Drawer.Header>
              {/* On a short screen (a phone held sideways, 200% zoom) the whole drawer scrolls, so
                  My Chats keeps a usable height instead of being squeezed to nothing. */}
              <Drawer.Body p="0" display="flex" flexDirection="column" minH="0" overflowY="auto">
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
      aria-label={t('Chats and account')}
      width="72"
      flexShrink={0}
      borderEndWidth="1px"
      bg="bg.subtle"
      display="flex"
      flexDirection="column"
      minH="0"
      overflowY="auto"
    >
      <SidebarContents data={data} overlay={false} onPick={() => {}} />
    </Box>
  );
}
