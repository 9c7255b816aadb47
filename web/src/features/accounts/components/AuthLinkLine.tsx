import { Link, Text, type TextProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/**
 * The muted, centred line under a sign-in form that leads to the neighbouring step ("New to
 * Chorus? Create a free account"): an optional lead-in, then the link itself.
 */
export function AuthLinkLine({
  lead,
  to,
  children,
  ...style
}: TextProps & { lead?: string; to: string; children: ReactNode }) {
  return (
    <Text color="fg.muted" textAlign="center" {...style}>
      {lead ? `${lead} ` : null}
      <Link asChild color="colorPalette.fg" fontWeight="semibold">
        <RouterLink to={to}>{children}</RouterLink>
      </Link>
    </Text>
  );
}
