import type { Resolvers } from '../../graphql/__generated__/resolvers.ts';
import { requireUserId } from '../../graphql/guards.ts';

/** voiceConfig: the same answer as GET /api/audio/config (uploads and audio stay REST). */
export const voiceResolvers: Resolvers = {
  Query: {
    voiceConfig: (_p, _a, ctx) => {
      requireUserId(ctx);
      return ctx.services.voice.availability;
    },
  },
};
