import type { Resolvers } from '../../graphql/__generated__/resolvers.ts';
import { requireUserId } from '../../graphql/guards.ts';
import { perRequestBatch } from '../../graphql/perRequestBatch.ts';
import type { Message } from '../chat/core/Message.ts';
import type { CompareTurn } from './core/CompareTurn.ts';
import { chooseAnswer } from './core/choose.ts';
import { mergeAnswers } from './core/merge.ts';
import { answersOf, turnsOf } from './core/reads.ts';
import { startCompare } from './core/start.ts';
import { deleteTeam, listTeams, saveTeam } from './core/teams.ts';
import { myLeaderboard, voteCompare } from './core/votes.ts';

/** The compares of the prompts a request shows, in one query per request (reads.ts turnsOf). */
const compareOf = perRequestBatch<Message, CompareTurn>(
  (ctx, prompts) =>
    turnsOf(
      ctx.em,
      requireUserId(ctx),
      prompts.map((m) => m.id),
    ),
  (m) => m.id,
);

const chatIdOfTurn = (turn: CompareTurn) =>
  typeof turn.chat === 'object' ? turn.chat.id : String(turn.chat);

/** Thin shims over core/: compare, pick, merge, vote, teams; the compare of a prompt. */
export const compareResolvers: Resolvers = {
  Query: {
    myLeaderboard: (_p, { mode }, ctx) => myLeaderboard(ctx.em, requireUserId(ctx), { mode }),
    compareTeams: (_p, _a, ctx) => listTeams(ctx.em, requireUserId(ctx)),
  },
  Mutation: {
    compare: async (_p, { chatId, content, assistants, blind }, ctx) => {
      const started = await startCompare(ctx.services.chat, ctx.em, requireUserId(ctx), chatId ?? null, {
        content,
        assistants,
        blind,
      });
      return {
        chat: started.chat,
        userMessage: started.userMessage,
        answers: started.answers,
        compare: started.turn,
      };
    },
    chooseAnswer: (_p, { messageId }, ctx) => chooseAnswer(ctx.em, requireUserId(ctx), messageId),
    mergeAnswers: async (_p, { messageIds, assistant }, ctx) =>
      (await mergeAnswers(ctx.services.chat, ctx.em, requireUserId(ctx), { messageIds, assistant })).message,
    voteCompare: (_p, { userMessageId, winner, tie }, ctx) =>
      voteCompare(ctx.em, requireUserId(ctx), { userMessageId, winner, tie }),
    saveCompareTeam: (_p, { name, assistants }, ctx) =>
      saveTeam(ctx.em, requireUserId(ctx), { name, assistants }),
    deleteCompareTeam: async (_p, { id }, ctx) => {
      await deleteTeam(ctx.em, requireUserId(ctx), id);
      return true;
    },
  },
  Message: {
    compare: async (m, _a, ctx) => (m.role === 'user' ? ((await compareOf(ctx, m)) ?? null) : null),
    mergedFrom: (m) => m.mergedFrom ?? null,
  },
  CompareTurn: {
    chatId: chatIdOfTurn,
    mode: (t) => t.mode ?? null,
    winner: (t) => t.winner ?? null,
    votedAt: (t) => t.votedAt ?? null,
    answers: (t, _a, ctx) => answersOf(ctx.em, t),
  },
};
