import { useMutation } from '@apollo/client/react';
import { Button, Flex, HStack, IconButton, Menu, Portal, Skeleton, Text } from '@chakra-ui/react';
import {
  LuCheck,
  LuEllipsis,
  LuFiles,
  LuFolder,
  LuFolderInput,
  LuFolderPlus,
  LuInbox,
  LuPencil,
  LuTrash2,
} from 'react-icons/lu';
import { ConfirmDialog } from '../../../components/AppDialog';
import type { FileFolderFieldsFragment } from '../../../graphql/__generated__/graphql';
import { useT } from '../../../lib/i18n';
import { runWithToast } from '../../../lib/mutationToast';
import { NameDialog } from '../../chat/components/NameDialog';
import {
  CreateFileFolderMutation,
  DeleteFileFolderMutation,
  FileFoldersQuery,
  MoveFileToFolderMutation,
  MyFilesQuery,
  RenameFileFolderMutation,
} from '../graphql';

/** The api's limit on a folder's name (api/src/modules/files/core/folders.ts). */
export const FILE_FOLDER_NAME_MAX = 60;

export type FileFolder = FileFolderFieldsFragment;

/**
 * My Files' folder bar: "All files", each folder with how many files it holds, and "New folder".
 * Each is a toggle button (aria-pressed), so Tab and Enter/Space choose one; the chosen folder's
 * rename and delete are in its menu beside it.
 */
