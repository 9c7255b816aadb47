import { randomUUID } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { notFound, textError } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { logger } from '../../../platform/logger.ts';
import type { PubSub } from '../../../platform/pubsub.ts';
import { isUuid } from '../../../platform/validation.ts';
import type { AnswerToolSession, AnswerTools, ToolCallRequest, ToolDefinition } from './answerTools.ts';
import { connectMcp, type McpTool, resultText, unreachable } from './mcpClient.ts';
import { storedProviderOf } from './oauth.ts';
import { type ServerRow, type ToolsConfig, trustTool } from './servers.ts';

export type ToolCallStatus = 'pending' | 'approved' | 'refused' | 'done' | 'failed';

export interface ToolCallView {
  id: string;
  messageId: string;
  serverId: string | null;
  serverName: string;
  tool: string;
  /** The arguments the model gave, as JSON text (jsonb may reorder their keys). */
  arguments: string;
  status: ToolCallStatus;
  result: string | null;
  createdAt: Date;
}

type CallRow = {
  id: string;
  message_id: string;
  user_id: string;
  server_id: string | null;
  server_name: string;
  tool: string;
  arguments: unknown;
  status: ToolCallStatus;
  result: string | null;
  created_at: Date | string;
};

const callView = (row: CallRow): ToolCallView => ({
  id: row.id,
  messageId: row.message_id,
  serverId: row.server_id,
  serverName: row.server_name,
  tool: row.tool,
  arguments: JSON.stringify(row.arguments ?? {}),
  status: row.status,
  result: row.result,
  createdAt: new Date(row.created_at),
});

/** The longest result kept and given to the model. */
export const RESULT_MAX_CHARS = 8000;
export const REFUSED_TEXT = 'The user refused this tool call.';

const cap = (text: string) =>
  text.length <= RESULT_MAX_CHARS
    ? text
    : `${text.slice(0, RESULT_MAX_CHARS)}… (cut at ${RESULT_MAX_CHARS} characters)`;

/** Where one call's decision is announced (to the process waiting for it). */
const decisionChannel = (callId: string) => `mcp_call_${callId.replace(/-/g, '')}`;
/** Where an answer's calls are announced as they change (to the asker's open chat). */
export const answerCallsChannel = (messageId: string) => `mcp_answer_${messageId.replace(/-/g, '')}`;

/** An answer's calls, oldest first: for its asker only (another person's answer has none to them). */
export async function listCalls(
  em: EntityManager,
  userId: string,
  messageId: string,
): Promise<ToolCallView[]> {
  if (!isUuid(messageId)) return [];
  const rows = await em.execute<CallRow[]>(
    'select * from mcp_tool_calls where message_id = ? and user_id = ? order by created_at, id',
    [messageId, userId],
  );
  return rows.map(callView);
}

