import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { usePageMeta } from '../hooks/usePageMeta';
import { useT } from '../lib/i18n';

export default function NotFoundPage() {
  const t = useT();
  usePageMeta('not-found');
  return (
    <Center flex="1" py="20" px="4">
      <Stack gap="4" align="center" textAlign="center">
        <Text fontSize="6xl" fontWeight="bold" color="colorPalette.fg" aria-hidden="true">
          404
        </Text>
        <Heading as="h1" size="2xl">
          {t('Page Not Found')}
        </Heading>
        <Text color="fg.muted">{t("The page you're looking for doesn't exist or has moved.")}</Text>
        <Button asChild>
          <RouterLink to="/">{t('Go Home')}</RouterLink>
        </Button>
      </Stack>
    </Center>
  );
}
