import { Box, Container, chakra, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '@chorus/shared/languages';
import { useId } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useAuth } from '../features/accounts/session/AuthContext';
import { useLocalizedPath } from '../features/languages/useLocalizedPath';
import { USE_CASE_PAGES } from '../features/seo/useCasePaths';
import { useHydrated } from '../hooks/useHydrated';
import { msg, useLanguage, useT } from '../lib/i18n';

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

/** The footer's language picker; a pick is handled by features/languages/switchLanguage.ts. */
function LanguagePicker() {
  const t = useT();
  const language = useLanguage();
  const id = useId();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { user } = useAuth();

  const onChange = (value: string) => {
    if (!isLanguage(value)) return;
    import('../features/languages/switchLanguage')
      .then(({ switchLanguage }) => switchLanguage(value, navigate, Boolean(user)))
      .catch((error: unknown) => console.warn('Could not switch the language', error));
  };

  return (
    <Stack gap="1" maxW="60">
      <Text asChild fontSize="sm" fontWeight="medium">
        <label htmlFor={id}>{t('Language')}</label>
      </Text>
      {/* A plain native select: Chakra's NativeSelect brings its field machinery into every public
          page's first download, which is at its budget (web/vite.config.ts). */}
      <chakra.select
        id={id}
        value={language}
        disabled={!hydrated}
        onChange={(event) => onChange(event.currentTarget.value)}
        h="8"
        px="2"
        fontSize="sm"
        bg="bg"
        color="fg"
        borderWidth="1px"
        borderColor="border"
        rounded="l2"
        cursor="pointer"
        focusRing="outside"
        _disabled={{ opacity: 0.6, cursor: 'default' }}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </chakra.select>
    </Stack>
  );
}

export function SiteFooter() {
  const t = useT();
  const localized = useLocalizedPath();
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
            <LanguagePicker />
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
