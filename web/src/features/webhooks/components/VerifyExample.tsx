import { Box, Code, HStack, Stack, Text } from '@chakra-ui/react';
import { CopyButton } from '../../../components/conversation/CopyButton';
import { msg, useT } from '../../../lib/i18n';
import { richText } from '../../tokens/components/richText';

/** What a receiver runs (api/src/modules/webhooks/core/signature.ts verifyChorusSignature, in plain Node). */
const SAMPLE = `import { createHmac, timingSafeEqual } from 'node:crypto';

// header: the Chorus-Signature header; body: the raw request body (text, before JSON.parse)
export function verifyChorusSignature(secret, header, body, toleranceSec = 300) {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=')));
  const t = Number(parts.t);
  if (!t || Math.abs(Date.now() / 1000 - t) > toleranceSec) return false;
  const expected = createHmac('sha256', secret).update(\`\${t}.\${body}\`).digest('hex');
  const given = String(parts.v1 ?? '');
  return given.length === expected.length &&
    timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}`;

export function VerifyExample() {
  const t = useT();
  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">
        {richText(
          t,
          msg(
            'Each request is a POST of JSON {body} with the headers {event}, {id} (the same on every retry: use it to ignore repeats) and {signature}, an HMAC-SHA256 of {signed} with your secret. Answer with a 2xx within 10 seconds; anything else is retried 5 times over about an hour.',
          ),
          {
            body: <Code size="sm">{'{ id, type, createdAt, data }'}</Code>,
            event: <Code size="sm">Chorus-Event</Code>,
            id: <Code size="sm">Chorus-Webhook-Id</Code>,
            signature: <Code size="sm">Chorus-Signature: t=…,v1=…</Code>,
            signed: <Code size="sm">{'"<t>.<raw body>"'}</Code>,
          },
        )}
      </Text>
      <Box borderWidth="1px" rounded="md" bg="bg.subtle" overflow="hidden">
        <HStack justify="space-between" px="3" py="1" borderBottomWidth="1px">
          <Text fontSize="xs" color="fg.muted">
            Node.js
          </Text>
          <CopyButton value={SAMPLE} label={t('Copy code')} />
        </HStack>
        <Box
          as="pre"
          p="3"
          fontSize="xs"
          fontFamily="mono"
          lineHeight="1.6"
          m="0"
          overflowX="auto"
          // Scrolls sideways on a phone: reachable by keyboard too.
          tabIndex={0}
          role="region"
          aria-label={t('Signature check in Node.js')}
          focusRing="inside"
        >
          <code>{SAMPLE}</code>
        </Box>
      </Box>
    </Stack>
  );
}
