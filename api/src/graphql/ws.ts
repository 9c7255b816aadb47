import type { IncomingMessage, Server } from 'node:http';
import type { Request } from 'express';
import {
  type DocumentNode,
  type ExecutionArgs,
  GraphQLError,
  type GraphQLSchema,
  getOperationAST,
  parse,
  specifiedRules,
  validate,
} from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { LRUCache } from 'lru-cache';
import { WebSocketServer } from 'ws';
import { clientAddress } from '../http/clientAddress.ts';
import { noNulInStringLiterals } from '../http/inputGuard.ts';
import { webSocketOriginAllowed } from '../http/wsOrigin.ts';
import { logger } from '../platform/logger.ts';
import { containsNul, NUL_MESSAGE } from '../platform/validation.ts';
import { armor, parseOptions, responseTooLarge } from './armor.ts';
import { type GraphQLContext, type GraphQLDeps, RequestContext } from './context.ts';
import { costRefusal } from './cost.ts';
import { toGraphQLError } from './errors.ts';

type Extra = { userId?: string | null; address?: string };

/** The close code for a socket over a per-address limit (4xxx: the application's; 429: too many). */
export const TOO_MANY_SOCKETS_CLOSE_CODE = 4429;

/**
 * graphql-ws on /graphql, guarded like the HTTP path: frames larger than WS_MAX_PAYLOAD_BYTES close
 * the socket (1009) before they are buffered, browsers' sockets must come from our own origin, and
 * documents meet the same token (while parsing), depth, alias and cost limits. A signed-in socket
 * is followed by SessionSockets, which closes it when its session ends.
 *
 * One client address (read as HTTP reads it, per TRUST_PROXY) holds at most WS_MAX_SOCKETS_PER_IP
 * sockets, of which WS_MAX_ANONYMOUS_SOCKETS_PER_IP signed out; one more is closed with 4429. A
 * socket runs at most WS_MAX_SUBSCRIPTIONS_PER_SOCKET operations at once (fewer signed out).
 */