export function FolderBar({
  folders,
  loading,
  failed,
  selected,
  onSelect,
  onNew,
  onRename,
  onDelete,
  onRetry,
}: {
  folders: readonly FileFolder[];
  loading: boolean;
  failed: boolean;
  selected: string | null;
  onSelect: (folderId: string | null) => void;
  onNew: () => void;
  onRename: (folder: FileFolder) => void;
  onDelete: (folder: FileFolder) => void;
  onRetry: () => void;
}) {
  const t = useT();
  const current = folders.find((f) => f.id === selected) ?? null;
  return (
    <HStack gap="2" align="flex-start" justify="space-between">
      <Flex wrap="wrap" gap="2" role="group" aria-label={t('Folders')} maxH="40" overflowY="auto" p="0.5">
        <Button
          size="sm"
          variant={selected === null ? 'solid' : 'outline'}
          aria-pressed={selected === null}
          onClick={() => onSelect(null)}
        >
          <LuFiles aria-hidden="true" /> {t('All files')}
        </Button>
        {folders.map((folder) => (
          <Button
            key={folder.id}
            size="sm"
            variant={folder.id === selected ? 'solid' : 'outline'}
            aria-pressed={folder.id === selected}
            onClick={() => onSelect(folder.id)}
            maxW="64"
          >
            <LuFolder aria-hidden="true" />
            <FolderLabel folder={folder} muted={folder.id !== selected} />
          </Button>
        ))}
        {loading && folders.length === 0 ? <Skeleton height="8" width="28" rounded="l2" /> : null}
        {failed && folders.length === 0 ? (
          <Button size="sm" variant="ghost" onClick={onRetry}>
            {t('Folders failed to load: retry')}
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" onClick={onNew}>
          <LuFolderPlus aria-hidden="true" /> {t('New folder')}
        </Button>
      </Flex>
      {current ? <FolderMenu folder={current} onRename={onRename} onDelete={onDelete} /> : null}
    </HStack>
  );
}

/** A folder's name and file count ("Work 3"; read out as "Work 3 files"). */
export function FolderLabel({ folder, muted }: { folder: FileFolder; muted: boolean }) {
  const t = useT();
  return (
    <>
      <Text as="span" truncate>
        {folder.name}
      </Text>{' '}
      <Text as="span" color={muted ? 'fg.muted' : undefined} fontSize="xs">
        <span aria-hidden="true">{folder.fileCount}</span>
        <Text as="span" srOnly>
          {t('{count, plural, one {# file} other {# files}}', { count: folder.fileCount })}
        </Text>
      </Text>
    </>
  );
}

function FolderMenu({
  folder,
  onRename,
  onDelete,
}: {
  folder: FileFolder;
  onRename: (folder: FileFolder) => void;
  onDelete: (folder: FileFolder) => void;
}) {
  const t = useT();
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton
          aria-label={t('Options for folder {name}', { name: folder.name })}
          variant="ghost"
          size="sm"
        >
          <LuEllipsis />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="40">
            <Menu.Item value="rename" onSelect={() => onRename(folder)}>
              <LuPencil aria-hidden="true" /> {t('Rename folder')}
            </Menu.Item>
            <Menu.Item value="delete" color="fg.error" onSelect={() => onDelete(folder)}>
              <LuTrash2 aria-hidden="true" /> {t('Delete folder')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/** New folder (folder = null; `onCreated` gets it, so the page can show it) or rename one. */
export function FileFolderNameDialog({
  folder,
  onCreated,
  onClose,
}: {
  folder: FileFolder | null;
  onCreated: (folder: FileFolder) => void;
  onClose: () => void;
}) {
  const t = useT();
  const [create, created] = useMutation(CreateFileFolderMutation, { refetchQueries: [FileFoldersQuery] });
  const [rename, renamed] = useMutation(RenameFileFolderMutation, { refetchQueries: [FileFoldersQuery] });
  return (
    <NameDialog
      title={folder ? t('Rename folder') : t('New folder')}
      label={t('Folder name')}
      initial={folder?.name}
      maxLength={FILE_FOLDER_NAME_MAX}
      submitLabel={folder ? t('Save') : t('Create')}
      busy={created.loading || renamed.loading}
      save={(name) =>
        folder
          ? runWithToast(() => rename({ variables: { id: folder.id, name } }), {
              failure: { title: t('Could not rename folder') },
            })
          : runWithToast(
              async () => {
                const made = (await create({ variables: { name } })).data?.createFileFolder;
                if (made) onCreated(made);
              },
              { failure: { title: t('Could not create folder') } },
            )
      }
      onClose={onClose}
    />
  );
}

/** Deleting a folder asks first; its files stay in My Files, in no folder. */
export function DeleteFileFolderDialog({
  folder,
  onDeleted,
  onClose,
}: {
  folder: FileFolder;
  onDeleted: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const [remove, { loading }] = useMutation(DeleteFileFolderMutation, {
    refetchQueries: [FileFoldersQuery, MyFilesQuery],
  });
  const onConfirm = async () => {
    const done = await runWithToast(() => remove({ variables: { id: folder.id } }), {
      success: { title: t('Folder deleted'), description: t('Its files are still in My Files.') },
      failure: { title: t('Could not delete folder') },
    });
    if (done) {
      onDeleted();
      onClose();
    }
  };
  return (
    <ConfirmDialog
      title={t('Delete this folder?')}
      confirmLabel={t('Delete folder')}
      loading={loading}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <Text wordBreak="break-word">
        {t('"{name}" will be deleted. Its files are kept in My Files, in no folder.', { name: folder.name })}
      </Text>
    </ConfirmDialog>
  );
}

/**
 * A file row's "Move to folder" menu: "No folder" and each folder, the current one checked. The list
 * and the folders' counts are asked for again once it moved.
 */
export function MoveFileMenu({
  file,
  folders,
}: {
  file: { id: string; name: string; folderId?: string | null };
  folders: readonly FileFolder[];
}) {
  const t = useT();
  const [move] = useMutation(MoveFileToFolderMutation, { refetchQueries: [FileFoldersQuery, MyFilesQuery] });
  const current = file.folderId ?? null;
  const choose = (folderId: string | null) => {
    if (folderId === current) return;
    const where = folders.find((f) => f.id === folderId)?.name ?? t('folder');
    void runWithToast(() => move({ variables: { fileId: file.id, folderId } }), {
      success: {
        title: folderId === null ? t('Taken out of its folder') : t('Moved to {folder}', { folder: where }),
        description: file.name,
      },
      failure: { title: t('Could not move file') },
    });
  };
  const options = [{ id: null as string | null, name: t('No folder') }, ...folders];
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton variant="ghost" size="sm" aria-label={t('Move {name} to a folder', { name: file.name })}>
          <LuFolderInput />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="48" maxW="72" maxH="72" overflowY="auto">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>{t('Move to')}</Menu.ItemGroupLabel>
              {options.map((option) => {
                const here = option.id === current;
                return (
                  <Menu.Item
                    key={option.id ?? 'none'}
                    value={option.id ?? 'none'}
                    onSelect={() => choose(option.id)}
                    aria-current={here ? 'true' : undefined}
                  >
                    {option.id ? <LuFolder aria-hidden="true" /> : <LuInbox aria-hidden="true" />}
                    <Text as="span" flex="1" truncate>
                      {option.name}
                    </Text>
                    {here ? <LuCheck aria-label={t('(current)')} /> : null}
                  </Menu.Item>
                );
              })}
            </Menu.ItemGroup>
            {folders.length === 0 ? (
              <Text px="2" py="1.5" fontSize="xs" color="fg.muted" maxW="60">
                {t('No folders yet: make one with "New folder".')}
              </Text>
            ) : null}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
