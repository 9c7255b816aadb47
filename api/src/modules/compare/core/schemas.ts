import { MESSAGE_MAX, messageTooLong } from '@chorus/shared/chatRules';
import { z } from 'zod';
import { msg } from '../../../platform/i18n.ts';
import { zodText } from '../../../platform/validation.ts';
import { chatModes } from '../../chat/core/schemas.ts';

/** What the compare operations take, checked before anything reaches the database. */

// A built-in id, a custom assistant's @handle or `custom:<id>` (chat/core/customAssistant.ts).
const assistantName = z.string({ error: msg('Unknown assistant') }).max(64, msg('Unknown assistant'));
const messageId = z.string({ error: msg('Message not found') }).uuid(msg('Message not found'));

export const compareInput = z.object({
  content: z.string({ error: msg('Message cannot be empty') }).max(MESSAGE_MAX, messageTooLong),
  assistants: z
    .array(assistantName, { error: msg('Pick at least 2 assistants to compare') })
    .max(9, msg('Compare at most 4 assistants at once')),
  blind: z.boolean({ error: msg('blind must be true or false') }).nullish(),
});

export const mergeInput = z.object({
  messageIds: z
    .array(messageId, { error: msg('Pick at least 2 answers to merge') })
    .min(2, msg('Pick at least 2 answers to merge'))
    .max(8, msg('Merge at most 8 answers')),
  assistant: assistantName,
  /** The chat the answers must be in (REST names it in the path). */
  chatId: z.string().optional(),
});

export const voteInput = z.object({
  userMessageId: z.string({ error: msg('Compare not found') }).uuid(msg('Compare not found')),
  winner: assistantName.nullish(),
  tie: z.boolean({ error: msg('tie must be true or false') }).nullish(),
});

export const leaderboardInput = z.object({
  mode: z
    .enum(chatModes, {
      error: zodText(msg('mode must be one of {choices}'), { choices: chatModes.join(', ') }),
    })
    .nullish(),
});

export const TEAM_NAME_MAX = 40;
export const TEAMS_MAX = 20;

export const teamInput = z.object({
  name: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: msg('Give the team a name') })
      .min(1, msg('Give the team a name'))
      .max(TEAM_NAME_MAX, zodText(msg("A team's name is at most {max} characters"), { max: TEAM_NAME_MAX })),
  ),
  assistants: z
    .array(assistantName, { error: msg('Pick at least 2 assistants') })
    .max(9, msg('At most 4 assistants')),
});
