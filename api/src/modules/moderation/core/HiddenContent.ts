import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { CreatedEntity } from '../../../platform/baseEntity.ts';
import { reportTargetTypes } from './Report.ts';

/**
 * Content out of everyone's view but its owner's until staff review it: hidden by a moderator or by
 * the auto-hide threshold (REPORTS_AUTO_HIDE_AT). A hidden post is also made private (was_public
 * keeps the owner's choice for a restore), so every public list, page and sitemap drops it at once.
 */
export const HiddenContent = defineEntity({
  name: 'HiddenContent',
  tableName: 'hidden_content',
  extends: CreatedEntity,
  properties: {
    targetType: p.enum(reportTargetTypes),
    targetId: p.uuid(),
    /** What its owner is told ("Hidden by moderators: …"). */
    reason: p.text(),
    /** Hidden by the threshold, not by a person. */
    automatic: p.boolean().default(false),
    wasPublic: p.boolean().nullable(),
  },
});
export type HiddenContent = InferEntity<typeof HiddenContent>;
