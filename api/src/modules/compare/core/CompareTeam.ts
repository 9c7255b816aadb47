import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { TimestampedEntity } from '../../../platform/baseEntity.ts';
import { User } from '../../accounts/core/User.ts';

/** A named set of assistants a user compares often ("Writers", "Coders"); names are unique per user. */
export const CompareTeam = defineEntity({
  name: 'CompareTeam',
  tableName: 'compare_teams',
  extends: TimestampedEntity,
  properties: {
    user: () => p.manyToOne(User).deleteRule('cascade'),
    /** 1..40 characters, trimmed. */
    name: p.string().length(40),
    assistants: p.array(),
  },
  uniques: [{ name: 'compare_teams_user_name_unique', properties: ['user', 'name'] }],
});
export type CompareTeam = InferEntity<typeof CompareTeam>;
