import type { RequestHandler } from 'express';
import { readSettings } from '../../../platform/config.ts';
import { AppError, unauthenticated } from '../../../platform/errors.ts';
import { logger } from '../../../platform/logger.ts';
import type { AppServices } from '../../../platform/module.ts';
import { containsNul } from '../../../platform/validation.ts';
import { TokenRequestLimiter } from '../core/requestLimit.ts';
import { scopeRefusal } from '../core/scopes.ts';
import { authenticate, touchLastUsed } from '../core/tokens.ts';
import { tokensSettings } from '../settings.ts';

const TOUCH_EVERY_MS = 60_000;

/**
 * Signs a request in by its personal API token (`Authorization: Bearer chorus_pat_…`) on /api and
 * /graphql, after the session middleware (module.ts `afterSession`): records the token on the
 * request (http/principal.ts), which every route then reads its user from. A REST call outside the
 * token's scopes is refused here, before any route runs (core/scopes.ts); a GraphQL operation once
 * Apollo knows its fields (graphql/tokenScopes.ts). A token in the query string is refused (and
 * never looked up): URLs end up in logs, histories and Referer headers.
 */
export function bearerAuth(services: AppServices): RequestHandler {
  const limiter = new TokenRequestLimiter(readSettings(tokensSettings, services.config), services.pool);
  return async (req, res, next) => {
    // A NUL anywhere is bad input before anything else: the input guard after this answers 400
    // (http/inputGuard.ts), whatever the query string also carries.
    if (containsNul(req.query)) return next();
    if (req.query && typeof req.query === 'object' && ('token' in req.query || 'access_token' in req.query))
      throw unauthenticated(
        'API tokens are not accepted in the URL: send the token in the Authorization header (Authorization: Bearer …)',
      );
    const header = req.get('authorization');
    if (header === undefined) return next();
    const bearer = /^Bearer(?:\s+(.*))?$/i.exec(header.trim());
    // Other schemes (Basic…) are not ours to read; the request goes on as the session's, if any.
    if (!bearer) return next();
    const grant = await authenticate(services.orm.em.fork(), (bearer[1] ?? '').trim());
    await limiter.consume(grant.userId);
    req.apiToken = {
      tokenId: grant.tokenId,
      userId: grant.userId,
      scopes: grant.scopes,
      refusal: (operation) => scopeRefusal(grant.scopes, operation),
    };
    if (req.baseUrl === '/api') {
      const refusal = scopeRefusal(grant.scopes, { surface: 'rest', method: req.method, path: req.path });
      if (refusal) throw new AppError('FORBIDDEN', refusal, { reason: 'token-scope' });
    }
    // "Last used" to the minute: no write for the other requests of that minute.
    if (!grant.lastUsedAt || Date.now() - grant.lastUsedAt.getTime() > TOUCH_EVERY_MS)
      res.once('finish', () => {
        touchLastUsed(services.orm.em.fork(), grant.tokenId).catch((err) =>
          logger.warn({ err }, 'API token lastUsedAt update failed'),
        );
      });
    next();
  };
}
