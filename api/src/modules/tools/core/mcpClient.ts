import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { msg, translate } from '../../../platform/i18n.ts';
import { checkOutboundUrl } from '../../../platform/outboundUrl.ts';

/** A tool as a server lists it (MCP `tools/list`). */
export interface McpTool {
  name: string;
  description: string;
  /** Its arguments' JSON Schema. */
  inputSchema: Record<string, unknown>;
}

export interface McpTarget {
  url: string;
  token: string | null;
  /** A server signed in with OAuth (core/oauth.ts): the SDK sends its tokens and refreshes them. */
  authProvider?: OAuthClientProvider;
}

/** A server that could not be reached or answered wrongly, with a sentence for the person. */
export class McpUnreachable extends Error {
  override name = 'McpUnreachable';
  /** The message as a catalogue text with values, for the person's language (platform/errors.ts textError). */
  constructor(
    message: string,
    readonly text?: { id: string; values?: Record<string, unknown> },
  ) {
    super(message);
  }
}

/**
 * Every request of the SDK's transport goes through this fetch: the URL is checked again (DNS
 * included) before each one, and redirects are not followed, so a server saved as public can't be
 * pointed inward later (platform/outboundUrl.ts). The check and the connection resolve the name
 * separately: a rebinding inside that gap is not caught (webhooks' sender pins the address; fetch
 * has no lookup hook without undici).
 */
export function guardedFetch(allowPrivate: boolean): typeof fetch {
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const problem = await checkOutboundUrl(url, { allowPrivate });
    if (problem) throw new McpUnreachable(problem);
    return fetch(input, { ...init, redirect: 'manual' });
  };
}

/** A connected client; `close` ends its session. */
export async function connectMcp(
  target: McpTarget,
  options: { allowPrivate: boolean; timeoutMs: number; signal?: AbortSignal },
): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(target.url), {
    fetch: guardedFetch(options.allowPrivate),
    requestInit: target.token ? { headers: { Authorization: `Bearer ${target.token}` } } : undefined,
    authProvider: target.token ? undefined : target.authProvider,
  });
  const client = new Client({ name: 'chorus', version: '1.0.0' });
  try {
    await client.connect(transport, { timeout: options.timeoutMs, signal: options.signal });
  } catch (e) {
    await client.close().catch(() => {});
    throw unreachable(e);
  }
  return client;
}

/** What a failure to reach a server says to the person. */
export function unreachable(e: unknown): McpUnreachable {
  if (e instanceof McpUnreachable) return e;
  const message = e instanceof Error ? e.message : String(e);
  if ((e as { code?: unknown })?.code === 401 || /401|unauthori[sz]ed|invalid_token/i.test(message))
    return new McpUnreachable(
      msg(
        'The MCP server refused the connection (401): check its token, or use Sign in if it asks for OAuth',
      ),
    );
  const text = {
    id: msg('The MCP server could not be reached: {reason}'),
    values: { reason: message.slice(0, 200) },
  };
  return new McpUnreachable(translate('en', text.id, text.values), text);
}

/** The tools a server offers now (first page of `tools/list`, at most 100). */
export async function listMcpTools(
  target: McpTarget,
  options: { allowPrivate: boolean; timeoutMs: number; signal?: AbortSignal },
): Promise<McpTool[]> {
  const client = await connectMcp(target, options);
  try {
    const { tools } = await client.listTools(undefined, {
      timeout: options.timeoutMs,
      signal: options.signal,
    });
    return tools.slice(0, 100).map((t) => ({
      name: t.name,
      description: (t.description ?? '').slice(0, 1000),
      inputSchema: t.inputSchema as Record<string, unknown>,
    }));
  } catch (e) {
    throw unreachable(e);
  } finally {
    await client.close().catch(() => {});
  }
}

/** A tool result's text content, joined; the structured and binary parts are named, not sent. */
export function resultText(result: { content?: unknown; isError?: unknown }): string {
  const parts = Array.isArray(result.content) ? result.content : [];
  const text = parts
    .map((p: { type?: string; text?: string }) =>
      p.type === 'text' ? (p.text ?? '') : `[${p.type} content]`,
    )
    .join('\n');
  return result.isError ? `Error: ${text}` : text;
}
