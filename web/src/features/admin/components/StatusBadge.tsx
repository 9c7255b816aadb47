import { Badge } from '@chakra-ui/react';

const PALETTES: Record<string, string> = { active: 'green', suspended: 'orange', banned: 'red' };

/** active / suspended / banned, coloured, with the word itself (never colour alone). */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge colorPalette={PALETTES[status] ?? 'gray'} variant="subtle" textTransform="capitalize">
      {status}
    </Badge>
  );
}

/** A staff role beside a name; plain users show none. */
export function RoleBadge({ role }: { role: string }) {
  if (role === 'user') return null;
  return (
    <Badge colorPalette={role === 'admin' ? 'purple' : 'blue'} variant="outline" textTransform="capitalize">
      {role}
    </Badge>
  );
}
