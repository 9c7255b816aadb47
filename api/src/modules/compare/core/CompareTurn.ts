import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { User } from '../../accounts/core/User.ts';
import { Chat } from '../../chat/core/Chat.ts';

/**
 * A compare: one prompt (its id is the prompt's message id) answered by several assistants, each
 * answer a version of the turn (chat/core/tree.ts). It keeps who was asked in what order, whether
 * their names are hidden until the user votes, and the vote the user's leaderboard is counted from.
 */
export const CompareTurn = defineEntity({
  name: 'CompareTurn',
  tableName: 'compare_turns',
  properties: {
    /** The prompt's message id; the row goes with the message (a foreign key with cascade, see the migration). */
    id: p.uuid().primary(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    chat: () => p.manyToOne(Chat).deleteRule('cascade'),
    /** The assistants asked, in the order of `answerIds`. */
    assistants: p.array(),
    answerIds: p.array(),
    blind: p.boolean().default(false),
    /** The chat's mode when it was asked (code, study, writing…), for the leaderboard by mode. */
    mode: p.string().length(32).nullable(),
    /** The assistant the user voted best; null before a vote and for a tie. */
    winner: p.string().length(32).nullable(),
    tie: p.boolean().default(false),
    votedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  indexes: [{ name: 'compare_turns_user_voted_idx', properties: ['user', 'votedAt'] }],
});
export type CompareTurn = InferEntity<typeof CompareTurn>;
