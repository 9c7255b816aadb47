import type { Request } from 'express';
import { SESSION_COOKIE } from './sessions.ts';

/**
 * Who a request acts for. A browser is signed in by its session cookie (http/sessions.ts); a script
 * sends a personal API token (`Authorization: Bearer …`), which the tokens module checks in its
 * `afterSession` middleware (api/src/modules/tokens/http/bearer.ts) and records here. The transports
 * (rest/respond.ts, rest/adapter.ts, graphql/server.ts) read the user from `requestUserId`, so
 * every route works with a token without naming one; what a token may do is asked of the token
 * itself (`refusal`), so this toolkit knows no module's rules.
 */
export interface TokenAccess {
  tokenId: string;
  userId: string;
  scopes: readonly string[];
  /** Why the token may not run `operation`, or null when its scopes allow it. */
  refusal(operation: TokenOperation): string | null;
}

/** What a request asks: a REST call, or a GraphQL operation's root fields. */
export type TokenOperation =
  | { surface: 'rest'; method: string; path: string }
  | { surface: 'graphql'; operation: 'query' | 'mutation' | 'subscription'; fields: readonly string[] };

declare module 'express-serve-static-core' {
  interface Request {
    /** Set when the request authenticated with a personal API token. */
    apiToken?: TokenAccess;
  }
}

/** The user the request acts for: its token's owner, else its session's, else null. */
export function requestUserId(req: Request): string | null {
  return req.apiToken?.userId ?? req.session?.userId ?? null;
}

/**
 * A token request that carries no session cookie: nothing a browser sends on its own (another
 * site cannot set Authorization without a CORS preflight, never granted), so the cross-site checks
 * meant for cookies (http/crossSite.ts) have nothing to protect.
 */
export function bearerWithoutCookie(req: Request): boolean {
  if (!req.apiToken) return false;
  const cookies = req.get('cookie') ?? '';
  return !cookies.split(';').some((c) => c.trim().startsWith(`${SESSION_COOKIE}=`));
}

/** `url` with the values of `token` and `access_token` query parameters blanked, for logs. */
export function withoutUrlSecrets(url: string): string {
  return url.includes('token=') ? url.replace(/([?&](?:access_)?token=)[^&#]*/gi, '$1[hidden]') : url;
}
