import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { TimestampedEntity } from '../../../platform/baseEntity.ts';
import { ownedByUser } from '../../accounts/core/ownedByUser.ts';

/**
 * A folder of one user's My Files. Deleting it keeps its files: `files.folder_id` is set null by the
 * database. Listed by name (core/folders.ts).
 */
export const FileFolder = defineEntity({
  name: 'FileFolder',
  tableName: 'file_folders',
  extends: TimestampedEntity,
  properties: ownedByUser(
    {
      /** 1..60 characters, trimmed. */
      name: p.string().length(60),
    },
    { indexed: true },
  ),
});
export type FileFolder = InferEntity<typeof FileFolder>;