/** The calls of several answers of the asker's, by answer (one query for a page of messages). */
export async function callsByAnswer(
  em: EntityManager,
  userId: string,
  messageIds: string[],
): Promise<Map<string, ToolCallView[]>> {
  const ids = [...new Set(messageIds.filter(isUuid))];
  const byAnswer = new Map<string, ToolCallView[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byAnswer;
  const rows = await em.execute<CallRow[]>(
    'select * from mcp_tool_calls where message_id = any(?::uuid[]) and user_id = ? order by created_at, id',
    [`{${ids.join(',')}}`, userId],
  );
  for (const row of rows) byAnswer.get(row.message_id)?.push(callView(row));
  return byAnswer;
}

/** Whether the message is an answer in one of the person's chats (for following its calls). */
export async function ownsMessage(em: EntityManager, userId: string, messageId: string): Promise<boolean> {
  if (!isUuid(messageId)) return false;
  const rows = await em.execute(
    'select 1 from messages m join chats c on c.id = m.chat_id where m.id = ? and c.user_id = ?',
    [messageId, userId],
  );
  return rows.length > 0;
}

async function announce(pubsub: PubSub, row: CallRow): Promise<void> {
  await pubsub
    .publish(answerCallsChannel(row.message_id), JSON.stringify({ id: row.id, status: row.status }))
    .catch((err) => logger.warn({ err }, 'tool call event lost'));
}

/**
 * The asker approves (optionally trusting the tool from now on) or refuses a pending call. Only a
 * pending call changes, in one statement, so two decisions at once make one; the other is a 409.
 * Another person's call, or none, is a 404.
 */
export async function decideCall(
  em: EntityManager,
  pubsub: PubSub,
  userId: string,
  callId: string,
  decision: 'approve' | 'refuse',
  input: unknown = {},
): Promise<ToolCallView> {
  const trust =
    decision === 'approve' &&
    typeof input === 'object' &&
    input !== null &&
    (input as { trust?: unknown }).trust === true;
  if (!isUuid(callId)) throw notFound(msg('Tool call not found'));
  const [row] = await em.execute<CallRow[]>(
    `update mcp_tool_calls set status = ?, updated_at = now()
     where id = ? and user_id = ? and status = 'pending' returning *`,
    [decision === 'approve' ? 'approved' : 'refused', callId, userId],
  );
  if (!row) {
    const [existing] = await em.execute<CallRow[]>(
      'select * from mcp_tool_calls where id = ? and user_id = ?',
      [callId, userId],
    );
    if (!existing) throw notFound(msg('Tool call not found'));
    throw textError('CONFLICT', msg('This tool call was already decided ({status})'), {
      status: existing.status,
    });
  }
  if (trust && row.server_id) await trustTool(em, row.server_id, row.tool);
  await pubsub.publish(decisionChannel(row.id), row.status).catch(() => {});
  await announce(pubsub, row);
  return callView(row);
}

interface OpenTool {
  server: ServerRow;
  client: Client;
  tool: McpTool;
}

/** Function names are at most 64 of [A-Za-z0-9_-] (OpenAI's rule, which the others follow). */
const functionName = (server: string, tool: string) =>
  `${server}__${tool}`.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);

/** The MCP implementation of AnswerTools (answerTools.ts): the asker's servers, connected per answer. */
export class McpAnswerTools implements AnswerTools {
  constructor(
    private readonly orm: MikroORM,
    private readonly pubsub: PubSub,
    private readonly config: ToolsConfig,
  ) {}

  async open(args: {
    userId: string;
    messageId: string;
    serverIds?: string[];
    signal: AbortSignal;
  }): Promise<AnswerToolSession | null> {
    const em = this.orm.em.fork();
    let servers = await em.execute<ServerRow[]>(
      'select * from mcp_servers where user_id = ? order by created_at, id',
      [args.userId],
    );
    if (args.serverIds) servers = servers.filter((s) => args.serverIds!.includes(s.id));
    if (servers.length === 0) return null;
    const options = {
      allowPrivate: this.config.allowPrivateTargets,
      timeoutMs: this.config.callTimeoutMs,
      signal: args.signal,
    };
    // A server that can't be reached is left out of this answer (and logged), not fatal to it.
    const connected = await Promise.all(
      servers.map(async (server) => {
        try {
          const authProvider = storedProviderOf(this.orm.em.fork(), this.config, server);
          const client = await connectMcp({ url: server.url, token: server.token, authProvider }, options);
          const { tools } = await client.listTools(undefined, {
            timeout: options.timeoutMs,
            signal: args.signal,
          });
          return { server, client, tools: tools.slice(0, 100) };
        } catch (err) {
          logger.warn(
            { err: unreachable(err).message, serverId: server.id },
            'MCP server left out of an answer',
          );
          return null;
        }
      }),
    );
    const byName = new Map<string, OpenTool>();
    const definitions: ToolDefinition[] = [];
    const clients: Client[] = [];
    for (const c of connected) {
      if (!c) continue;
      clients.push(c.client);
      for (const t of c.tools) {
        const name = functionName(c.server.name, t.name);
        if (byName.has(name)) continue;
        const tool = {
          name: t.name,
          description: (t.description ?? '').slice(0, 1000),
          inputSchema: t.inputSchema as Record<string, unknown>,
        };
        byName.set(name, { server: c.server, client: c.client, tool });
        definitions.push({ name, description: tool.description, parameters: tool.inputSchema });
      }
    }
    const close = async () => {
      await Promise.all(clients.map((c) => c.close().catch(() => {})));
    };
    if (definitions.length === 0) {
      await close();
      return null;
    }
    let used = 0;
    const max = this.config.maxCallsPerAnswer;
    return {
      definitions,
      get remaining() {
        return Math.max(0, max - used);
      },
      call: async (request, signal) => {
        used += 1;
        if (used > max)
          return `No more tool calls: this answer may make at most ${max}. Answer with what you have.`;
        const open = byName.get(request.name);
        if (!open) return `There is no tool named ${request.name}.`;
        return this.runCall(args.userId, args.messageId, open, request, signal);
      },
      close,
    };
  }

