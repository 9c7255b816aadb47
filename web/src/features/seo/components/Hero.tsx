import { Badge, Box, Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useT } from '../../../lib/i18n';
import { useLocalizedPath } from '../../languages/useLocalizedPath';

interface HeroProps {
  eyebrow?: string;
  title: string;
  subtitle: string;
  /** Call-to-action links as [path, label], first solid, then outline, then ghost. */
  links: [string, ReactNode][];
}

const LINK_VARIANTS = ['solid', 'outline', 'ghost'] as const;

/** The opening band of a marketing page: the page's only h1. Texts are marked with msg() by the page. */
export function Hero({ eyebrow, title, subtitle, links }: HeroProps) {
  const t = useT();
  const localized = useLocalizedPath();
  return (
    <Box
      as="section"
      aria-labelledby="page-title"
      py={{ base: '14', md: '24' }}
      bgGradient="to-b"
      gradientFrom="colorPalette.subtle"
      gradientTo="bg"
    >
      <Container maxW="4xl" textAlign="center">
        <Stack gap="6" align="center">
          {eyebrow ? (
            <Badge size="lg" variant="surface">
              {t(eyebrow)}
            </Badge>
          ) : null}
          <Heading as="h1" id="page-title" size={{ base: '3xl', md: '5xl' }} lineHeight="1.1">
            {t(title)}
          </Heading>
          <Text fontSize={{ base: 'lg', md: 'xl' }} color="fg.muted" maxW="2xl">
            {t(subtitle)}
          </Text>
          <Stack
            direction={{ base: 'column', sm: 'row' }}
            gap="3"
            justify="center"
            width={{ base: 'full', sm: 'auto' }}
          >
            {links.map(([to, label], i) => (
              <Button key={to} asChild size="lg" variant={LINK_VARIANTS[i]}>
                <RouterLink to={localized(to)}>{typeof label === 'string' ? t(label) : label}</RouterLink>
              </Button>
            ))}
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
