import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../platform/errors.ts';
import { listMcpTools, type McpTool, McpUnreachable } from './mcpClient.ts';
import { storedProviderOf } from './oauth.ts';
import { serverRow, type ToolsConfig } from './servers.ts';

/** The server's tools now, asked of it live; one that can't be reached is a 502 saying why. */
export async function listServerTools(
  em: EntityManager,
  config: ToolsConfig,
  userId: string,
  id: string,
): Promise<McpTool[]> {
  const row = await serverRow(em, userId, id);
  try {
    return await listMcpTools(
      { url: row.url, token: row.token, authProvider: storedProviderOf(em, config, row) },
      { allowPrivate: config.allowPrivateTargets, timeoutMs: config.callTimeoutMs },
    );
  } catch (e) {
    if (e instanceof McpUnreachable) throw new AppError('UPSTREAM_ERROR', e.message, undefined, e.text);
    throw e;
  }
}
