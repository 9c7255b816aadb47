import { useMutation, useQuery, useSubscription } from '@apollo/client/react';
import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuChevronRight, LuWrench } from 'react-icons/lu';
import type { ToolCallFieldsFragment as ToolCall } from '../../../graphql/__generated__/graphql';
import { useT } from '../../../lib/i18n';
import { notifyFailure } from '../../../lib/mutationToast';
import {
  AnswerToolCallsSubscription,
  ApproveToolCallMutation,
  McpServersQuery,
  RefuseToolCallMutation,
} from '../graphql';
import { mergeCalls, prettyArguments, statusOf } from '../toolCallView';

/**
 * An answer's tool calls (Tools over MCP): each one's tool, arguments and result, collapsible, with
 * Approve / Always allow / Refuse while it waits for the asker. Followed live while the answer is
 * written (`live`); lazily loaded by the chat's MessageBubble only for answers that have or may get calls.
 */
export default function AnswerToolCalls({
  messageId,
  calls,
  live,
}: {
  messageId: string;
  calls: readonly ToolCall[];
  live: boolean;
}) {
  const t = useT();
  const [latest, setLatest] = useState<readonly ToolCall[]>(calls);
  // Followed only by someone with servers connected (read once, then from the cache): the
  // answers of everyone else make no calls, and need no subscription.
  const servers = useQuery(McpServersQuery, { skip: !live, fetchPolicy: 'cache-first' });
  useSubscription(AnswerToolCallsSubscription, {
    variables: { messageId },
    skip: !live || !servers.data?.mcpServers.length,
    fetchPolicy: 'no-cache',
    onData: ({ data }) => {
      if (data.data) setLatest((before) => mergeCalls(before, data.data!.answerToolCalls));
    },
  });
  const list = mergeCalls(calls, latest);
  if (list.length === 0) return null;
  return (
    <Stack as="ul" gap="2" listStyleType="none" mb="3" aria-label={t('Tool calls')}>
      {list.map((call) => (
        <ToolCallItem
          key={call.id}
          call={call}
          onChange={(c) => setLatest((before) => mergeCalls(before, [c]))}
        />
      ))}
    </Stack>
  );
}

function ToolCallItem({ call, onChange }: { call: ToolCall; onChange: (call: ToolCall) => void }) {
  const t = useT();
  const [approve, approving] = useMutation(ApproveToolCallMutation);
  const [refuse, refusing] = useMutation(RefuseToolCallMutation);
  const status = statusOf(call.status);
  const pending = call.status === 'pending';
  const decide = async (action: 'approve' | 'trust' | 'refuse') => {
    try {
      const result =
        action === 'refuse'
          ? (await refuse({ variables: { id: call.id } })).data?.refuseToolCall
          : (await approve({ variables: { id: call.id, trust: action === 'trust' } })).data?.approveToolCall;
      if (result) onChange(result);
    } catch (e) {
      notifyFailure(t('Error'), e, t('Could not decide the tool call'));
    }
  };

  return (
    <Box as="li" borderWidth="1px" rounded="md" px="3" py="2" bg="bg.subtle" data-testid="tool-call">
      <details open={pending}>
        <Box
          as="summary"
          cursor="pointer"
          fontSize="sm"
          css={{ listStyle: 'none', '&::-webkit-details-marker': { display: 'none' } }}
        >
          <HStack as="span" gap="2" flexWrap="wrap">
            <Box
              as="span"
              transition="transform 0.15s"
              css={{ 'details[open] > summary &': { transform: 'rotate(90deg)' } }}
            >
              <LuChevronRight aria-hidden="true" />
            </Box>
            <LuWrench aria-hidden="true" />
            <Text as="span" fontFamily="mono" wordBreak="break-all">
              {call.serverName} · {call.tool}
            </Text>
            <Badge colorPalette={status.palette} variant="subtle">
              {t(status.label)}
            </Badge>
          </HStack>
        </Box>
        <Stack gap="2" mt="2">
          <Text fontSize="xs" color="fg.muted">
            {t('Arguments')}
          </Text>
          <CodeBlock text={prettyArguments(call.arguments)} />
          {call.result ? (
            <>
              <Text fontSize="xs" color="fg.muted">
                {t('Result')}
              </Text>
              <CodeBlock text={call.result} />
            </>
          ) : null}
        </Stack>
      </details>
      {pending ? (
        <HStack gap="2" mt="2" flexWrap="wrap">
          <Button
            size="xs"
            colorPalette="purple"
            loading={approving.loading}
            onClick={() => void decide('approve')}
          >
            {t('Approve')}
          </Button>
          <Button
            size="xs"
            variant="outline"
            disabled={approving.loading}
            onClick={() => void decide('trust')}
          >
            {t('Always allow')}
          </Button>
          <Button size="xs" variant="ghost" loading={refusing.loading} onClick={() => void decide('refuse')}>
            {t('Refuse')}
          </Button>
        </HStack>
      ) : null}
    </Box>
  );
}

function CodeBlock({ text }: { text: string }) {
  return (
    <Box
      as="pre"
      fontSize="xs"
      fontFamily="mono"
      whiteSpace="pre-wrap"
      wordBreak="break-word"
      maxH="60"
      overflowY="auto"
      bg="bg.muted"
      rounded="sm"
      p="2"
      dir="auto"
    >
      {text}
    </Box>
  );
}
