import type { MikroORM } from '@mikro-orm/postgresql';
import { readSettings } from '../../../platform/config.ts';
import type { PubSub } from '../../../platform/pubsub.ts';
import { toolSettings } from '../settings.ts';
import type { AnswerTools } from './answerTools.ts';
import { McpAnswerTools } from './calls.ts';
import type { ToolsConfig } from './servers.ts';

/** The module's settings as its services use them. */
export function toolsConfigOf(config: object): ToolsConfig {
  const s = readSettings(toolSettings, config);
  return {
    allowPrivateTargets: s.MCP_ALLOW_PRIVATE_TARGETS,
    approvalTimeoutMs: s.MCP_APPROVAL_TIMEOUT_MS,
    maxCallsPerAnswer: s.MCP_MAX_CALLS_PER_ANSWER,
    callTimeoutMs: s.MCP_CALL_TIMEOUT_MS,
    publicUrl: (config as { publicUrl?: string }).publicUrl ?? '',
  };
}

/** The answers' tools (chat/module.ts hands them to the chat engine, as it does the web search). */
export function answerToolsFrom(core: { orm: MikroORM; pubsub: PubSub; config: object }): AnswerTools {
  return new McpAnswerTools(core.orm, core.pubsub, toolsConfigOf(core.config));
}
