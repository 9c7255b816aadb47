import { Router } from 'express';
import { ruruHTML } from 'ruru/server';
import { serveStatic } from 'ruru/static';
import { withScriptNonce } from './securityHeaders.ts';

/**
 * A GraphQL explorer (Ruru, a GraphiQL distribution) whose scripts are served from our own
 * node_modules, so it works with no internet. Subscriptions go over the same graphql-ws endpoint.
 */
export function graphiqlRoutes(): Router {
  const r = Router();
  const staticPath = '/graphiql/static/';
  const assets = serveStatic(staticPath);
  // ruru trims the static path itself, so it gets the full URL (no Express mount point).
  r.use((req, res, next) => (req.url.startsWith(staticPath) ? assets(req, res, next) : next()));
  r.get('/graphiql', (req, res) => {
    const proto = req.secure ? 'wss' : 'ws';
    // Ruru's page sets itself up with inline scripts: they get this response's CSP nonce.
    const page = withScriptNonce(
      ruruHTML({
        endpoint: '/graphql',
        subscriptionEndpoint: `${proto}://${req.get('host')}/graphql`,
        staticPath,
        htmlParts: { headerScripts: '' },
      } as Parameters<typeof ruruHTML>[0]),
      res,
    );
    res.type('html').send(page);
  });
  return r;
}
