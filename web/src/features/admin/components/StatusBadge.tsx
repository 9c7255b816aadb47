import { Badge } from '@chakra-ui/react';
import { msg, useT } from '../../../lib/i18n';

const PALETTES: Record<string, string> = { active: 'green', suspended: 'orange', banned: 'red' };
const STATUS_LABELS: Record<string, string> = {
  active: msg('Active'),
  suspended: msg('Suspended'),
  banned: msg('Banned'),
};
const ROLE_LABELS: Record<string, string> = { moderator: msg('Moderator'), admin: msg('Admin') };

/** active / suspended / banned, coloured, with the word itself (never colour alone). */
export function StatusBadge({ status }: { status: string }) {
  const t = useT();
  const label = STATUS_LABELS[status];
  return (
    <Badge
      colorPalette={PALETTES[status] ?? 'gray'}
      variant="subtle"
      textTransform={label ? undefined : 'capitalize'}
    >
      {label ? t(label) : status}
    </Badge>
  );
}

/** A staff role beside a name; plain users show none. */
export function RoleBadge({ role }: { role: string }) {
  const t = useT();
  if (role === 'user') return null;
  const label = ROLE_LABELS[role];
  return (
    <Badge
      colorPalette={role === 'admin' ? 'purple' : 'blue'}
      variant="outline"
      textTransform={label ? undefined : 'capitalize'}
    >
      {label ? t(label) : role}
    </Badge>
  );
}
