import { Center, Spinner, Stack, Text } from '@chakra-ui/react';

/** Centred spinner with a visible, announced label (used while a page or the session is loading). */
export function PageSpinner({ label, minH = '60vh' }: { label: string; minH?: string }) {
  return (
    <Center flex="1" minH={minH} py="16">
      <Stack align="center" gap="3" role="status" aria-live="polite">
        <Spinner size="lg" color="colorPalette.solid" borderWidth="3px" />
        <Text color="fg.muted">{label}</Text>
      </Stack>
    </Center>
  );
}
