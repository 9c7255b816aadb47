import * as client from 'openid-client';
import { AppError, notFound, textError } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import type { OidcProviderConfig } from '../../../platform/oidcConfig.ts';
import type { ExternalIdentity } from '../core/oidcAccounts.ts';

declare module 'express-session' {
  interface SessionData {
    /** An external sign-in under way: what the callback must see again (state, nonce, PKCE). */
    oidc?: { provider: string; state: string; nonce: string; codeVerifier: string; expiresAt: number };
  }
}

const GITHUB_WEB = 'https://github.com';
const GITHUB_API = 'https://api.github.com';
/** GitHub's OAuth endpoints, on github.com or a GitHub Enterprise Server at `issuer`. */
const githubServer = (issuer = GITHUB_WEB) => {
  const base = issuer.replace(/\/+$/, '');
  return {
    issuer: base,
    authorization_endpoint: `${base}/login/oauth/authorize`,
    token_endpoint: `${base}/login/oauth/access_token`,
  };
};
const loopback = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

/**
 * Sign-in with OpenID Connect providers (and GitHub's OAuth 2.0) through openid-client: the
 * authorization code flow with PKCE (S256), state and, for OpenID Connect, a nonce checked in the
 * ID token. Discovery runs once per provider (again after a failure).
 */
export class OidcProviders {
  private readonly configs = new Map<string, Promise<client.Configuration>>();

  constructor(
    private readonly providers: OidcProviderConfig[],
    private readonly publicUrl: string,
  ) {}

  list(): { id: string; name: string }[] {
    return this.providers.map(({ id, name }) => ({ id, name }));
  }

  redirectUri(id: string): string {
    return `${this.publicUrl}/api/auth/oidc/${id}/callback`;
  }

  private provider(id: string): OidcProviderConfig {
    const provider = this.providers.find((p) => p.id === id);
    if (!provider) throw notFound(msg('No such sign-in provider'));
    return provider;
  }

  private configuration(provider: OidcProviderConfig): Promise<client.Configuration> {
    let config = this.configs.get(provider.id);
    if (!config) {
      config = this.discover(provider);
      this.configs.set(provider.id, config);
      config.catch(() => this.configs.delete(provider.id));
    }
    return config;
  }

  private async discover(provider: OidcProviderConfig): Promise<client.Configuration> {
    const issuer = new URL(provider.issuer ?? GITHUB_WEB);
    // Plain HTTP only for a provider on this machine (a local Keycloak, the tests' provider).
    const insecure = issuer.protocol === 'http:' && loopback(issuer);
    if (provider.type === 'github') {
      const config = new client.Configuration(
        githubServer(provider.issuer),
        provider.clientId,
        provider.clientSecret,
      );
      if (insecure) client.allowInsecureRequests(config);
      return config;
    }
    try {
      return await client.discovery(
        issuer,
        provider.clientId,
        provider.clientSecret,
        undefined,
        insecure ? { execute: [client.allowInsecureRequests] } : undefined,
      );
    } catch (e) {
      throw textError('UPSTREAM_ERROR', msg('{provider} could not be reached: {error}'), {
        provider: provider.name,
        error: (e as Error).message,
      });
    }
  }

  /** The provider's authorization URL, and what the callback must check. */
  async start(id: string) {
    const provider = this.provider(id);
    const config = await this.configuration(provider);
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const params: Record<string, string> = {
      redirect_uri: this.redirectUri(id),
      scope: provider.scope ?? (provider.type === 'github' ? 'read:user user:email' : 'openid email profile'),
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
    };
    if (provider.type === 'oidc') params.nonce = nonce;
    return { url: client.buildAuthorizationUrl(config, params).href, checks: { state, nonce, codeVerifier } };
  }

  /** Redeems the code of the provider's redirect; answers who signed in. */
  async finish(
    id: string,
    callbackUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<ExternalIdentity> {
    const provider = this.provider(id);
    const config = await this.configuration(provider);
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        ...(provider.type === 'oidc' ? { expectedNonce: checks.nonce, idTokenExpected: true } : {}),
      });
    } catch (e) {
      throw textError('BAD_USER_INPUT', msg('Sign-in with {provider} failed: {error}'), {
        provider: provider.name,
        error: (e as Error).message,
      });
    }
    if (provider.type === 'github') return githubIdentity(provider, tokens.access_token);
    const claims = tokens.claims();
    if (!claims)
      throw textError('BAD_USER_INPUT', msg('Sign-in with {provider} failed: no ID token'), {
        provider: provider.name,
      });
    // Many providers put the e-mail in the user-info answer only (for the code flow).
    const info =
      typeof claims.email === 'string'
        ? claims
        : await client.fetchUserInfo(config, tokens.access_token, claims.sub).catch(() => claims);
    const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
    return {
      provider: provider.id,
      subject: claims.sub,
      email: str(info.email),
      emailVerified: info.email_verified === true,
      preferredName: str(info.preferred_username) ?? str(info.nickname),
      displayName: str(info.name),
    };
  }
}

/** GitHub: the user, and their primary verified address from /user/emails. */
async function githubIdentity(provider: OidcProviderConfig, accessToken: string): Promise<ExternalIdentity> {
  const api = (provider.apiUrl ?? GITHUB_API).replace(/\/+$/, '');
  const get = async (path: string) => {
    const res = await fetch(`${api}${path}`, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/vnd.github+json' },
    });
    if (!res.ok) throw new AppError('UPSTREAM_ERROR', `GitHub answered ${res.status}`);
    return res.json() as Promise<unknown>;
  };
  const user = (await get('/user')) as { id: number; login: string; name?: string | null };
  const emails = (await get('/user/emails')) as { email: string; primary: boolean; verified: boolean }[];
  const primary = emails.find((e) => e.primary && e.verified) ?? emails.find((e) => e.verified);
  return {
    provider: provider.id,
    subject: String(user.id),
    email: primary?.email,
    emailVerified: Boolean(primary?.verified),
    preferredName: user.login,
    displayName: user.name ?? undefined,
  };
}
