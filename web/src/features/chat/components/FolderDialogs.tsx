import { useMutation } from '@apollo/client/react';
import { Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuCheck, LuFolder, LuInbox } from 'react-icons/lu';
import { AppDialog, ConfirmDialog, DialogDismiss } from '../../../components/AppDialog';
import type { ChatFieldsFragment, ChatFolderFieldsFragment } from '../../../graphql/__generated__/graphql';
import { msg, useT } from '../../../lib/i18n';
import { runWithToast } from '../../../lib/mutationToast';
import {
  ChatFoldersQuery,
  ChatsQuery,
  CreateChatFolderMutation,
  DeleteChatFolderMutation,
  MoveChatToFolderMutation,
  RenameChatFolderMutation,
} from '../graphql';
import { NameDialog } from './NameDialog';

export const FOLDER_NAME_MAX = 60;

/** Puts a chat in a folder (or none); the sidebar's drag and drop and its "Move to folder…" dialog. */
export function useMoveChat() {
  const [move] = useMutation(MoveChatToFolderMutation);
  const t = useT();
  return (chatId: string, folderId: string | null) =>
    runWithToast(() => move({ variables: { chatId, folderId } }), {
      failure: { title: t('Could not move chat') },
    });
}

/** New folder (folder = null) or rename one. */
export function FolderNameDialog({
  folder,
  onClose,
}: {
  folder: ChatFolderFieldsFragment | null;
  onClose: () => void;
}) {
  const [create, created] = useMutation(CreateChatFolderMutation, { refetchQueries: [ChatFoldersQuery] });
  const [rename, renamed] = useMutation(RenameChatFolderMutation);
  const t = useT();
  return (
    <NameDialog
      title={folder ? t('Rename folder') : t('New folder')}
      label={t('Folder name')}
      initial={folder?.name}
      maxLength={FOLDER_NAME_MAX}
      submitLabel={folder ? msg('Save') : msg('Create')}
      busy={created.loading || renamed.loading}
      save={(name) =>
        folder
          ? runWithToast(() => rename({ variables: { id: folder.id, name } }), {
              failure: { title: t('Could not rename folder') },
            })
          : runWithToast(() => create({ variables: { name } }), {
              failure: { title: t('Could not create folder') },
            })
      }
      onClose={onClose}
    />
  );
}

export function DeleteFolderDialog({
  folder,
  onClose,
}: {
  folder: ChatFolderFieldsFragment;
  onClose: () => void;
}) {
  const [remove, { loading }] = useMutation(DeleteChatFolderMutation, {
    refetchQueries: [ChatFoldersQuery, ChatsQuery],
  });
  const t = useT();
  const onConfirm = async () => {
    const done = await runWithToast(() => remove({ variables: { id: folder.id } }), {
      success: { title: t('Folder deleted'), description: t('Its chats are back in your chat list.') },
      failure: { title: t('Could not delete folder') },
    });
    if (done) onClose();
  };
  return (
    <ConfirmDialog
      title={t('Delete this folder?')}
      confirmLabel={t('Delete folder')}
      loading={loading}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <Text>
        {t('"{name}" will be deleted. Its chats are kept and go back to your chat list.', {
          name: folder.name,
        })}
      </Text>
    </ConfirmDialog>
  );
}

/** The keyboard way to file a chat: one button per folder, and "No folder". */
export function MoveChatDialog({
  chat,
  folders,
  onClose,
}: {
  chat: ChatFieldsFragment;
  folders: readonly ChatFolderFieldsFragment[];
  onClose: () => void;
}) {
  const move = useMoveChat();
  const t = useT();
  const [busy, setBusy] = useState(false);
  const choose = async (folderId: string | null) => {
    setBusy(true);
    const done = await move(chat.id, folderId);
    setBusy(false);
    if (done) onClose();
  };
  const options = [
    { id: null, name: t('No folder') },
    ...folders.map((f) => ({ id: f.id as string | null, name: f.name })),
  ];
  return (
    <AppDialog
      onClose={onClose}
      title={t('Move "{title}" to…', { title: chat.title })}
      footer={<DialogDismiss />}
    >
      {folders.length === 0 ? (
        <Text color="fg.muted" fontSize="sm" mb="2">
          {t('You have no folders yet: make one with the folder button next to "My Chats".')}
        </Text>
      ) : null}
      <Stack gap="1" role="group" aria-label={t('Folders')}>
        {options.map((option) => {
          const current = (chat.folderId ?? null) === option.id;
          return (
            <Button
              key={option.id ?? 'none'}
              variant={current ? 'subtle' : 'ghost'}
              justifyContent="flex-start"
              disabled={busy}
              aria-current={current ? 'true' : undefined}
              onClick={() => choose(option.id)}
            >
              {option.id ? <LuFolder aria-hidden="true" /> : <LuInbox aria-hidden="true" />}
              {option.name}
              {current ? <LuCheck aria-label={t('(current)')} /> : null}
            </Button>
          );
        })}
      </Stack>
    </AppDialog>
  );
}
