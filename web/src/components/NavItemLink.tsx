import { Link, type LinkProps } from '@chakra-ui/react';
import { NavLink } from 'react-router-dom';

interface NavItemLinkProps extends Omit<LinkProps, 'asChild' | 'href'> {
  to: string;
  /** Current only on `to` itself, not on the pages below it (React Router's `end`). */
  end?: boolean;
}

/**
 * A link of one of the app's navigation bars (public top bar, chat header, account pages): muted
 * until hovered. Each bar says how its current page stands out (`_currentPage`) and how it lays out.
 */
export function NavItemLink({ to, end, children, ...style }: NavItemLinkProps) {
  return (
    <Link
      asChild
      px="3"
      py="2"
      rounded="md"
      color="fg.muted"
      fontWeight="medium"
      _hover={{ color: 'fg', bg: 'bg.muted', textDecoration: 'none' }}
      {...style}
    >
      <NavLink to={to} end={end}>
        {children}
      </NavLink>
    </Link>
  );
}