export function createGraphQLWs(httpServer: Server, schema: GraphQLSchema, deps: GraphQLDeps) {
  const { config, sessionSockets } = deps.services;
  const wsServer = new WebSocketServer({
    server: httpServer,
    path: '/graphql',
    maxPayload: config.WS_MAX_PAYLOAD_BYTES,
    verifyClient: ({ origin, req }, done) => {
      if (webSocketOriginAllowed(origin, req.headers.host, config.PUBLIC_URL)) return done(true);
      logger.warn({ origin, host: req.headers.host }, 'WebSocket from a foreign origin refused');
      done(false, 403, 'Forbidden origin');
    },
  });

  // Sockets open per client address, all and signed out; a socket leaves them as it closes.
  const sockets = new Map<string, number>();
  const anonymousSockets = new Map<string, number>();
  const add = (counts: Map<string, number>, key: string, by: number) => {
    const n = (counts.get(key) ?? 0) + by;
    if (n > 0) counts.set(key, n);
    else counts.delete(key);
    return n;
  };
  const addressOf = (req: IncomingMessage) => clientAddress(req, config.TRUST_PROXY);
  wsServer.on('connection', (socket, req) => {
    const address = addressOf(req);
    socket.once('close', () => add(sockets, address, -1));
    if (add(sockets, address, 1) > config.WS_MAX_SOCKETS_PER_IP) {
      logger.warn({ address }, 'WebSocket over the per-address limit closed');
      socket.close(TOO_MANY_SOCKETS_CLOSE_CODE, 'Too many connections from this address');
    }
  });

  // Registered before graphql-ws's own listener. ws reports a frame it refuses (too large, not
  // UTF-8, a protocol violation) as a socket error after it has already closed that socket with
  // the matching code; graphql-ws would print each to stderr as an internal error. They are the
  // client's doing: note them in the log and stop there.
  wsServer.on('connection', (socket) => {
    const emit = socket.emit.bind(socket);
    socket.emit = ((event: string | symbol, ...args: unknown[]) => {
      const code = (args[0] as { code?: unknown } | undefined)?.code;
      if (event === 'error' && typeof code === 'string' && code.startsWith('WS_ERR_')) {
        logger.info({ code, message: (args[0] as Error).message }, 'WebSocket frame refused');
        return true;
      }
      return emit(event, ...args);
    }) as typeof socket.emit;
  });

  const rules = [...specifiedRules, ...armor.validationRules, noNulInStringLiterals];
  // Documents that parsed and passed every rule, by their text: clients subscribe with the same few
  // documents, and validating one again (about a millisecond) was a good share of a subscription's
  // cost. The rules read only the document, so a valid one stays valid; variables are checked
  // each time. The same thing Apollo Server's document store does for HTTP.
  const validDocuments = new LRUCache<string, DocumentNode>({ max: 500 });
  return useServer<Record<string, unknown>, Extra>(
    {
      schema,
      // Read the session once per connection from the upgrade request's cookie.
      onConnect: async (ctx) => {
        const req = ctx.extra.request as Request;
        await new Promise<void>((resolve) => deps.sessionMiddleware(req, {} as never, () => resolve()));
        const userId = req.session?.userId ?? null;
        ctx.extra.userId = userId;
        const address = addressOf(req);
        ctx.extra.address = address;
        if (userId) {
          sessionSockets.register(ctx.extra.socket, req.sessionID, userId);
          return true;
        }
        ctx.extra.socket.once('close', () => add(anonymousSockets, address, -1));
        if (add(anonymousSockets, address, 1) > config.WS_MAX_ANONYMOUS_SOCKETS_PER_IP) {
          logger.warn({ address }, 'Signed-out WebSocket over the per-address limit closed');
          ctx.extra.socket.close(
            TOO_MANY_SOCKETS_CLOSE_CODE,
            'Too many signed-out connections from this address',
          );
          return false;
        }
        return true;
      },
      onSubscribe: (ctx, _id, payload) => {
        // This one is among ctx.subscriptions already.
        const running = Object.keys(ctx.subscriptions).length;
        const allowed = ctx.extra.userId
          ? config.WS_MAX_SUBSCRIPTIONS_PER_SOCKET
          : config.WS_MAX_ANONYMOUS_SUBSCRIPTIONS_PER_SOCKET;
        if (running > allowed) {
          return [
            new GraphQLError(`At most ${allowed} operations may run at once on one connection.`, {
              extensions: { code: 'TOO_MANY_SUBSCRIPTIONS', limit: allowed },
            }),
          ];
        }
        let document = validDocuments.get(payload.query);
        if (!document) {
          try {
            document = parse(payload.query, parseOptions);
          } catch (e) {
            return [e instanceof GraphQLError ? e : new GraphQLError('Syntax error')];
          }
          const errors = validate(schema, document, rules);
          if (errors.length > 0) return errors;
          validDocuments.set(payload.query, document);
        }
        if (containsNul(payload.variables)) return [new GraphQLError(NUL_MESSAGE)];
        const refusal = costRefusal({
          schema,
          document,
          operationName: payload.operationName,
          variables: payload.variables,
        });
        if (refusal) return [refusal];
        const args: ExecutionArgs = {
          schema,
          document,
          variableValues: payload.variables,
          operationName: payload.operationName,
        };
        return args;
      },
      // Forked on first use, as for HTTP: following an answer written here needs no database.
      context: (ctx): GraphQLContext =>
        new RequestContext(
          deps.services,
          ctx.extra.userId ?? null,
          ctx.extra.address ?? addressOf(ctx.extra.request),
        ),
      // A query or mutation sent over the socket gets the same size bound as over HTTP (server.ts);
      // subscription events are small and many, and are not stringified twice.
      onNext: (_ctx, _id, _payload, args, result) => {
        if (getOperationAST(args.document, args.operationName)?.operation === 'subscription') return;
        if (Buffer.byteLength(JSON.stringify(result)) <= config.GRAPHQL_MAX_RESPONSE_BYTES) return;
        return { errors: [responseTooLarge(config.GRAPHQL_MAX_RESPONSE_BYTES).toJSON()] };
      },
      onError: (_ctx, _id, _payload, errors) => errors.map((e) => toGraphQLError(e.originalError ?? e)),
    },
    wsServer,
  );
}
