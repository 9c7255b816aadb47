import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Field, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { LuLink, LuSend, LuTrash2 } from 'react-icons/lu';
import { AppDialog, DialogDismiss } from '../../../components/AppDialog';
import { CopyButton } from '../../../components/conversation/CopyButton';
import { SelectField } from '../../../components/forms/SelectField';
import { notifyError, notifySuccess } from '../../../components/toaster';
import { readApiFailure } from '../../../graphql/errors';
import { t as translate, useT } from '../../../lib/i18n';
import {
  ChatSharesQuery,
  CreateChatShareMutation,
  RevokeChatShareMutation,
  SendChatShareMutation,
  ShareFriendsQuery,
} from '../graphql';
import { LinkMadeLine } from './ShareDateLines';

const failureText = (error: unknown) => {
  const failure = readApiFailure(error);
  return failure.kind === 'rejected' ? failure.message : translate('Please try again.');
};

/** Send a link to a friend as a direct message (friends only). */
function SendToFriend({ token }: { token: string }) {
  const t = useT();
  const { data } = useQuery(ShareFriendsQuery, { fetchPolicy: 'cache-and-network' });
  const [friendId, setFriendId] = useState('');
  const [send, { loading }] = useMutation(SendChatShareMutation);
  const friends = data?.friends ?? [];
  if (friends.length === 0) {
    return (
      <Text fontSize="sm" color="fg.muted">
        {t('Add friends to send them links as messages.')}
      </Text>
    );
  }
  const submit = async () => {
    if (!friendId) return;
    try {
      await send({ variables: { token, friendId } });
      const friend = friends.find((f) => f.id === friendId);
      notifySuccess(
        translate('Sent'),
        translate('The link is in your messages with {name}.', {
          name: friend?.displayName || friend?.username,
        }),
      );
      setFriendId('');
    } catch (error) {
      notifyError(translate('Could not send the link'), failureText(error));
    }
  };
  return (
    <HStack gap="2" align="flex-end">
      <SelectField
        size="sm"
        flex="1"
        minW="0"
        aria-label={t('Send this link to a friend')}
        value={friendId}
        emptyOption={t('Send to a friend…')}
        options={friends.map((f) => ({
          value: f.id,
          label: `${f.displayName || f.username} (@${f.username})`,
        }))}
        onValueChange={setFriendId}
      />
      <Button
        size="sm"
        variant="outline"
        disabled={!friendId}
        loading={loading}
        onClick={() => void submit()}
      >
        <LuSend aria-hidden="true" /> {t('Send')}
      </Button>
    </HStack>
  );
}

/**
 * The chat header's Share dialog (opened by ShareChatButton.tsx, which loads it on first use): make a
 * read-only link to the chat as it is now, copy it, send it to a friend, and see and revoke the links
 * made before.
 */
export default function ShareChatDialog({
  chatId,
  open,
  onClose,
}: {
  chatId: string;
  open: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const copyLabel = t('Copy link');
  const { data, loading } = useQuery(ChatSharesQuery, {
    variables: { chatId },
    skip: !open,
    fetchPolicy: 'cache-and-network',
  });
  const refetch = { refetchQueries: [ChatSharesQuery], awaitRefetchQueries: true };
  const [create, creating] = useMutation(CreateChatShareMutation, refetch);
  const [revoke] = useMutation(RevokeChatShareMutation, refetch);
  const [revoking, setRevoking] = useState<string | null>(null);
  const shares = data?.chatShares ?? [];

  // The pressed button is disabled while it works (Create) or gone (Revoke): keyboard focus moves to
  // the new link's Copy button, or back to Create link, instead of falling to the page.
  const list = useRef<HTMLDivElement>(null);
  const createButton = useRef<HTMLButtonElement>(null);
  const [focusToken, setFocusToken] = useState<string | null>(null);
  useEffect(() => {
    if (!focusToken) return;
    const item = list.current?.querySelector(`[data-token="${CSS.escape(focusToken)}"]`);
    const copy = item?.querySelector<HTMLButtonElement>(`button[aria-label="${CSS.escape(copyLabel)}"]`);
    if (!copy) return;
    setFocusToken(null);
    copy.focus();
  });

  const onCreate = async () => {
    try {
      const result = await create({ variables: { chatId } });
      setFocusToken(result.data?.createChatShare.token ?? null);
      notifySuccess(
        translate('Link created'),
        translate('Anyone with the link can read the chat as it is now.'),
      );
    } catch (error) {
      notifyError(translate('Could not create a link'), failureText(error));
    }
  };
  const onRevoke = async (token: string) => {
    setRevoking(token);
    try {
      await revoke({ variables: { token } });
      createButton.current?.focus();
      notifySuccess(translate('Link revoked'), translate('It no longer opens the chat.'));
    } catch (error) {
      notifyError(translate('Could not revoke the link'), failureText(error));
    } finally {
      setRevoking(null);
    }
  };

  return (
    <AppDialog
      open={open}
      onClose={onClose}
      scrollBehavior="inside"
      title={t('Share this chat')}
      footer={<DialogDismiss>{t('Done')}</DialogDismiss>}
    >
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          {t(
            "A link shows the chat as it is now, read-only, to anyone who has it (no sign-in needed). Messages you send later don't appear in it. Revoke it any time.",
          )}
        </Text>
        <Button
          ref={createButton}
          alignSelf="flex-start"
          loading={creating.loading}
          onClick={() => void onCreate()}
        >
          <LuLink aria-hidden="true" /> {t('Create link')}
        </Button>
        {loading && !data ? (
          <Text fontSize="sm" color="fg.muted">
            {t('Loading links...')}
          </Text>
        ) : null}
        {data && shares.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            {t('No links yet.')}
          </Text>
        ) : null}
        {shares.length > 0 ? (
          <Stack ref={list} as="ul" gap="3" listStyleType="none" aria-label={t('Links to this chat')}>
            {shares.map((share) => (
              <Stack
                as="li"
                key={share.token}
                data-token={share.token}
                gap="2"
                p="3"
                borderWidth="1px"
                rounded="md"
              >
                <Field.Root>
                  <Field.Label fontSize="xs" color="fg.muted">
                    <LinkMadeLine iso={share.createdAt} messageCount={share.messageCount} />
                  </Field.Label>
                  <HStack gap="1" w="full">
                    <Input size="sm" readOnly value={share.url} onFocus={(e) => e.target.select()} />
                    <CopyButton value={share.url} label={copyLabel} size="sm" variant="outline" />
                    <IconButton
                      aria-label={t('Revoke link')}
                      size="sm"
                      variant="outline"
                      colorPalette="red"
                      loading={revoking === share.token}
                      onClick={() => void onRevoke(share.token)}
                    >
                      <LuTrash2 />
                    </IconButton>
                  </HStack>
                </Field.Root>
                <SendToFriend token={share.token} />
              </Stack>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </AppDialog>
  );
}
