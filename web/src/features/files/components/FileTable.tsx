import { HStack, IconButton, Stack, Table, Text } from '@chakra-ui/react';
import { LuClapperboard, LuDownload, LuTrash2 } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { notifySuccess } from '../../../components/toaster';
import type { MyFilesQuery } from '../../../graphql/__generated__/graphql';
import { useLanguage, useT } from '../../../lib/i18n';
import { type FileFolder, MoveFileMenu } from './FileFolders';
import { fileTypeLabel, formatBytes, formatDate } from './fileFormat';
import { KnowledgeStatus } from './KnowledgeStatus';

type FileRow = MyFilesQuery['filePage']['files'][number];

/** Pictures a video can start from (the api's image-to-video types). */
const VIDEO_PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/**
 * Spec §2 My Files table: name, type, size and upload date, with download and delete, and under each
 * name whether the assistants can read the file yet. Below the
 * md breakpoint type, size and date move under the name so 375 px needs no horizontal scroll.
 */
export function FileTable({
  files,
  folders,
  onDelete,
  onChanged,
}: {
  files: readonly FileRow[];
  /** The user's folders, for each row's "Move to folder" menu. */
  folders: readonly FileFolder[];
  onDelete: (file: FileRow) => void;
  /** A file is being read again: the list is asked for anew. */
  onChanged: () => void;
}) {
  const t = useT();
  const language = useLanguage();
  return (
    <Table.Root size="sm" interactive aria-label={t('Your files')} tableLayout="fixed" width="full">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t('Name')}</Table.ColumnHeader>
          <Table.ColumnHeader hideBelow="md" width="36">
            {t('Type')}
          </Table.ColumnHeader>
          <Table.ColumnHeader hideBelow="md" width="24" textAlign="end">
            {t('Size')}
          </Table.ColumnHeader>
          <Table.ColumnHeader hideBelow="md" width="44">
            {t('Uploaded')}
          </Table.ColumnHeader>
          <Table.ColumnHeader width={{ base: '32', md: '36' }} textAlign="end">
            <Text srOnly>{t('Actions')}</Text>
          </Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {files.map((file) => (
          <Table.Row key={file.id}>
            <Table.Cell>
              <Stack gap="0.5">
                <Text fontWeight="medium" wordBreak="break-word">
                  {file.name}
                </Text>
                <Text hideFrom="md" color="fg.muted" fontSize="xs">
                  {fileTypeLabel(file.contentType, t)} · {formatBytes(file.size)} ·{' '}
                  {formatDate(file.uploadedAt, language)}
                </Text>
                {/* Whether the assistants can read it yet (api/src/modules/knowledge). */}
                <KnowledgeStatus file={file} onChanged={onChanged} />
              </Stack>
            </Table.Cell>
            <Table.Cell hideBelow="md">{fileTypeLabel(file.contentType, t)}</Table.Cell>
            <Table.Cell hideBelow="md" textAlign="end">
              {formatBytes(file.size)}
            </Table.Cell>
            <Table.Cell hideBelow="md">{formatDate(file.uploadedAt, language)}</Table.Cell>
            <Table.Cell textAlign="end">
              <HStack gap="0.5" justify="flex-end" wrap="wrap">
                <IconButton
                  asChild
                  variant="ghost"
                  size="sm"
                  aria-label={t('Download {name}', { name: file.name })}
                >
                  <a
                    href={file.downloadUrl}
                    download={file.name}
                    onClick={() => notifySuccess(t('Downloading'), file.name)}
                  >
                    <LuDownload />
                  </a>
                </IconButton>
                {VIDEO_PICTURE_TYPES.includes(file.contentType) ? (
                  // Image-to-video: the chat's video dialog opens starting from this picture.
                  <IconButton
                    asChild
                    variant="ghost"
                    size="sm"
                    aria-label={t('Make a video from {name}', { name: file.name })}
                  >
                    <RouterLink to={`/chat?videoFrom=${encodeURIComponent(file.id)}`}>
                      <LuClapperboard />
                    </RouterLink>
                  </IconButton>
                ) : null}
                <MoveFileMenu file={file} folders={folders} />
                <IconButton
                  variant="ghost"
                  size="sm"
                  colorPalette="red"
                  aria-label={t('Delete {title}', { title: file.name })}
                  onClick={() => onDelete(file)}
                >
                  <LuTrash2 />
                </IconButton>
              </HStack>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
