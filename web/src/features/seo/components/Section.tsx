import { Box, Container, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useT } from '../../../lib/i18n';

interface SectionProps {
  /** Used for aria-labelledby so screen-reader users can jump between sections. */
  id: string;
  title: string;
  intro?: string;
  muted?: boolean;
  children: ReactNode;
}

/** A titled band of a marketing page. */
export function Section({ id, title, intro, muted, children }: SectionProps) {
  const t = useT();
  return (
    <Box as="section" aria-labelledby={id} py={{ base: '12', md: '16' }} bg={muted ? 'bg.subtle' : undefined}>
      <Container maxW="6xl">
        <Stack gap="3" mb="8" maxW="3xl">
          <Heading as="h2" id={id} size={{ base: '2xl', md: '3xl' }}>
            {t(title)}
          </Heading>
          {intro ? (
            <Text color="fg.muted" fontSize="lg">
              {t(intro)}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Container>
    </Box>
  );
}
