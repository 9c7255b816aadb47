import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { auth, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { z } from 'zod';
import { badInput, notFound, textError } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { parseInput } from '../../../platform/validation.ts';
import { guardedFetch, unreachable } from './mcpClient.ts';
import { type ServerRow, serverRow, type ToolsConfig } from './servers.ts';

/**
 * OAuth for MCP servers that ask for it (the SDK's OAuthClientProvider, authorization code with
 * PKCE and dynamic client registration). "Sign in" on a server (`startAuthorization`) registers
 * Chorus with the server's authorization server if needed and answers the URL to send the person
 * to; the authorization server sends them back to /api/mcp/oauth/callback (`finishAuthorization`),
 * which trades the code for tokens. What the flow keeps (client registration, tokens, the PKCE
 * verifier and the state of a sign-in under way) is the server row's `oauth` jsonb; the SDK
 * refreshes the tokens when they expire.
 */

export interface OAuthState {
  client?: OAuthClientInformationMixed;
  tokens?: OAuthTokens;
  verifier?: string;
  /** `<server id>.<random>`, while a sign-in is under way. */
  state?: string;
}

/** Where authorization servers send the person back to (registered as the client's redirect URI). */
export const callbackUrl = (config: ToolsConfig) => `${config.publicUrl}/api/mcp/oauth/callback`;

/** The SDK's OAuthClientProvider over one server row. */
export class StoredOAuthProvider implements OAuthClientProvider {
  /** Set when the SDK wants the person sent to the authorization server. */
  authorizationUrl: URL | null = null;

  constructor(
    private readonly em: EntityManager,
    private readonly serverId: string,
    private readonly data: OAuthState,
    private readonly redirect: string,
  ) {}

  get redirectUrl() {
    return this.redirect;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Chorus',
      redirect_uris: [this.redirect],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  state() {
    this.data.state ??= `${this.serverId}.${randomBytes(16).toString('hex')}`;
    return this.data.state;
  }

  clientInformation() {
    return this.data.client;
  }

  async saveClientInformation(client: OAuthClientInformationMixed) {
    this.data.client = client;
    await this.save();
  }

  tokens() {
    return this.data.tokens;
  }

  async saveTokens(tokens: OAuthTokens) {
    this.data.tokens = tokens;
    await this.save();
  }

  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }

  async saveCodeVerifier(verifier: string) {
    this.data.verifier = verifier;
    await this.save();
  }

  codeVerifier() {
    if (!this.data.verifier) throw new Error('no sign-in is under way');
    return this.data.verifier;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery') {
    if (scope === 'all' || scope === 'client') delete this.data.client;
    if (scope === 'all' || scope === 'tokens') delete this.data.tokens;
    if (scope === 'all' || scope === 'verifier') delete this.data.verifier;
    await this.save();
  }

  async save() {
    await this.em.execute('update mcp_servers set oauth = ?::jsonb where id = ?', [
      JSON.stringify(this.data),
      this.serverId,
    ]);
  }
}

/** The provider for a server signed in with OAuth (it has tokens), for its connections; else none. */
export function storedProviderOf(em: EntityManager, config: ToolsConfig, row: ServerRow) {
  const data = row.oauth as OAuthState | null;
  if (row.token || !data?.tokens) return undefined;
  return new StoredOAuthProvider(em, row.id, { ...data }, callbackUrl(config));
}

/**
 * Starts signing in to a server that asks for OAuth: the URL to send the person to, or
 * `authorized` when the tokens held are still good (or were refreshed).
 */
export async function startAuthorization(
  em: EntityManager,
  config: ToolsConfig,
  userId: string,
  id: string,
): Promise<{ authorizationUrl: string | null; authorized: boolean }> {
  const row = await serverRow(em, userId, id);
  if (row.token)
    throw badInput(msg('This server uses a bearer token: remove it to sign in with OAuth instead'));
  const data: OAuthState = { ...((row.oauth as OAuthState | null) ?? {}) };
  delete data.state;
  const provider = new StoredOAuthProvider(em, row.id, data, callbackUrl(config));
  provider.state();
  await provider.save();
  try {
    const result = await auth(provider, {
      serverUrl: row.url,
      fetchFn: guardedFetch(config.allowPrivateTargets),
    });
    if (result === 'AUTHORIZED') return { authorizationUrl: null, authorized: true };
    if (!provider.authorizationUrl) throw new Error('the server gave no authorization URL');
    return { authorizationUrl: provider.authorizationUrl.href, authorized: false };
  } catch (e) {
    throw textError('UPSTREAM_ERROR', msg('Could not start signing in: {reason}'), {
      reason: unreachable(e).message,
    });
  }
}

const callbackInput = z.object({
  code: z
    .string({ error: msg('The authorization server sent no code') })
    .min(1)
    .max(2000),
  state: z
    .string({ error: msg('The authorization server sent no state') })
    .regex(/^[0-9a-f-]{36}\.[0-9a-f]{32}$/, msg('The sign-in state is not one Chorus made')),
});

/** Ends a sign-in: the code the authorization server sent back traded for tokens. The server's name. */
export async function finishAuthorization(
  em: EntityManager,
  config: ToolsConfig,
  userId: string,
  query: unknown,
): Promise<string> {
  const { code, state } = parseInput(callbackInput, query);
  const row = await serverRow(em, userId, state.split('.')[0]!);
  const data: OAuthState = { ...((row.oauth as OAuthState | null) ?? {}) };
  if (!data.state || data.state !== state) throw notFound(msg('No sign-in to this server is under way'));
  delete data.state;
  const provider = new StoredOAuthProvider(em, row.id, data, callbackUrl(config));
  try {
    await auth(provider, {
      serverUrl: row.url,
      authorizationCode: code,
      fetchFn: guardedFetch(config.allowPrivateTargets),
    });
  } catch (e) {
    throw textError('UPSTREAM_ERROR', msg('Could not finish signing in: {reason}'), {
      reason: unreachable(e).message,
    });
  }
  delete data.verifier;
  await provider.save();
  return row.name;
}
