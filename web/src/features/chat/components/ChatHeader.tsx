import { Box, Flex, HStack, IconButton, Stack, type StackProps } from '@chakra-ui/react';
import { LuPanelLeftClose, LuPanelLeftOpen } from 'react-icons/lu';
import { ColorModeToggle } from '../../../components/ColorModeToggle';
import { Logo } from '../../../components/Logo';
import { NavItemLink } from '../../../components/NavItemLink';
import { msg, useT } from '../../../lib/i18n';
import { SearchChatsButton } from '../../search/components/SearchChatsButton';

const CHAT_NAV_LINKS = [
  { label: msg('AI Chat'), to: '/chat' },
  { label: msg('My Videos'), to: '/gallery' },
  { label: msg('Gallery'), to: '/community-videos' },
  { label: msg('Plans'), to: '/plans' },
  { label: msg('Features'), to: '/features' },
];

function ChatNavLink({ label, to }: { label: string; to: string }) {
  const t = useT();
  return (
    <NavItemLink
      to={to}
      // AI Chat stays current on /chat/:chatId too.
      end={to !== '/chat'}
      whiteSpace="nowrap"
      _currentPage={{ color: 'colorPalette.fg', bg: 'colorPalette.subtle' }}
    >
      {t(label)}
    </NavItemLink>
  );
}

/** The signed-in app's main links: in the header on wide screens, in the sidebar below 768px. */
export function ChatNav(layout: StackProps) {
  const t = useT();
  return (
    <Stack as="nav" aria-label={t('Main')} {...layout}>
      {CHAT_NAV_LINKS.map((item) => (
        <ChatNavLink key={item.to} {...item} />
      ))}
    </Stack>
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
  const t = useT();
  return (
    <Box as="header" borderBottomWidth="1px" bg="bg" px={{ base: '2', md: '4' }}>
      <Flex h="14" align="center" justify="space-between" gap="2">
        <HStack gap="2" minW="0">
          <IconButton
            aria-label={t('Toggle sidebar')}
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
        <ChatNav direction="row" align="center" gap="1" display={{ base: 'none', md: 'flex' }} />
        <HStack gap="1">
          <SearchChatsButton />
          <ColorModeToggle />
        </HStack>
      </Flex>
    </Box>
  );
}
