import { defineModule } from '../../http/module.ts';
import { toolsConfigOf } from './core/fromSettings.ts';
import type { ToolsConfig } from './core/servers.ts';
import { toolResolvers } from './graphql.ts';
import { toolRoutes } from './rest.ts';
import { toolSettings } from './settings.ts';

declare module '../../platform/module.ts' {
  interface AppServices {
    /** What the MCP servers' services read from the settings. */
    tools: ToolsConfig;
  }
}

/**
 * Tools over MCP: a person's MCP servers (Streamable HTTP), whose tools the assistants may call
 * in an answer, each call shown and, unless its tool is trusted, approved by the asker first
 * (README.md). Chat reaches it through core/answerTools.ts only.
 */
export const toolsModule = defineModule({
  name: 'tools',
  uses: [],
  settings: toolSettings,
  services: (core) => ({ tools: toolsConfigOf(core.config) }),
  graphql: {
    sdl: ['tools.graphql'],
    resolvers: [toolResolvers],
    mappers: {
      McpServer: './core/servers.ts#ServerView',
      ToolCall: './core/calls.ts#ToolCallView',
    },
  },
  rest: { routes: [toolRoutes] },
});
