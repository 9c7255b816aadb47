import { Box, Button, Container, Flex, HStack, Text } from '@chakra-ui/react';
import { type ReactNode, useEffect, useRef } from 'react';
import { LuArrowLeft, LuExternalLink } from 'react-icons/lu';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { ColorModeToggle } from '../../../components/ColorModeToggle';
import { Logo } from '../../../components/Logo';
import { NavItemLink } from '../../../components/NavItemLink';
import { SkipLink } from '../../../components/SkipLink';
import { UserMenu } from '../../../components/UserMenu';
import { useT } from '../../../lib/i18n';
import { NotificationBell } from '../../notifications/NotificationBell';

/** One entry of a side menu; `external` marks a page drawn outside this frame (an arrow icon). */
export interface SideNavItem {
  to: string;
  label: string;
  external?: boolean;
}

/**
 * Scrolls the strip (phones) so the current page's entry is in view, centred when it can be. Only the
 * strip scrolls: scrollIntoView would also move the page itself.
 */
function useCurrentInView() {
  const ref = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the route change itself is the trigger.
  useEffect(() => {
    const strip = ref.current;
    const current = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!strip || !current || strip.scrollWidth <= strip.clientWidth) return;
    const box = strip.getBoundingClientRect();
    const item = current.getBoundingClientRect();
    strip.scrollLeft += item.left - box.left - (box.width - item.width) / 2;
  }, [pathname]);
  return ref;
}

/** Whether `pathname` is `to` or a page under it. */
const within = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

/** A side menu; on phones it becomes a horizontally scrollable strip. */
export function SideNav({
  label,
  items,
  width,
}: {
  label: string;
  items: readonly SideNavItem[];
  width: string;
}) {
  const ref = useCurrentInView();
  const { pathname } = useLocation();
  const t = useT();
  return (
    <Box
      as="nav"
      ref={ref}
      aria-label={t(label)}
      flexShrink={0}
      width={{ base: 'full', md: width }}
      overflowX={{ base: 'auto', md: 'visible' }}
      position={{ md: 'sticky' }}
      top={{ md: '6' }}
      alignSelf="flex-start"
    >
      <Box
        as="ul"
        listStyleType="none"
        display="flex"
        flexDirection={{ base: 'row', md: 'column' }}
        gap="1"
        pb={{ base: '2', md: '0' }}
      >
        {items.map((item) => (
          <li key={item.to}>
            <NavItemLink
              to={item.to}
              // Settings stays current under /settings/… (Safety, Webhooks…), but not on a page that has
              // its own entry in the menu (Tools): then only that entry is.
              end={items.some((other) => other.to.startsWith(`${item.to}/`) && within(pathname, other.to))}
              display="flex"
              alignItems="center"
              gap="1.5"
              whiteSpace="nowrap"
              _currentPage={{ bg: 'colorPalette.subtle', color: 'colorPalette.fg', fontWeight: 'semibold' }}
            >
              {t(item.label)}
              {item.external ? <LuExternalLink aria-hidden="true" /> : null}
            </NavItemLink>
          </li>
        ))}
      </Box>
    </Box>
  );
}

interface SideNavFrameProps {
  /** Where the header's Back button goes. */
  back: string;
  /** A word beside the logo naming the area (hidden on phones), e.g. "Console". */
  title?: string;
  maxW: string;
  nav: { label: string; items: readonly SideNavItem[]; width: string };
  children: ReactNode;
}

/**
 * The frame of the signed-in areas with a side menu, the account pages (AccountLayout.tsx) and the
 * admin console (features/admin/AdminConsole.tsx): header with Back, logo, the notification bell, colour
 * mode and user menu;
 * the menu beside the page's `main`.
 */
export function SideNavFrame({ back, title, maxW, nav, children }: SideNavFrameProps) {
  const t = useT();
  return (
    <>
      <SkipLink />
      <Box as="header" borderBottomWidth="1px" bg="bg">
        <Container maxW={maxW}>
          <Flex h="16" align="center" justify="space-between" gap="3">
            <HStack gap="3" minW="0">
              {/* On a phone the arrow alone: the word would push the logo under the bell and the menu. */}
              <Button asChild variant="ghost" size="sm" aria-label={t('Back')} px={{ base: '2', sm: '3' }}>
                <RouterLink to={back}>
                  <LuArrowLeft aria-hidden="true" />
                  <Box as="span" hideBelow="sm">
                    {t('Back')}
                  </Box>
                </RouterLink>
              </Button>
              <Logo to="/chat" />
              {title ? (
                <Text as="span" fontWeight="semibold" color="fg.muted" hideBelow="sm">
                  {t(title)}
                </Text>
              ) : null}
            </HStack>
            <HStack gap="2">
              <NotificationBell />
              <ColorModeToggle />
              <UserMenu showName={false} placement="bottom-end" />
            </HStack>
          </Flex>
        </Container>
      </Box>
      <Container maxW={maxW} flex="1" py={{ base: '4', md: '8' }}>
        <Flex direction={{ base: 'column', md: 'row' }} gap={{ base: '4', md: '8' }}>
          <SideNav {...nav} />
          <Box as="main" id="main" flex="1" minW="0">
            {children}
          </Box>
        </Flex>
      </Container>
    </>
  );
}
