/**
 * The accounts benchmark's reference (run as its own process by accounts.ts): the fixed stack with
 * none of Chorus in it, to show how close to 1 a ratio against a bare Express route can get at all.
 * One Express 5 process serves a bare JSON route, a route reading an express-session session (its
 * in-memory store, no database) and Apollo Server 5 answering `me` from a constant. Prints its URL
 * and a signed session cookie on one line.
 *
 * Also the session read and `me` under /logged, behind helmet's default headers and a pino-http log
 * line per request (to /dev/null), `me` answering the session's user: what every Chorus request
 * pays for that the floor doesn't, in stock form, to show what that alone costs against the target.
 */
import { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import express from 'express';
import session from 'express-session';
import helmet from 'helmet';
import { pino } from 'pino';
import { pinoHttp } from 'pino-http';

const app = express();
app.disable('x-powered-by');
app.get('/bare', (_req, res) => {
  res.json({ status: 'ok' });
});
app.use('/logged', helmet(), pinoHttp({ logger: pino(pino.destination('/dev/null')) }));
app.use(
  session({
    secret: 'stack-floor-secret-0123456789abcdef',
    resave: false,
    saveUninitialized: false,
    rolling: false,
    cookie: { httpOnly: true, sameSite: 'lax', maxAge: 30 * 24 * 3600 * 1000 },
  }),
);
const user = { id: '6d1c1f5e-0000-4000-8000-000000000000', username: 'floor', email: 'floor@example.com' };
app.post('/sign-in', (req, res) => {
  (req.session as unknown as { userId: string }).userId = user.id;
  res.json(user);
});
app.get(['/session', '/logged/session'], (req, res) => {
  if ((req.session as unknown as { userId?: string }).userId !== user.id) res.status(401).end();
  else res.json(user);
});
const apollo = new ApolloServer({
  typeDefs: 'type Query { me: User } type User { id: ID! username: String! email: String! }',
  // Constant under /graphql; under /logged/graphql only for the session's user, as `me` has to be.
  resolvers: {
    Query: {
      me: (_: unknown, __: unknown, ctx: { userId?: string }) => (ctx.userId === user.id ? user : null),
    },
  },
  csrfPrevention: true,
});
await apollo.start();
app.use(
  '/graphql',
  express.json(),
  expressMiddleware(apollo, { context: async () => ({ userId: user.id }) }),
);
app.use(
  '/logged/graphql',
  express.json(),
  expressMiddleware(apollo, {
    context: async ({ req }) => ({ userId: (req.session as unknown as { userId?: string }).userId }),
  }),
);

const server = app.listen(0, '127.0.0.1', async () => {
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const signedIn = await fetch(`${url}/sign-in`, { method: 'POST' });
  const cookie = signedIn.headers.getSetCookie()[0]!.split(';')[0]!;
  console.log(JSON.stringify({ url, cookie }));
});
process.on('SIGTERM', () => {
  server.close();
  void apollo.stop().then(() => process.exit(0));
});
