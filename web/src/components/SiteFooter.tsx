import { Box, Container, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useLocalizedPath } from '../features/languages/useLocalizedPath';
import { USE_CASE_PAGES } from '../features/seo/useCasePaths';
import { useHydrated } from '../hooks/useHydrated';
import { msg, useT } from '../lib/i18n';

const PRODUCT_LINKS = [
  { label: msg('Features'), to: '/features' },
  { label: msg('AI Video Generator'), to: '/ai-video-generator' },
  { label: msg('Community Videos'), to: '/community-videos' },
  ...USE_CASE_PAGES.map((page) => ({ label: page.title as string, to: page.path as string })),
];

/** The spec lists these company pages but gives them no destination yet, so they are shown, not linked. */
const COMPANY_PLACEHOLDERS = [
  msg('About'),
  msg('Blog'),
  msg('Careers'),
  msg('Privacy'),
  msg('Terms'),
  msg('Security'),
];

// The language picker works only with JavaScript (it is disabled until then), so it loads after the
// page has hydrated, in a box of its height (nothing moves), and public pages carry none of it up front.
const LanguagePicker = lazy(() => import('../features/languages/LanguagePicker'));
const PICKER_HEIGHT = '14';

export function SiteFooter() {
  const t = useT();
  const localized = useLocalizedPath();
  const hydrated = useHydrated();
  return (
    <Box as="footer" borderTopWidth="1px" mt="auto" py="10" bg="bg.subtle">
      <Container maxW="6xl">
        <Flex direction={{ base: 'column', md: 'row' }} gap="8" justify="space-between">
          <Stack gap="4" maxW="sm">
            <Stack gap="2">
              <Text fontWeight="bold" fontSize="lg">
                Chorus
              </Text>
              <Text color="fg.muted" fontSize="sm">
                {t(
                  "Chat with the world's leading AI assistants in one place, and turn ideas into short videos.",
                )}
              </Text>
            </Stack>
            {hydrated ? (
              <Suspense fallback={<Box h={PICKER_HEIGHT} />}>
                <LanguagePicker />
              </Suspense>
            ) : (
              <Box h={PICKER_HEIGHT} />
            )}
          </Stack>
          <Flex gap="12" wrap="wrap">
            <Stack as="nav" aria-label={t('Product')} gap="2">
              <Heading as="h2" size="sm">
                {t('Product')}
              </Heading>
              {PRODUCT_LINKS.map((item) => (
                <Link key={item.to} asChild fontSize="sm" color="fg.muted">
                  <RouterLink to={localized(item.to)}>{t(item.label)}</RouterLink>
                </Link>
              ))}
            </Stack>
            <Stack gap="2">
              <Heading as="h2" size="sm">
                {t('Company')}
              </Heading>
              {COMPANY_PLACEHOLDERS.map((label) => (
                <Text key={label} as="span" fontSize="sm" color="fg.muted" title={t('Coming soon')}>
                  {t(label)}
                </Text>
              ))}
            </Stack>
          </Flex>
        </Flex>
        <Text mt="10" fontSize="sm" color="fg.muted">
          {t('© 2025 Chorus. All rights reserved.')}
        </Text>
      </Container>
    </Box>
  );
}
