import { defineModule } from '../../http/module.ts';
import { readSettings } from '../../platform/config.ts';
import { embedderFrom } from '../knowledge/core/embeddings.ts';
import { Retriever } from '../knowledge/core/retrieve.ts';
import { knowledgeSettings } from '../knowledge/settings.ts';
import { answerToolsFrom } from '../tools/core/fromSettings.ts';
import { webSearchFrom } from '../websearch/core/fromSettings.ts';
import { Chat } from './core/Chat.ts';
import { ChatFolder } from './core/ChatFolder.ts';
import { ChatEngine } from './core/engine.ts';
import { Message } from './core/Message.ts';
import { Memory } from './core/memory/Memory.ts';
import { PlanLimit } from './core/PlanLimit.ts';
import { UsageCounter } from './core/UsageCounter.ts';
import { chatResolvers } from './graphql.ts';
import { ProviderProfiles } from './providers/profiles.ts';
import { chatRoutes } from './rest.ts';
import { chatSettings } from './settings.ts';
import { distilMemoriesTask } from './tasks/distilMemories.ts';
import { endInterruptedAnswersTask } from './tasks/endInterruptedAnswers.ts';

declare module '../../platform/module.ts' {
  interface AppServices {
    /** Live: follows edits of AI_PROVIDERS_FILE. */
    profiles: ProviderProfiles;
    chat: ChatEngine;
  }
  interface WorkerContext {
    /** The assistants' providers (memory distillation asks the default one), as the api reads them. */
    profiles: ProviderProfiles;
  }
}

/** Chats with the assistants: answers written as they stream, images, memories, plan limits. */
export const chatModule = defineModule({
  name: 'chat',
  uses: ['accounts', 'files', 'jobs', 'knowledge', 'tools', 'websearch'],
  entities: [Chat, Message, PlanLimit, UsageCounter, Memory, ChatFolder],
  settings: chatSettings,
  settingsIssues: (config) => {
    const s = readSettings(chatSettings, config);
    // A writer that misses a beat or two (a slow database) must not be taken for gone.
    return s.AI_ANSWER_STALE_AFTER_MS < 3 * s.AI_ANSWER_HEARTBEAT_MS
      ? ['AI_ANSWER_STALE_AFTER_MS: must be at least 3 times AI_ANSWER_HEARTBEAT_MS']
      : [];
  },
  services: (core) => {
    const profiles = new ProviderProfiles(core.env);
    const s = readSettings(chatSettings, core.config);
    return {
      profiles,
      chat: new ChatEngine(
        core.orm,
        core.pubsub,
        profiles,
        core.storage,
        {
          offlineDelayMs: s.AI_OFFLINE_DELAY_MS,
          heartbeatMs: s.AI_ANSWER_HEARTBEAT_MS,
          staleAfterMs: s.AI_ANSWER_STALE_AFTER_MS,
          historyBudgetTokens: s.AI_HISTORY_BUDGET_TOKENS,
          memoryBudgetMs: s.AI_MEMORY_BUDGET_MS,
        },
        {
          retriever: new Retriever(embedderFrom(readSettings(knowledgeSettings, core.config))),
          webSearch: webSearchFrom(core.config),
          tools: answerToolsFrom(core),
        },
      ),
    };
  },
  // Answers being written are stopped and saved as such before the database goes away.
  shutdown: { step: 'answers', run: (services) => services.chat.shutdown() },
  graphql: {
    sdl: ['chat.graphql'],
    resolvers: [chatResolvers],
    mappers: {
      Chat: './core/Chat.ts#Chat as ChatEntity',
      Message: './core/Message.ts#Message as MessageEntity',
      Memory: './core/memory/Memory.ts#Memory as MemoryEntity',
    },
  },
  rest: { routes: [chatRoutes] },
  worker: {
    context: (env) => ({ profiles: new ProviderProfiles(env) }),
    tasks: { distil_memories: distilMemoriesTask, end_interrupted_answers: endInterruptedAnswersTask },
    cron: ['* * * * * end_interrupted_answers'],
  },
});
