import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A GitHub account as the fake knows it: /user, and the addresses /user/emails lists. */
export interface GitHubAccount {
  id: number;
  login: string;
  name?: string | null;
  emails: { email: string; primary: boolean; verified: boolean }[];
}

export interface FakeGitHub {
  /** Both the web (OAuth) and API address here, as a GitHub Enterprise Server config gives them. */
  url: string;
  clientId: string;
  clientSecret: string;
  /** Who "is signed in at GitHub" and approves the next authorization. */
  signInAs(account: GitHubAccount): void;
  /** What the token endpoint was sent, newest last. */
  tokenRequests: Record<string, string>[];
  close(): Promise<void>;
}

/**
 * A small stand-in for GitHub's OAuth 2.0 web flow and REST API, speaking what the real one does:
 * GET /login/oauth/authorize redirects back with a code and the state; POST
 * /login/oauth/access_token (form body, client credentials, PKCE verifier) answers JSON when asked
 * for JSON; GET /user and /user/emails take the bearer token. Codes are single use and bound to the
 * client, the redirect URI and the PKCE challenge.
 */
export async function startFakeGitHub(): Promise<FakeGitHub> {
  const clientId = 'Iv1.fakegithub0001';
  const clientSecret = 'fake-github-secret-0123456789';
  let current: GitHubAccount | undefined;
  const codes = new Map<string, { account: GitHubAccount; redirectUri: string; challenge: string }>();
  const tokens = new Map<string, GitHubAccount>();
  const tokenRequests: Record<string, string>[] = [];

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const bearer = (req: IncomingMessage) => {
    const m = /^(?:Bearer|token) (.+)$/i.exec(req.headers.authorization ?? '');
    return m ? tokens.get(m[1]!) : undefined;
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
      const q = url.searchParams;
      if (q.get('client_id') !== clientId || !q.get('redirect_uri') || !current) {
        res.writeHead(400).end('bad authorization request');
        return;
      }
      const code = randomBytes(10).toString('hex');
      codes.set(code, {
        account: current,
        redirectUri: q.get('redirect_uri')!,
        challenge: q.get('code_challenge_method') === 'S256' ? (q.get('code_challenge') ?? '') : '',
      });
      const back = new URL(q.get('redirect_uri')!);
      back.searchParams.set('code', code);
      if (q.get('state')) back.searchParams.set('state', q.get('state')!);
      res.writeHead(302, { location: back.href }).end();
      return;
    }
    if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
      // Client credentials in the form (client_secret_post) or as HTTP Basic.
      const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
      if (basic) {
        const [id, secret] = Buffer.from(basic[1]!, 'base64').toString().split(':').map(decodeURIComponent);
        form.client_id ??= id!;
        form.client_secret ??= secret!;
      }
      tokenRequests.push(form);
      const grant = form.code ? codes.get(form.code) : undefined;
      if (form.code) codes.delete(form.code);
      const verifier = form.code_verifier ?? '';
      const pkceOk =
        grant &&
        (!grant.challenge || createHash('sha256').update(verifier).digest('base64url') === grant.challenge);
      // GitHub answers its OAuth errors with 200 and an `error` field.
      if (form.client_id !== clientId || form.client_secret !== clientSecret) {
        json(res, 200, { error: 'incorrect_client_credentials' });
      } else if (!grant || grant.redirectUri !== form.redirect_uri || !pkceOk) {
        json(res, 200, { error: 'bad_verification_code' });
      } else {
        const token = `gho_${randomBytes(16).toString('hex')}`;
        tokens.set(token, grant.account);
        json(res, 200, { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' });
      }
      return;
    }
    if (req.method === 'GET' && (url.pathname === '/user' || url.pathname === '/user/emails')) {
      const account = bearer(req);
      if (!account) {
        json(res, 401, { message: 'Requires authentication' });
        return;
      }
      if (url.pathname === '/user')
        json(res, 200, { id: account.id, login: account.login, name: account.name ?? null });
      else json(res, 200, account.emails);
      return;
    }
    json(res, 404, { message: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    clientId,
    clientSecret,
    signInAs: (account) => {
      current = account;
    },
    tokenRequests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