  /** One call: saved, decided (trusted, or the asker's word within the approval timeout), run. */
  private async runCall(
    userId: string,
    messageId: string,
    open: OpenTool,
    request: ToolCallRequest,
    signal: AbortSignal,
  ): Promise<string> {
    const em = this.orm.em.fork();
    let parsed: Record<string, unknown> = {};
    let badArguments = false;
    try {
      const value = JSON.parse(request.arguments || '{}');
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) parsed = value;
      else badArguments = true;
    } catch {
      badArguments = true;
    }
    const trusted = open.server.trusted_tools.includes(open.tool.name);
    const id = randomUUID();
    // Listening before the row exists, so a decision can't come between the two unheard.
    let decided: (status: string) => void = () => {};
    const decision = new Promise<string>((resolve) => {
      decided = resolve;
    });
    const unsubscribe = trusted ? null : await this.pubsub.subscribe(decisionChannel(id), (s) => decided(s));
    try {
      const [row] = await em.execute<CallRow[]>(
        `insert into mcp_tool_calls (id, message_id, user_id, server_id, server_name, tool, arguments, status, result)
         values (?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?) returning *`,
        [
          id,
          messageId,
          userId,
          open.server.id,
          open.server.name,
          open.tool.name,
          JSON.stringify(parsed),
          badArguments ? 'failed' : trusted ? 'approved' : 'pending',
          badArguments ? 'The model gave arguments that are not a JSON object.' : null,
        ],
      );
      await announce(this.pubsub, row!);
      if (badArguments) return 'Error: the arguments must be a JSON object.';
      if (!trusted) {
        const status = await this.waitForDecision(em, id, decision, signal);
        if (status !== 'approved') return REFUSED_TEXT;
      }
    } finally {
      await unsubscribe?.();
    }
    if (signal.aborted) return REFUSED_TEXT;
    let status: ToolCallStatus = 'done';
    let text: string;
    try {
      const result = await open.client.callTool({ name: open.tool.name, arguments: parsed }, undefined, {
        timeout: this.config.callTimeoutMs,
        signal,
      });
      text = cap(resultText(result as { content?: unknown; isError?: unknown }));
      if (result.isError) status = 'failed';
    } catch (e) {
      status = 'failed';
      text = signal.aborted ? 'Stopped.' : cap(`Error: ${unreachable(e).message}`);
    }
    const [row] = await em.execute<CallRow[]>(
      'update mcp_tool_calls set status = ?, result = ?, updated_at = now() where id = ? returning *',
      [status, text, id],
    );
    if (row) await announce(this.pubsub, row);
    return text;
  }

  /** The asker's decision; none within the timeout, or the answer stopped, is a refusal. */
  private async waitForDecision(
    em: EntityManager,
    id: string,
    decision: Promise<string>,
    signal: AbortSignal,
  ): Promise<string> {
    let timer: NodeJS.Timeout | undefined;
    const ended = new Promise<'ended'>((resolve) => {
      timer = setTimeout(() => resolve('ended'), this.config.approvalTimeoutMs);
      signal.addEventListener('abort', () => resolve('ended'), { once: true });
    });
    try {
      const first = await Promise.race([decision, ended]);
      if (first !== 'ended') return first;
    } finally {
      clearTimeout(timer);
    }
    // Nobody decided in time (or Stop): refused, unless a decision just got in first.
    const [row] = await em.execute<CallRow[]>(
      `update mcp_tool_calls set status = 'refused', result = ?, updated_at = now()
       where id = ? and status = 'pending' returning *`,
      [signal.aborted ? 'The answer was stopped.' : 'No decision in time: refused.', id],
    );
    if (row) {
      await announce(this.pubsub, row);
      return 'refused';
    }
    const [now] = await em.execute<CallRow[]>('select status from mcp_tool_calls where id = ?', [id]);
    return now?.status ?? 'refused';
  }
}
