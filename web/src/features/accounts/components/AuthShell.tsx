import { Box, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { AuthMarketingPanel } from './AuthMarketingPanel';
import { AuthModeToggle } from './AuthModeToggle';

interface AuthShellProps {
  mode: 'login' | 'register';
  title: string;
  subtitle: string;
  children: ReactNode;
}

/** Two-column frame of /login and /register: the form beside the marketing panel (stacked on phones). */
export function AuthShell({ mode, title, subtitle, children }: AuthShellProps) {
  return (
    <Container maxW="6xl" py={{ base: '6', md: '12' }}>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: '6', lg: '10' }} alignItems="stretch">
        <Box p={{ base: '5', md: '8' }} rounded="2xl" borderWidth="1px" bg="bg">
          <Stack gap="6">
            <AuthModeToggle active={mode} />
            <Stack gap="1">
              <Heading as="h1" size="2xl">
                {title}
              </Heading>
              <Text color="fg.muted">{subtitle}</Text>
            </Stack>
            {children}
          </Stack>
        </Box>
        <AuthMarketingPanel />
      </SimpleGrid>
    </Container>
  );
}
