import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html is always revalidated
 * so a deploy is picked up at once. Unknown paths get the app shell, whose router shows the 404 page.
 */
export function webRoutes(distDir: string): Router {
  const r = Router();
  const index = path.join(distDir, 'index.html');
  if (!existsSync(index)) {
    r.get('/{*path}', (_req, res) => {
      res.status(503).type('text').send('The web app is not built yet: run `npm run build`.');
    });
    return r;
  }
  r.use(
    '/assets',
    express.static(path.join(distDir, 'assets'), { immutable: true, maxAge: '365d', index: false }),
  );
  r.use(express.static(distDir, { index: false, maxAge: '1h' }));
  r.get('/{*path}', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return r;
}
