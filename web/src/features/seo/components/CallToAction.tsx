import { Box, Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useT } from '../../../lib/i18n';
import { SIGN_UP_FREE } from '../../accounts/signUpLinks';
import { useLocalizedPath } from '../../languages/useLocalizedPath';

interface CallToActionProps {
  title: string;
  text: string;
  buttonLabel: string;
  to?: string;
  /** Further buttons after the main one. */
  children?: ReactNode;
}

/** The closing band of a marketing page; by default it leads to sign-up. */
export function CallToAction({ title, text, buttonLabel, to = SIGN_UP_FREE, children }: CallToActionProps) {
  const t = useT();
  const localized = useLocalizedPath();
  return (
    <Box as="section" aria-labelledby="closing-call" py={{ base: '12', md: '16' }}>
      <Container maxW="4xl">
        <Stack
          gap="5"
          align="center"
          textAlign="center"
          bg="colorPalette.solid"
          color="colorPalette.contrast"
          rounded="2xl"
          px={{ base: '6', md: '12' }}
          py={{ base: '10', md: '14' }}
        >
          <Heading as="h2" id="closing-call" size={{ base: '2xl', md: '3xl' }}>
            {t(title)}
          </Heading>
          <Text fontSize="lg" opacity={0.9} maxW="2xl">
            {t(text)}
          </Text>
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
            <Button asChild size="lg" variant="surface" colorPalette="gray">
              <RouterLink to={localized(to)}>{t(buttonLabel)}</RouterLink>
            </Button>
            {children}
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
