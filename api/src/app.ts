import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { MikroORM } from '@mikro-orm/postgresql';
import express from 'express';
import { pinoHttp } from 'pino-http';
import { graphqlHttpErrorHandler } from './graphql/errors.ts';
import { createGraphQL } from './graphql/server.ts';
import { graphiqlRoutes } from './http/graphiql.ts';
import { databaseHealth } from './http/health.ts';
import { rejectNulInput } from './http/inputGuard.ts';
import type { ChorusModule, RouteDeps } from './http/module.ts';
import { withoutUrlSecrets } from './http/principal.ts';
import { requestLogLevel } from './http/requestLogLevel.ts';
import { securityHeaders } from './http/securityHeaders.ts';
import { createSessionMiddleware } from './http/sessions.ts';
import { webRoutes } from './http/web.ts';
import { entities } from './modules/entities.ts';
import { modules as allModules } from './modules/index.ts';
import type { Config } from './platform/config.ts';
import { initORM } from './platform/db.ts';
import { logger } from './platform/logger.ts';
import { createPgPool } from './platform/pg.ts';
import { PubSub } from './platform/pubsub.ts';
import { shutdownStep } from './platform/shutdown.ts';
import { restApi } from './rest/index.ts';
import { noCache, restErrorHandler } from './rest/respond.ts';
import { createServices } from './services.ts';

export interface RunningApp {
  server: Server;
  orm: MikroORM;
  config: Config;
  url: string;
  close(): Promise<void>;
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * Builds the whole HTTP surface: health probes, /api shims, /graphql (HTTP + WebSocket), the
 * explorer and the web app. Used by main.ts, the tests and the benchmark alike.
 */
export async function startApp(
  config: Config,
  options: { orm?: MikroORM; env?: NodeJS.ProcessEnv } = {},
): Promise<RunningApp> {
  const orm =
    options.orm ??
    (await initORM(config.DATABASE_URL, { entities }, { pool: { min: 0, max: config.DATABASE_POOL_MAX } }));
  const pool = createPgPool(config.DATABASE_URL);
  const pubsub = new PubSub(config.DATABASE_URL, pool);
  const services = createServices({ config, orm, pool, pubsub }, options.env);
  const sessionMiddleware = createSessionMiddleware(config, pool, pubsub);
  const modules: readonly ChorusModule[] = allModules;
  const deps: RouteDeps = { ...services, sessionMiddleware };

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);
  const server = createServer(app);

  // Liveness: the process answers. Also the benchmark's bare-Express baseline.
  app.get('/livez', (_req, res) => {
    res.json({ status: 'ok' });
  });
  // Readiness: the database answers too.
  const databaseAnswers = databaseHealth(() => orm.em.execute('select 1'), config.HEALTH_CHECK_TIMEOUT_MS);
  app.get('/healthz', async (_req, res) => {
    const health = await databaseAnswers();
    res.setHeader('Cache-Control', 'no-store');
    if (health.ok) {
      res.json({ status: 'ok', database: 'ok' });
    } else {
      logger.error({ err: health.error }, 'health check failed');
      res.status(503).json({ status: 'error', database: 'unreachable' });
    }
  });

  // After the probes (/livez stays the benchmark's bare route), before everything a browser reads.
  app.use(securityHeaders({ https: config.publicUrl.startsWith('https:') }));
  app.use(
    pinoHttp({
      logger,
      autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/assets/') },
      // Bind only the request id to req.log: serialising (and redacting) the whole request for a
      // child logger on every request costs more than the request itself on hot paths.
      quietReqLogger: true,
      // One compact line per request: what was asked, by whom, and how it ended. Headers stay out
      // (cookies are secrets, and serialising and redacting them was a third of a request's cost).
      serializers: {
        req: (req: { id: unknown; method: string; url: string; remoteAddress?: string }) => ({
          id: req.id,
          method: req.method,
          // A token sent in the URL (refused, http/principal.ts) must not reach the logs either.
          url: withoutUrlSecrets(req.url),
          remoteAddress: req.remoteAddress,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      customLogLevel: requestLogLevel,
    }),
  );

  const graphql = await createGraphQL(server, { services, sessionMiddleware, modules });

  // No-cache headers first, so every /api answer carries them, failures of the session store included.
  app.use('/api', noCache);
  const afterSession = modules.flatMap((m) => (m.afterSession ? [m.afterSession(services)] : []));
  app.use(['/api', '/graphql'], sessionMiddleware, ...afterSession);
  app.use('/api', restApi(services, modules));
  app.use('/graphql', express.json({ limit: '1mb' }), rejectNulInput, graphql.middleware);
  // Errors raised before the routers (the session store, the activity tracker, body parsing) skip
  // them; these answer in each surface's own JSON shape instead of Express's HTML page.
  app.use('/api', restErrorHandler);
  app.use('/graphql', graphqlHttpErrorHandler);
  // The modules' routes outside /api (video's /media).
  for (const m of modules) for (const mount of m.http ?? []) app.use(mount.path, ...mount.router(deps));
  if (config.graphiql) app.use(graphiqlRoutes());
  app.use(
    webRoutes(config.WEB_DIST ?? defaultWebDist, {
      publicUrl: config.PUBLIC_URL ? config.publicUrl : undefined,
      routes: (site) => modules.flatMap((m) => (m.web?.routes ? [m.web.routes(deps, site)] : [])),
      pageSource: () => Object.assign({}, ...modules.map((m) => m.web?.pageSource?.(deps) ?? {})),
      pages: modules.flatMap((m) => m.web?.pages ?? []),
      gatedPages: modules.flatMap((m) => m.web?.gatedPages?.(deps) ?? []),
    }),
  );

  await new Promise<void>((resolve) => server.listen(config.PORT, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;

  return {
    server,
    orm,
    config,
    url: `http://localhost:${port}`,
    async close() {
      await shutdownStep('graphql', () => graphql.stop());
      // What the modules run (answers being written) stops before the database goes away.
      for (const { shutdown } of modules) {
        if (shutdown) await shutdownStep(shutdown.step, () => shutdown.run(services));
      }
      server.closeAllConnections();
      await shutdownStep('http', () => new Promise<void>((resolve) => server.close(() => resolve())));
      await shutdownStep('pubsub', () => pubsub.close());
      await shutdownStep('pool', () => pool.end());
      if (!options.orm) await shutdownStep('orm', () => orm.close());
    },
  };
}
