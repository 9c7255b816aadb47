import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { usePageMeta } from '../hooks/usePageMeta';

export default function NotFoundPage() {
  usePageMeta('not-found');
  return (
    <Center flex="1" py="20" px="4">
      <Stack gap="4" align="center" textAlign="center">
        <Text fontSize="6xl" fontWeight="bold" color="colorPalette.fg" aria-hidden="true">
          404
        </Text>
        <Heading as="h1" size="2xl">
          Page Not Found
        </Heading>
        <Text color="fg.muted">The page you're looking for doesn't exist or has moved.</Text>
        <Button asChild>
          <RouterLink to="/">Go Home</RouterLink>
        </Button>
      </Stack>
    </Center>
  );
}
