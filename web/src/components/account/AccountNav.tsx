import { Box, Link } from '@chakra-ui/react';
import { NavLink } from 'react-router-dom';

const ACCOUNT_PAGES = [
  { label: 'My Profile', to: '/profile' },
  { label: 'My Plan', to: '/plans' },
  { label: 'My Files', to: '/files' },
  { label: 'Friends', to: '/friends' },
  { label: 'Messages', to: '/messages' },
  { label: 'Invite Friends', to: '/invitations' },
  { label: 'Settings', to: '/settings' },
];

/** Side menu of the account pages; on phones it becomes a horizontally scrollable strip. */
export function AccountNav() {
  return (
    <Box
      as="nav"
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
            <Link
              asChild
              display="block"
              whiteSpace="nowrap"
              px="3"
              py="2"
              rounded="md"
              color="fg.muted"
              fontWeight="medium"
              _hover={{ bg: 'bg.muted', color: 'fg', textDecoration: 'none' }}
              _currentPage={{ bg: 'colorPalette.subtle', color: 'colorPalette.fg', fontWeight: 'semibold' }}
            >
              <NavLink to={page.to}>{page.label}</NavLink>
            </Link>
          </li>
        ))}
      </Box>
    </Box>
  );
}
