import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Box, Button, Code, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/AppDialog';
import { LoadFailed } from '../../../components/LoadFailed';
import { LocalLongDate } from '../../../components/LocalFormat';
import { Notice } from '../../../components/Notice';
import { PageSpinner } from '../../../components/PageSpinner';
import { notifySuccess } from '../../../components/toaster';
import type { ApiTokenFieldsFragment } from '../../../graphql/__generated__/graphql';
import { notifyFailure } from '../../../lib/mutationToast';
import { ApiTokensQuery, RevokeApiTokenMutation } from '../graphql';
import { scopeLabel, statusBadge } from '../tokenRules';

type Token = ApiTokenFieldsFragment;

function TokenRow({ token, onRevoke }: { token: Token; onRevoke: (t: Token) => void }) {
  const badge = statusBadge(token.status);
  return (
    <Box as="li" borderWidth="1px" rounded="lg" p={{ base: '3', md: '4' }}>
      <Stack gap="2">
        <HStack gap="2" justify="space-between" align="flex-start">
          <Stack gap="1" minW="0">
            <HStack gap="2" flexWrap="wrap">
              <Text as="h3" fontWeight="semibold" wordBreak="break-word" dir="auto">
                {token.name}
              </Text>
              <Badge colorPalette={badge.palette} variant="subtle">
                {badge.label}
              </Badge>
            </HStack>
            <Code fontSize="xs" alignSelf="start" aria-label={`Starts with ${token.prefix}`}>
              {token.prefix}…
            </Code>
          </Stack>
          {token.revokedAt ? null : (
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              flexShrink={0}
              aria-label={`Revoke ${token.name}`}
              onClick={() => onRevoke(token)}
            >
              Revoke
            </Button>
          )}
        </HStack>
        <HStack gap="1.5" flexWrap="wrap" aria-label="Scopes">
          {token.scopes.map((s) => (
            <Badge key={s} variant="outline" size="sm">
              {scopeLabel(s)}
            </Badge>
          ))}
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          Created <LocalLongDate iso={token.createdAt} /> ·{' '}
          {token.revokedAt ? (
            <>
              revoked <LocalLongDate iso={token.revokedAt} />
            </>
          ) : token.expiresAt ? (
            <>
              {token.status === 'expired' ? 'expired' : 'expires'} <LocalLongDate iso={token.expiresAt} />
            </>
          ) : (
            'never expires'
          )}{' '}
          ·{' '}
          {token.lastUsedAt ? (
            <>
              last used <LocalLongDate iso={token.lastUsedAt} />
            </>
          ) : (
            'never used'
          )}
        </Text>
      </Stack>
    </Box>
  );
}

/** Your tokens, newest first, with Revoke (confirmed) on those still usable. */
export function TokenList() {
  const { data, loading, error, refetch } = useQuery(ApiTokensQuery, { fetchPolicy: 'cache-and-network' });
  const [revoke, { loading: revoking }] = useMutation(RevokeApiTokenMutation);
  const [asked, setAsked] = useState<Token | null>(null);

  const confirm = async () => {
    if (!asked) return;
    try {
      await revoke({ variables: { id: asked.id } });
      notifySuccess('Token revoked', `“${asked.name}” no longer works.`);
      setAsked(null);
    } catch (e) {
      notifyFailure('Could not revoke the token', e);
    }
  };

  if (error && !data) return <LoadFailed title="Could not load your tokens" onRetry={() => void refetch()} />;
  if (!data) return loading ? <PageSpinner label="Loading your tokens..." /> : null;
  return (
    <>
      {data.apiTokens.length === 0 ? (
        <Notice
          status="info"
          title="You have no API tokens yet."
          description="Create one above to let a script of yours use Chorus as you."
        />
      ) : (
        <Stack as="ul" gap="3" listStyleType="none">
          {data.apiTokens.map((t) => (
            <TokenRow key={t.id} token={t} onRevoke={setAsked} />
          ))}
        </Stack>
      )}
      {asked ? (
        <ConfirmDialog
          title="Revoke this token?"
          confirmLabel="Revoke"
          loading={revoking}
          onConfirm={confirm}
          onClose={() => setAsked(null)}
        >
          <Text>
            Scripts using “{asked.name}” ({asked.prefix}…) stop working at once. This can't be undone: you
            would create a new token instead.
          </Text>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
