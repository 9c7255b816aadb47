import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { ChatDocument } from './ChatDocument.ts';

export const versionSources = ['create', 'save', 'rewrite', 'restore'] as const;

/** One saved state of a document: every accepted change, so any can be looked at or restored. */
export const DocumentVersion = defineEntity({
  name: 'DocumentVersion',
  tableName: 'document_versions',
  properties: {
    document: () => p.manyToOne(ChatDocument).deleteRule('cascade').primary(),
    version: p.integer().primary(),
    title: p.string().length(200),
    content: p.text(),
    /** How it came to be: made, saved by hand, an accepted rewrite, or an older version restored. */
    source: p.enum(versionSources),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
});
export type DocumentVersion = InferEntity<typeof DocumentVersion>;
