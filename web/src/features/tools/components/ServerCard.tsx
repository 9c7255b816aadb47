import { useLazyQuery, useMutation } from '@apollo/client/react';
import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuLogIn, LuTrash2, LuWrench } from 'react-icons/lu';
import { AppDialog } from '../../../components/AppDialog';
import { LocalLongDate } from '../../../components/LocalFormat';
import { notifySuccess } from '../../../components/toaster';
import type { McpServerFieldsFragment as Server } from '../../../graphql/__generated__/graphql';
import { msg, useT } from '../../../lib/i18n';
import { failureMessage, notifyFailure } from '../../../lib/mutationToast';
import { richText } from '../../tokens/components/richText';
import {
  AuthorizeMcpServerMutation,
  DeleteMcpServerMutation,
  McpServersQuery,
  McpServerToolsQuery,
  UpdateMcpServerMutation,
} from '../graphql';

/** One server: its URL, its tools (asked of it live) with "Always allow" per tool, and Remove (confirmed). */
export function ServerCard({ server }: { server: Server }) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const [loadTools, tools] = useLazyQuery(McpServerToolsQuery, { fetchPolicy: 'network-only' });
  const [update, updating] = useMutation(UpdateMcpServerMutation);
  const [authorize, authorizing] = useMutation(AuthorizeMcpServerMutation);
  // A server that asks for OAuth: off to its sign-in page, which sends the person back to
  // /api/mcp/oauth/callback and then here (ToolsPage reads how it went).
  const signIn = async () => {
    try {
      const { data } = await authorize({ variables: { id: server.id } });
      const url = data?.authorizeMcpServer.authorizationUrl;
      if (url) window.location.assign(url);
      else notifySuccess(t('Signed in'), server.name);
    } catch (e) {
      notifyFailure(t('Error'), e, t('Could not start signing in'));
    }
  };
  const [remove, removing] = useMutation(DeleteMcpServerMutation, {
    refetchQueries: [McpServersQuery],
    awaitRefetchQueries: true,
  });

  const setTrusted = async (tool: string, trusted: boolean) => {
    const list = trusted
      ? [...new Set([...server.trustedTools, tool])]
      : server.trustedTools.filter((name) => name !== tool);
    try {
      await update({ variables: { id: server.id, input: { trustedTools: list } } });
    } catch (e) {
      notifyFailure(t('Error'), e, t('Could not change the tool'));
    }
  };
  const confirmDelete = async () => {
    try {
      await remove({ variables: { id: server.id } });
      notifySuccess(t('Server removed'), server.name);
    } catch (e) {
      notifyFailure(t('Error'), e, t('Could not remove the server'));
    } finally {
      setConfirming(false);
    }
  };
  // Trusted tools the server did not list (or before they are listed) can still be untrusted.
  const listed = tools.data?.mcpServerTools ?? [];
  const names = [
    ...listed.map((tool) => tool.name),
    ...server.trustedTools.filter((name) => !listed.some((l) => l.name === name)),
  ];
  const toolsId = `tools-${server.id}`;

  return (
    <Box as="li" borderWidth="1px" rounded="lg" p={{ base: '3', md: '4' }} data-testid="mcp-server">
      <Stack gap="3">
        <Stack gap="1" minW="0">
          <Text as="h3" fontWeight="semibold">
            {server.name}
          </Text>
          <Text fontFamily="mono" fontSize="sm" wordBreak="break-all">
            {server.url}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {richText(
              t,
              server.tokenHint
                ? msg('Added {date} · token {hint}')
                : server.oauthSignedIn
                  ? msg('Added {date} · signed in with OAuth')
                  : msg('Added {date} · no token'),
              { date: <LocalLongDate iso={server.createdAt} />, hint: server.tokenHint },
            )}
          </Text>
        </Stack>
        <HStack gap="2" flexWrap="wrap">
          <Button
            size="sm"
            variant="outline"
            loading={tools.loading}
            aria-controls={toolsId}
            onClick={() => void loadTools({ variables: { id: server.id } })}
          >
            <LuWrench aria-hidden="true" /> {tools.called ? t('Refresh tools') : t('Show tools')}
          </Button>
          {server.tokenHint ? null : (
            <Button size="sm" variant="ghost" loading={authorizing.loading} onClick={() => void signIn()}>
              <LuLogIn aria-hidden="true" />{' '}
              {server.oauthSignedIn ? t('Sign in again') : t('Sign in (OAuth)')}
            </Button>
          )}
          <Button
            size="sm"
            variant="ghost"
            colorPalette="red"
            ms={{ sm: 'auto' }}
            aria-label={t('Remove {name}', { name: server.name })}
            onClick={() => setConfirming(true)}
          >
            <LuTrash2 aria-hidden="true" /> {t('Remove')}
          </Button>
        </HStack>
        <Stack id={toolsId} gap="2">
          {tools.error ? (
            <Text color="fg.error" fontSize="sm" role="alert">
              {failureMessage(tools.error, t('Could not reach the server'))}
            </Text>
          ) : null}
          {tools.called && !tools.loading && !tools.error && listed.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              {t('This server offers no tools.')}
            </Text>
          ) : null}
          {names.length > 0 ? (
            <Stack as="ul" gap="2" listStyleType="none">
              {names.map((name) => {
                const tool = listed.find((listedTool) => listedTool.name === name);
                const trusted = server.trustedTools.includes(name);
                return (
                  <HStack
                    as="li"
                    key={name}
                    gap="3"
                    alignItems="flex-start"
                    justify="space-between"
                    flexWrap="wrap"
                  >
                    <Stack gap="0.5" minW="0" flex="1">
                      <HStack gap="2">
                        <Text fontFamily="mono" fontSize="sm" wordBreak="break-all">
                          {name}
                        </Text>
                        {trusted ? (
                          <Badge colorPalette="green" variant="subtle">
                            {t('Always allowed')}
                          </Badge>
                        ) : null}
                      </HStack>
                      {tool?.description ? (
                        <Text fontSize="xs" color="fg.muted" dir="auto">
                          {tool.description}
                        </Text>
                      ) : null}
                    </Stack>
                    <Button
                      size="xs"
                      variant="outline"
                      loading={updating.loading}
                      onClick={() => void setTrusted(name, !trusted)}
                    >
                      {trusted ? t('Ask first') : t('Always allow')}
                    </Button>
                  </HStack>
                );
              })}
            </Stack>
          ) : null}
        </Stack>
      </Stack>
      <AppDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        role="alertdialog"
        closeButton={false}
        title={t('Remove this server?')}
        footer={
          <HStack gap="2">
            <Button variant="outline" onClick={() => setConfirming(false)}>
              {t('Cancel')}
            </Button>
            <Button colorPalette="red" loading={removing.loading} onClick={() => void confirmDelete()}>
              {t('Remove')}
            </Button>
          </HStack>
        }
      >
        <Text wordBreak="break-all">
          {t('Its tools are no longer offered to the assistants ({url}).', { url: server.url })}
        </Text>
      </AppDialog>
    </Box>
  );
}
