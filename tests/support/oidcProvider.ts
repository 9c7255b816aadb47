import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A person known to the test's OpenID Provider; `sub` is what its login form takes as the login. */
export interface ProviderAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  preferred_username?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds (or replaces) an account the provider's login form accepts. */
  addAccount(account: ProviderAccount): void;
  /**
   * Adds someone Chorus has never seen: `name` as preferred username, a verified address at
   * op.example; the `sub` to sign in with.
   */
  addNewcomer(name: string): string;
  close(): Promise<void>;
}

/**
 * A real OpenID Provider (node-oidc-provider) on 127.0.0.1 for the tests, with its development
 * login and consent pages (any login is accepted; the claims come from `addAccount`). One
 * confidential client whose redirect URI is the api's callback.
 */
export async function startOidcProvider(redirectUris: string[]): Promise<TestOidcProvider> {
  const accounts = new Map<string, ProviderAccount>();
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'chorus-test';
  const clientSecret = 'chorus-test-secret-0123456789abcdef';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    cookies: { keys: ['test-cookie-key-0123456789'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ ...(accounts.get(sub) ?? {}), sub }),
    }),
  });
  // Quiet: its development-mode warnings are about the test set-up itself.
  provider.on('server_error', () => {});
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    addAccount: (account) => accounts.set(account.sub, account),
    addNewcomer(name) {
      const sub = `sub-${name}`;
      accounts.set(sub, { sub, email: `${name}@op.example`, email_verified: true, preferred_username: name });
      return sub;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A free TCP port on this machine (the api must know its own URL before it starts, for the callback). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** OIDC_PROVIDERS for an api that offers `op` as its one provider, `testop` ("Test OP"). */
export function oidcProvidersEnv(op: TestOidcProvider): string {
  return JSON.stringify([
    {
      id: 'testop',
      name: 'Test OP',
      issuer: op.issuer,
      clientId: op.clientId,
      clientSecret: op.clientSecret,
    },
  ]);
}
