import { Box, Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

const MODES = [
  { mode: 'login', label: 'Login', to: '/login' },
  { mode: 'register', label: 'Register', to: '/register' },
] as const;

/** Segmented Login/Register switch; each side is a real link so it works without script and with Back. */
export function AuthModeToggle({ active }: { active: 'login' | 'register' }) {
  return (
    <Box as="nav" aria-label="Account access" display="flex" p="1" rounded="lg" bg="bg.muted" gap="1">
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
              {item.label}
            </RouterLink>
          </Link>
        );
      })}
    </Box>
  );
}
