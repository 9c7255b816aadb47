import { Box, Flex, HStack, IconButton } from '@chakra-ui/react';
import { LuPanelLeftClose, LuPanelLeftOpen } from 'react-icons/lu';
import { ColorModeToggle } from '../../../components/ColorModeToggle';
import { Logo } from '../../../components/Logo';
import { NavItemLink } from '../../../components/NavItemLink';
import { SearchChatsButton } from '../../search/components/SearchChatsButton';

export const CHAT_NAV_LINKS = [
  { label: 'AI Chat', to: '/chat' },
  { label: 'My Videos', to: '/gallery' },
  { label: 'Gallery', to: '/community-videos' },
  { label: 'Plans', to: '/plans' },
  { label: 'Features', to: '/features' },
];

export function ChatNavLink({ label, to }: { label: string; to: string }) {
  return (
    <NavItemLink
      to={to}
      // AI Chat stays current on /chat/:chatId too.
      end={to !== '/chat'}
      whiteSpace="nowrap"
      _currentPage={{ color: 'colorPalette.fg', bg: 'colorPalette.subtle' }}
    >
      {label}
    </NavItemLink>
  );
}

interface ChatHeaderProps {
  sidebarOpen: boolean;
  sidebarId: string;
  onToggleSidebar: () => void;
  /** The logo leads to /chat and also starts a new chat (spec §2). */
  onNewChat: () => void;
}

/** Top bar of the signed-in chat; below 768px its links move into the sidebar. */
export function ChatHeader({ sidebarOpen, sidebarId, onToggleSidebar, onNewChat }: ChatHeaderProps) {
  return (
    <Box as="header" borderBottomWidth="1px" bg="bg" px={{ base: '2', md: '4' }}>
      <Flex h="14" align="center" justify="space-between" gap="2">
        <HStack gap="2" minW="0">
          <IconButton
            aria-label="Toggle sidebar"
            aria-expanded={sidebarOpen}
            aria-controls={sidebarId}
            variant="ghost"
            size="sm"
            onClick={onToggleSidebar}
          >
            {sidebarOpen ? <LuPanelLeftClose /> : <LuPanelLeftOpen />}
          </IconButton>
          <Logo to="/chat" onClick={onNewChat} />
        </HStack>
        <HStack as="nav" aria-label="Main" gap="1" display={{ base: 'none', md: 'flex' }}>
          {CHAT_NAV_LINKS.map((item) => (
            <ChatNavLink key={item.to} {...item} />
          ))}
        </HStack>
        <HStack gap="1">
          <SearchChatsButton />
          <ColorModeToggle />
        </HStack>
      </Flex>
    </Box>
  );
}
