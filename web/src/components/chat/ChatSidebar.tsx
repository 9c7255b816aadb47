import { Box, Button, CloseButton, Drawer, Heading, Portal, Stack, Text } from '@chakra-ui/react';
import { LuPlus } from 'react-icons/lu';
import { UserMenu } from '../UserMenu';
import { CHAT_NAV_LINKS, ChatNavLink } from './ChatHeader';

function SidebarContents({ compact }: { compact: boolean }) {
  return (
    <Stack gap="4" height="full" p="3">
      {/* Creating chats ships with the chat itself in the next release. */}
      <Button disabled variant="outline" width="full" title="Chats arrive in the next release">
        <LuPlus aria-hidden="true" /> New Chat
      </Button>
      <Stack gap="2" flex="1" minH="0" overflowY="auto">
        <Heading as="h2" size="sm" color="fg.muted" px="1">
          My Chats
        </Heading>
        <Box textAlign="center" py="8" px="2" color="fg.muted">
          <Text fontWeight="medium">No chats yet</Text>
          <Text fontSize="sm">Start a new conversation!</Text>
        </Box>
      </Stack>
      {compact ? (
        <Stack as="nav" aria-label="Main" gap="0.5">
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
}

export function ChatSidebar({ id, open, overlay, onOpenChange }: ChatSidebarProps) {
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
              <SidebarContents compact />
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
    >
      <SidebarContents compact={false} />
    </Box>
  );
}
