import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { CreatedEntity } from '../../../platform/baseEntity.ts';

/**
 * A comment on a community video (core/comments.ts), or a reply to one (`parentId`: one level only).
 * Table post_comments (Migration20261129180000_comments): a reply goes with its comment, every comment
 * with its post and its author's account (foreign keys on delete cascade).
 */
export const Comment = defineEntity({
  name: 'Comment',
  tableName: 'post_comments',
  extends: CreatedEntity,
  properties: {
    postId: p.uuid(),
    userId: p.uuid().index('post_comments_user_index'),
    parentId: p.uuid().nullable(),
    body: p.text(),
    /** When its author last changed the text (null: never edited). */
    editedAt: p.datetime().nullable(),
  },
});
export type Comment = InferEntity<typeof Comment>;
