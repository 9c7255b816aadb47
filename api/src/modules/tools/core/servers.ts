import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { badInput, notFound, textError } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { checkOutboundUrl } from '../../../platform/outboundUrl.ts';
import { isUuid, parseInput } from '../../../platform/validation.ts';

/** What the servers' services need from the settings (module.ts builds it once per process). */
export interface ToolsConfig {
  allowPrivateTargets: boolean;
  approvalTimeoutMs: number;
  maxCallsPerAnswer: number;
  callTimeoutMs: number;
  /** The app's public URL: OAuth sends people back under it (core/oauth.ts). */
  publicUrl: string;
}

/** How many MCP servers one person may connect. */
export const MAX_SERVERS_PER_USER = 10;

export interface ServerView {
  id: string;
  name: string;
  url: string;
  /** The token's last 4 characters ("…abcd"), to tell which one is set; null without one. */
  tokenHint: string | null;
  trustedTools: string[];
  /** Signed in with OAuth (it holds tokens). */
  oauthSignedIn: boolean;
  createdAt: Date;
}

export interface ServerRow {
  id: string;
  user_id: string;
  name: string;
  url: string;
  token: string | null;
  trusted_tools: string[];
  /** What OAuth keeps (core/oauth.ts OAuthState); null for a server never signed in to. */
  oauth: unknown;
  created_at: Date | string;
}

export const viewOf = (row: ServerRow): ServerView => ({
  id: row.id,
  name: row.name,
  url: row.url,
  tokenHint: row.token ? `…${row.token.slice(-4)}` : null,
  trustedTools: row.trusted_tools,
  oauthSignedIn: Boolean((row.oauth as { tokens?: unknown } | null)?.tokens),
  createdAt: new Date(row.created_at),
});

// Tool names of the model's functions are `<server>__<tool>` (answerTools.ts): a short name of
// letters, digits, _ and -, as function names must be.
const name = z
  .string({ error: msg('The name must be text') })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, msg('The name must be 1 to 40 letters, digits, _ or -'));
const token = z
  .string({ error: msg('The token must be text') })
  .trim()
  .max(4000, msg('The token is too long (4000 characters at most)'))
  .regex(/^[\x21-\x7e]*$/, msg('The token may only hold printable characters without spaces'));
const toolName = z.string().min(1).max(128);

const createInput = z.object({
  name,
  url: z
    .string({ error: msg('Enter the MCP server’s URL') })
    .trim()
    .min(1, msg('Enter the MCP server’s URL'))
    .max(2000, msg('The URL is too long (2000 characters at most)')),
  token: token.optional(),
});

const updateInput = z
  .object({
    name: name.optional(),
    /** A new token; null or '' removes it. */
    token: token.nullable().optional(),
    trustedTools: z
      .array(toolName, { error: msg('trustedTools must be a list of tool names') })
      .max(200)
      .optional(),
  })
  .strict();

/** The person's servers, oldest first. */
export async function listServers(em: EntityManager, userId: string): Promise<ServerView[]> {
  const rows = await em.execute<ServerRow[]>(
    'select * from mcp_servers where user_id = ? order by created_at, id',
    [userId],
  );
  return rows.map(viewOf);
}

/** One server of the person's, with its token; another person's, or none, is a 404. */
export async function serverRow(em: EntityManager, userId: string, id: string): Promise<ServerRow> {
  const [row] = isUuid(id)
    ? await em.execute<ServerRow[]>('select * from mcp_servers where id = ? and user_id = ?', [id, userId])
    : [];
  if (!row) throw notFound(msg('MCP server not found'));
  return row;
}

export const getServer = async (em: EntityManager, userId: string, id: string) =>
  viewOf(await serverRow(em, userId, id));

/** Connects a server: an http(s) URL that reaches a public address (unless private ones are allowed). */
export async function createServer(
  em: EntityManager,
  config: ToolsConfig,
  userId: string,
  input: unknown,
): Promise<ServerView> {
  const data = parseInput(createInput, input);
  const problem = await checkOutboundUrl(data.url, { allowPrivate: config.allowPrivateTargets });
  if (problem) throw badInput(problem, { field: 'url' });
  return em.transactional(async (tx) => {
    // Counted under a lock of the person's row, so two adds at once can't pass the limit together.
    await tx.execute('select 1 from users where id = ? for update', [userId]);
    const rows = await tx.execute<{ name: string }[]>('select name from mcp_servers where user_id = ?', [
      userId,
    ]);
    if (rows.length >= MAX_SERVERS_PER_USER)
      throw textError('BAD_USER_INPUT', msg('You can connect at most {max} MCP servers'), {
        max: MAX_SERVERS_PER_USER,
      });
    if (rows.some((r) => r.name.toLowerCase() === data.name.toLowerCase()))
      throw badInput(msg('You already have a server with that name'), { field: 'name' });
    const [row] = await tx.execute<ServerRow[]>(
      'insert into mcp_servers (user_id, name, url, token) values (?, ?, ?, ?) returning *',
      [userId, data.name, data.url, data.token || null],
    );
    return viewOf(row!);
  });
}

/** Renames a server, sets or removes its token, or changes its trusted tools. */
export async function updateServer(
  em: EntityManager,
  userId: string,
  id: string,
  input: unknown,
): Promise<ServerView> {
  const data = parseInput(updateInput, input);
  const row = await serverRow(em, userId, id);
  if (data.name && data.name.toLowerCase() !== row.name.toLowerCase()) {
    const [taken] = await em.execute(
      'select 1 from mcp_servers where user_id = ? and lower(name) = lower(?) and id <> ?',
      [userId, data.name, id],
    );
    if (taken) throw badInput(msg('You already have a server with that name'), { field: 'name' });
  }
  const [updated] = await em.execute<ServerRow[]>(
    `update mcp_servers set name = ?, token = ?, trusted_tools = ?::text[] where id = ? and user_id = ? returning *`,
    [
      data.name ?? row.name,
      data.token === undefined ? row.token : data.token || null,
      pgArray(data.trustedTools ? [...new Set(data.trustedTools)] : row.trusted_tools),
      id,
      userId,
    ],
  );
  if (!updated) throw notFound(msg('MCP server not found'));
  return viewOf(updated);
}

/** Adds one tool to a server's trusted ones (the "Always allow" of a tool call). */
export async function trustTool(em: EntityManager, serverId: string, tool: string): Promise<void> {
  await em.execute(
    `update mcp_servers set trusted_tools = array_append(trusted_tools, ?::text)
     where id = ? and not (? = any(trusted_tools))`,
    [tool, serverId, tool],
  );
}

/** Removes a server (its past calls keep their server's name). */
export async function deleteServer(em: EntityManager, userId: string, id: string): Promise<void> {
  await serverRow(em, userId, id);
  await em.execute('delete from mcp_servers where id = ? and user_id = ?', [id, userId]);
}

/** A text[] literal, each element quoted. */
export const pgArray = (items: string[]) =>
  `{${items.map((i) => `"${i.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
