import { useQuery } from '@apollo/client/react';
import { Button, Heading, Stack } from '@chakra-ui/react';
import { LuArrowLeft } from 'react-icons/lu';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { LoadFailed } from '../../../components/LoadFailed';
import { Notice } from '../../../components/Notice';
import { PageHeading } from '../../../components/PageHeading';
import { PageSpinner } from '../../../components/PageSpinner';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { useT } from '../../../lib/i18n';
import { AddServerForm } from '../components/AddServerForm';
import { ServerCard } from '../components/ServerCard';
import { McpServersQuery } from '../graphql';

/** The most servers one person may connect (api/src/modules/tools/core/servers.ts MAX_SERVERS_PER_USER). */
const MAX_SERVERS = 10;

/** /settings/tools: MCP servers whose tools the assistants may call (schema/tools.graphql), drawn by AccountLayout. */
export default function ToolsPage() {
  const t = useT();
  usePageMeta({
    title: t('Tools (MCP)'),
    description: t('Connect MCP servers whose tools the assistants may call, with your approval.'),
  });
  const { data, loading, error, refetch } = useQuery(McpServersQuery, { fetchPolicy: 'cache-and-network' });
  const servers = data?.mcpServers;
  // How an OAuth sign-in went: the api's callback sends the person back here saying so.
  const [params] = useSearchParams();
  const signedIn = params.get('signedIn');
  const oauthError = params.get('oauthError');
  const full = (servers?.length ?? 0) >= MAX_SERVERS;

  return (
    <Stack gap="2">
      <Button asChild size="sm" variant="ghost" alignSelf="start">
        <RouterLink to="/settings">
          <LuArrowLeft aria-hidden="true" /> {t('Settings')}
        </RouterLink>
      </Button>
      <PageHeading
        title={t('Tools (MCP)')}
        description={t(
          'Connect MCP servers (Streamable HTTP). Assistants that can call tools are offered theirs; each call shows in the answer and waits for your approval unless you always allow that tool.',
        )}
      />
      {signedIn ? (
        <Notice status="success" title={t('Signed in to {server}.', { server: signedIn })} />
      ) : null}
      {oauthError ? (
        <Notice status="error" title={t('Signing in did not work.')} description={oauthError} />
      ) : null}
      <Stack gap="10">
        <Stack as="section" aria-labelledby="add-server-heading" gap="4">
          <Heading as="h2" id="add-server-heading" size="lg">
            {t('Connect a server')}
          </Heading>
          {full ? (
            <Notice
              status="info"
              title={t('You have {count} servers, the most there can be.', { count: MAX_SERVERS })}
              description={t('Remove one to connect another.')}
            />
          ) : (
            <AddServerForm />
          )}
        </Stack>
        <Stack as="section" aria-labelledby="servers-heading" gap="4">
          <Heading as="h2" id="servers-heading" size="lg">
            {t('Your servers')}
          </Heading>
          {error && !data ? (
            <LoadFailed title={t('Could not load your servers')} onRetry={() => void refetch()} />
          ) : !servers ? (
            loading ? (
              <PageSpinner label={t('Loading your servers...')} />
            ) : null
          ) : servers.length === 0 ? (
            <Notice
              status="info"
              title={t('No servers yet.')}
              description={t('Connect one above; its tools are then offered in your chats.')}
            />
          ) : (
            <Stack as="ul" gap="3" listStyleType="none">
              {servers.map((s) => (
                <ServerCard key={s.id} server={s} />
              ))}
            </Stack>
          )}
        </Stack>
      </Stack>
    </Stack>
  );
}
