import { logger } from '../../../platform/logger.ts';
import type { AnswerToolSession, AnswerTools } from '../../tools/core/answerTools.ts';
import { isOffline, type ProviderProfile } from './models.ts';

/**
 * The asker's MCP tools for one answer (modules/tools, reached through its small AnswerTools
 * interface, handed to the engine by chat/module.ts): only for a keyed provider whose profile takes
 * tools, never the offline one. Calls are saved against the answer's message, so each waits for
 * the prompt's save (`committed`) first. A failure to open them leaves the answer without tools.
 */
export async function openAnswerTools(
  tools: AnswerTools | undefined,
  job: { userId: string; messageId: string; toolServerIds?: string[]; known?: { committed: Promise<void> } },
  profile: ProviderProfile | undefined,
  signal: AbortSignal,
): Promise<AnswerToolSession | undefined> {
  if (!tools || !profile?.tools || isOffline(profile)) return undefined;
  if (job.toolServerIds?.length === 0) return undefined;
  try {
    const session = await tools.open({
      userId: job.userId,
      messageId: job.messageId,
      serverIds: job.toolServerIds,
      signal,
    });
    if (!session) return undefined;
    const committed = job.known?.committed;
    return {
      definitions: session.definitions,
      get remaining() {
        return session.remaining;
      },
      call: async (request, callSignal) => {
        await committed;
        return session.call(request, callSignal);
      },
      close: () => session.close(),
    };
  } catch (err) {
    if (!signal.aborted) logger.warn({ err, messageId: job.messageId }, 'answer tools could not be opened');
    return undefined;
  }
}
