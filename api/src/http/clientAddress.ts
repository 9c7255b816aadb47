import type { IncomingMessage } from 'node:http';

/**
 * The client's address as Express's `req.ip` reads it with `trust proxy` set to a number of hops
 * (app.ts sets TRUST_PROXY so): the socket's peer, or the entry of X-Forwarded-For that many
 * proxies back. For requests Express never sees, such as a WebSocket's upgrade (graphql/ws.ts).
 */
export function clientAddress(req: IncomingMessage, trustedHops: number): string {
  const peer = req.socket.remoteAddress ?? 'unknown';
  if (trustedHops <= 0) return peer;
  const header = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .reverse();
  const chain = [peer, ...forwarded];
  return chain[Math.min(trustedHops, chain.length - 1)] ?? peer;
}
