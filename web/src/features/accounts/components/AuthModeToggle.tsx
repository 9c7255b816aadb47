import { Box, Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { msg, useT } from '../../../lib/i18n';

const MODES = [
  { mode: 'login', label: msg('Login'), to: '/login' },
  { mode: 'register', label: msg('Register'), to: '/register' },
] as const;

/** Segmented Login/Register switch; each side is a real link so it works without script and with Back. */
export function AuthModeToggle({ active }: { active: 'login' | 'register' }) {
  const t = useT();
  return (
    <Box as="nav" aria-label={t('Account access')} display="flex" p="1" rounded="lg" bg="bg.muted" gap="1">
      {MODES.map((item) => {
        const current = item.mode === active;
        return (
          <Link
            key={item.mode}
            asChild
            flex="1"
            justifyContent="center"
            py="2"
            rounded="md"
            fontWeight="semibold"
            bg={current ? 'bg' : undefined}
            color={current ? 'fg' : 'fg.muted'}
            shadow={current ? 'sm' : undefined}
            _hover={{ textDecoration: 'none', color: 'fg' }}
          >
            <RouterLink to={item.to} aria-current={current ? 'page' : undefined} replace>
              {t(item.label)}
            </RouterLink>
          </Link>
        );
      })}
    </Box>
  );
}
