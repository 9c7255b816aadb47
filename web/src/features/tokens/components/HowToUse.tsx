import { Box, Code, Heading, Stack, Text } from '@chakra-ui/react';
import { msg, useT } from '../../../lib/i18n';
import { curlExamples } from '../tokenRules';
import { richText } from './richText';

/** A short "how to use" with curl examples for REST and GraphQL, with this site's address. */
export function HowToUse() {
  const t = useT();
  const origin = typeof window === 'undefined' ? 'https://your-chorus' : window.location.origin;
  return (
    <Stack
      as="section"
      aria-labelledby="how-heading"
      gap="3"
      borderWidth="1px"
      rounded="lg"
      p={{ base: '3', md: '4' }}
      bg="bg.subtle"
    >
      <Heading as="h2" id="how-heading" size="md">
        {t('How to use a token')}
      </Heading>
      <Text fontSize="sm">
        {richText(
          t,
          msg(
            "Send it in the {authorization} header as {bearer}, on {api} and {graphql}. Never put it in a URL: such requests are refused. Tokens can't manage tokens, change your password or account, and run only what their scopes allow (a 403 says which scope is missing).",
          ),
          {
            authorization: <Code>Authorization</Code>,
            bearer: <Code>Bearer</Code>,
            api: <Code>/api/…</Code>,
            graphql: <Code>/graphql</Code>,
          },
        )}
      </Text>
      {curlExamples(origin).map((example) => (
        <Stack key={example.title} gap="1">
          <Text fontSize="sm" fontWeight="medium">
            {t(example.title)}
          </Text>
          <Box
            as="pre"
            // Scrolls sideways on a phone: focusable so a keyboard can scroll it too.
            tabIndex={0}
            aria-label={t(example.title)}
            fontSize="xs"
            p="3"
            rounded="md"
            bg="bg.muted"
            overflowX="auto"
            maxW="100%"
          >
            <code>{example.code}</code>
          </Box>
        </Stack>
      ))}
      <Text fontSize="sm" color="fg.muted">
        {t(
          'Scopes: read = GET requests and queries of your data; chat = start chats and send messages; video = generate and publish videos; files = upload and manage files.',
        )}
      </Text>
    </Stack>
  );
}
