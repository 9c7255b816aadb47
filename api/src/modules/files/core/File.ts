import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { CreatedEntity } from '../../../platform/baseEntity.ts';
import { ownedByUser } from '../../accounts/core/ownedByUser.ts';
import { FileFolder } from './FileFolder.ts';

/**
 * A file a user owns: an upload (My Files), an image attached to a chat message, an image an
 * assistant generated, a video or its thumbnail. Every one counts toward the user's storage.
 */
export const StoredFile = defineEntity({
  name: 'StoredFile',
  tableName: 'files',
  extends: CreatedEntity,
  properties: ownedByUser({
    name: p.string().length(255),
    contentType: p.string().length(100),
    size: p.bigint('number'),
    storageKey: p.text().unique(),
    purpose: p.enum([
      'upload',
      'chat_image',
      'generated_image',
      'video',
      'thumbnail',
      'video_frame',
    ] as const),
    /** The My Files folder it is in (core/folders.ts); deleting the folder leaves it in none. */
    folder: () => p.manyToOne(FileFolder).nullable().deleteRule('set null').index('files_folder_id_index'),
  }),
  indexes: [{ name: 'files_user_created_idx', properties: ['user', 'createdAt'] }],
});
export type StoredFile = InferEntity<typeof StoredFile>;
