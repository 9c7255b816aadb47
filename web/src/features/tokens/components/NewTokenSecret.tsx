import { Box, Button, Clipboard, Code, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { LuCheck, LuCopy, LuKeyRound } from 'react-icons/lu';
import { useT } from '../../../lib/i18n';

/**
 * A new token's secret, shown once (the api keeps only its hash): selectable text, a Copy button,
 * and plain words that it won't be shown again. Focus comes here when it appears, so a screen reader
 * reads it and the keyboard is next to Copy.
 */
export function NewTokenSecret({
  name,
  secret,
  onDone,
}: {
  name: string;
  secret: string;
  onDone: () => void;
}) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Box
      as="section"
      aria-labelledby="new-token-heading"
      borderWidth="1px"
      borderColor="green.solid"
      bg="green.subtle"
      rounded="lg"
      p={{ base: '3', md: '4' }}
    >
      <Stack gap="3">
        <HStack gap="2">
          <LuKeyRound aria-hidden="true" />
          <Text
            as="h3"
            id="new-token-heading"
            ref={heading}
            tabIndex={-1}
            fontWeight="semibold"
            outline="none"
          >
            {t('Your new token “{name}”', { name })}
          </Text>
        </HStack>
        <Text fontSize="sm" fontWeight="medium">
          {t("Copy it now: you won't see it again. Chorus keeps only a fingerprint of it.")}
        </Text>
        <Code
          data-testid="new-token-secret"
          display="block"
          p="3"
          fontSize="sm"
          wordBreak="break-all"
          whiteSpace="pre-wrap"
          userSelect="all"
          bg="bg"
        >
          {secret}
        </Code>
        <HStack gap="2" flexWrap="wrap">
          <Clipboard.Root value={secret} timeout={2000}>
            <Clipboard.Context>
              {({ copied }) => (
                <Clipboard.Trigger asChild>
                  <Button size="sm" aria-label={copied ? t('Copied') : t('Copy token')}>
                    {copied ? <LuCheck aria-hidden="true" /> : <LuCopy aria-hidden="true" />}
                    {copied ? t('Copied') : t('Copy token')}
                  </Button>
                </Clipboard.Trigger>
              )}
            </Clipboard.Context>
          </Clipboard.Root>
          <Button size="sm" variant="outline" onClick={onDone}>
            {t('I saved it')}
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}
