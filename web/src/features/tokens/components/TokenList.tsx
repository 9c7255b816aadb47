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
import { msg, useT } from '../../../lib/i18n';
import { notifyFailure } from '../../../lib/mutationToast';
import { ApiTokensQuery, RevokeApiTokenMutation } from '../graphql';
import { scopeLabel, statusBadge } from '../tokenRules';
import { richText } from './richText';

type Token = ApiTokenFieldsFragment;

function TokenRow({ token, onRevoke }: { token: Token; onRevoke: (asked: Token) => void }) {
  const t = useT();
  const dated = (message: string, iso: string) => richText(t, message, { date: <LocalLongDate iso={iso} /> });
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
                {t(badge.label)}
              </Badge>
            </HStack>
            <Code
              fontSize="xs"
              alignSelf="start"
              aria-label={t('Starts with {prefix}', { prefix: token.prefix })}
            >
              {token.prefix}…
            </Code>
          </Stack>
          {token.revokedAt ? null : (
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              flexShrink={0}
              aria-label={t('Revoke {name}', { name: token.name })}
              onClick={() => onRevoke(token)}
            >
              {t('Revoke')}
            </Button>
          )}
        </HStack>
        <HStack gap="1.5" flexWrap="wrap" aria-label={t('Scopes')}>
          {token.scopes.map((s) => (
            <Badge key={s} variant="outline" size="sm">
              {t(scopeLabel(s))}
            </Badge>
          ))}
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {dated(msg('Created {date}'), token.createdAt)} ·{' '}
          {token.revokedAt
            ? dated(msg('revoked {date}'), token.revokedAt)
            : token.expiresAt
              ? token.status === 'expired'
                ? dated(msg('expired {date}'), token.expiresAt)
                : dated(msg('expires {date}'), token.expiresAt)
              : t('never expires')}{' '}
          · {token.lastUsedAt ? dated(msg('last used {date}'), token.lastUsedAt) : t('never used')}
        </Text>
      </Stack>
    </Box>
  );
}

/** Your tokens, newest first, with Revoke (confirmed) on those still usable. */
export function TokenList() {
  const t = useT();
  const { data, loading, error, refetch } = useQuery(ApiTokensQuery, { fetchPolicy: 'cache-and-network' });
  const [revoke, { loading: revoking }] = useMutation(RevokeApiTokenMutation);
  const [asked, setAsked] = useState<Token | null>(null);

  const confirm = async () => {
    if (!asked) return;
    try {
      await revoke({ variables: { id: asked.id } });
      notifySuccess(t('Token revoked'), t('“{name}” no longer works.', { name: asked.name }));
      setAsked(null);
    } catch (e) {
      notifyFailure(t('Could not revoke the token'), e);
    }
  };

  if (error && !data)
    return <LoadFailed title={t('Could not load your tokens')} onRetry={() => void refetch()} />;
  if (!data) return loading ? <PageSpinner label={t('Loading your tokens...')} /> : null;
  return (
    <>
      {data.apiTokens.length === 0 ? (
        <Notice
          status="info"
          title={t('You have no API tokens yet.')}
          description={t('Create one above to let a script of yours use Chorus as you.')}
        />
      ) : (
        <Stack as="ul" gap="3" listStyleType="none">
          {data.apiTokens.map((token) => (
            <TokenRow key={token.id} token={token} onRevoke={setAsked} />
          ))}
        </Stack>
      )}
      {asked ? (
        <ConfirmDialog
          title={t('Revoke this token?')}
          confirmLabel={t('Revoke')}
          loading={revoking}
          onConfirm={confirm}
          onClose={() => setAsked(null)}
        >
          <Text>
            {t(
              "Scripts using “{name}” ({prefix}…) stop working at once. This can't be undone: you would create a new token instead.",
              { name: asked.name, prefix: asked.prefix },
            )}
          </Text>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
