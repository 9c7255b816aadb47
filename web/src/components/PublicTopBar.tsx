import { Box, Button, Container, Flex, HStack, IconButton, Stack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LuMenu, LuX } from 'react-icons/lu';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useAuth } from '../features/accounts/session/AuthContext';
import { SIGN_UP_FREE } from '../features/accounts/signUpLinks';
import { useLocalizedPath } from '../features/languages/useLocalizedPath';
import { useHydrated } from '../hooks/useHydrated';
import { msg, useT } from '../lib/i18n';
import { ColorModeToggle } from './ColorModeToggle';
import { Logo } from './Logo';
import { NavItemLink } from './NavItemLink';

const NAV_ITEMS = [
  { label: msg('Features'), to: '/features' },
  { label: msg('Gallery'), to: '/community-videos' },
  { label: msg('Plans'), to: '/pricing' },
];

const MOBILE_MENU_ID = 'public-mobile-menu';

/** The public pages' links: in the bar on wide screens, in the menu below 768px. */
function PublicNavLinks() {
  const t = useT();
  const localized = useLocalizedPath();
  return NAV_ITEMS.map(({ label, to }) => (
    <NavItemLink key={to} to={localized(to)} _currentPage={{ color: 'colorPalette.fg' }}>
      {t(label)}
    </NavItemLink>
  ));
}

function AccountActions({ direction }: { direction: 'row' | 'column' }) {
  const t = useT();
  const { user } = useAuth();
  if (user) {
    return (
      <Button asChild size="sm">
        <RouterLink to="/chat">{t('Open Chat')}</RouterLink>
      </Button>
    );
  }
  return (
    <Stack direction={direction} gap="2" align={direction === 'row' ? 'center' : 'stretch'}>
      <Button asChild size="sm" variant="ghost">
        <RouterLink to="/login">{t('Log In')}</RouterLink>
      </Button>
      <Button asChild size="sm">
        <RouterLink to={SIGN_UP_FREE}>{t('Start Free')}</RouterLink>
      </Button>
    </Stack>
  );
}

/** Top bar of every public page; below 768px the links fold into a menu behind a hamburger button. */
export function PublicTopBar() {
  const t = useT();
  const localized = useLocalizedPath();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  // A pre-rendered page's menu button works once the page has hydrated.
  const hydrated = useHydrated();

  // A followed link should not leave the menu covering the page it opened.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the route change itself is the trigger.
  useEffect(() => {
    setMenuOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);

  return (
    <Box
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      bg="bg/90"
      backdropFilter="blur(8px)"
      borderBottomWidth="1px"
    >
      <Container maxW="6xl">
        <Flex h="16" align="center" justify="space-between" gap="4">
          <Logo to={localized('/')} />
          <HStack as="nav" aria-label={t('Main')} gap="1" display={{ base: 'none', md: 'flex' }}>
            <PublicNavLinks />
          </HStack>
          <HStack gap="2">
            <ColorModeToggle />
            <Box display={{ base: 'none', md: 'block' }}>
              <AccountActions direction="row" />
            </Box>
            <IconButton
              display={{ base: 'inline-flex', md: 'none' }}
              variant="ghost"
              size="sm"
              aria-label={menuOpen ? t('Close menu') : t('Open menu')}
              aria-expanded={menuOpen}
              aria-controls={MOBILE_MENU_ID}
              disabled={!hydrated}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <LuX /> : <LuMenu />}
            </IconButton>
          </HStack>
        </Flex>
        {menuOpen ? (
          <Stack
            as="nav"
            id={MOBILE_MENU_ID}
            aria-label={t('Mobile')}
            display={{ base: 'flex', md: 'none' }}
            gap="1"
            pb="4"
          >
            <PublicNavLinks />
            <Box pt="2">
              <AccountActions direction="column" />
            </Box>
          </Stack>
        ) : null}
      </Container>
    </Box>
  );
}
