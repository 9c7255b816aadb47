import { Box, Button, Code, HStack, Stack, Text } from '@chakra-ui/react';
import { LuKeyRound } from 'react-icons/lu';
import { CopyButton } from '../../../components/conversation/CopyButton';
import { useT } from '../../../lib/i18n';

/** A new endpoint's signing secret, shown this once (the server keeps it encrypted and never shows it again). */
export function SecretOnce({ secret, url, onDone }: { secret: string; url: string; onDone: () => void }) {
  const t = useT();
  return (
    <Box
      role="status"
      borderWidth="1px"
      borderColor="green.emphasized"
      bg="green.subtle"
      rounded="lg"
      p={{ base: '3', md: '4' }}
    >
      <Stack gap="2">
        <HStack gap="2" fontWeight="semibold">
          <LuKeyRound aria-hidden="true" />
          <Text as="span">{t('Endpoint added: copy its signing secret now')}</Text>
        </HStack>
        <Text fontSize="sm" overflowWrap="anywhere">
          {t(
            "For {url}. You won't see this secret again; if you lose it, delete the endpoint and add it anew.",
            { url },
          )}
        </Text>
        <HStack gap="2" borderWidth="1px" rounded="md" px="2" py="1" bg="bg" maxW="full">
          <Box flex="1" minW="0">
            <Code data-testid="webhook-secret" wordBreak="break-all" bg="transparent">
              {secret}
            </Code>
          </Box>
          <CopyButton value={secret} label={t('Copy secret')} />
        </HStack>
        <Button size="sm" variant="outline" alignSelf="start" onClick={onDone}>
          {t("I've copied it")}
        </Button>
      </Stack>
    </Box>
  );
}
