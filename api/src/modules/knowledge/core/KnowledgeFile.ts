import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { ownedByUser } from '../../accounts/core/ownedByUser.ts';

export const knowledgeStatuses = ['pending', 'indexing', 'ready', 'failed'] as const;
export type KnowledgeStatus = (typeof knowledgeStatuses)[number];

/**
 * How far a file of My Files has been read into passages. Keyed by the file (its foreign key to
 * `files` cascades: the migration writes it, since files' entity is not this module's to name).
 */
export const KnowledgeFile = defineEntity({
  name: 'KnowledgeFile',
  tableName: 'knowledge_files',
  properties: ownedByUser({
    fileId: p.uuid().primary(),
    status: p.enum(knowledgeStatuses).default('pending'),
    /** Why a failed file could not be read, in words for its owner ("Scanned PDF with no text"). */
    error: p.text().nullable(),
    passages: p.integer().default(0),
    /** How far it has been read, 0-100, while `indexing` (core/indexing.ts); null otherwise. */
    progress: p.smallint().nullable(),
    /** The model its passages were embedded with; null when they were not (full-text only). */
    embeddingModel: p.string().length(100).nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p.datetime().defaultRaw('now()'),
  }),
});
export type KnowledgeFile = InferEntity<typeof KnowledgeFile>;
