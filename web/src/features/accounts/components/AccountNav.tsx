import { Box } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { NavItemLink } from '../../../components/NavItemLink';
import { ACCOUNT_PAGES } from '../accountPages';

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

/** Side menu of the account pages; on phones it becomes a horizontally scrollable strip. */
export function AccountNav() {
  const ref = useCurrentInView();
  return (
    <Box
      as="nav"
      ref={ref}
      aria-label="Account"
      flexShrink={0}
      width={{ base: 'full', md: '56' }}
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
        {ACCOUNT_PAGES.map((page) => (
          <li key={page.to}>
            <NavItemLink
              to={page.to}
              display="block"
              whiteSpace="nowrap"
              _currentPage={{ bg: 'colorPalette.subtle', color: 'colorPalette.fg', fontWeight: 'semibold' }}
            >
              {page.label}
            </NavItemLink>
          </li>
        ))}
      </Box>
    </Box>
  );
}
