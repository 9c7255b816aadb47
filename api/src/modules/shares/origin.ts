import type { Request } from 'express';
import type { Config } from '../../platform/config.ts';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The site's origin for the links we write (a share link is also sent to friends in a direct
 * message, so it must never carry a name the requester made up): PUBLIC_URL when set. Without it,
 * the request's Host only when it is one of the server's own names: a loopback name on the port
 * this server listens on, or a host in ALLOWED_HOSTS. Any other Host gets the default origin.
 */
export function originOf(config: Pick<Config, 'PUBLIC_URL' | 'publicUrl' | 'ALLOWED_HOSTS'>, req?: Request) {
  if (config.PUBLIC_URL || !req) return config.publicUrl;
  const port = req.socket.localPort;
  const host = (req.get('host') ?? '').toLowerCase();
  const hostname = host.replace(/:\d+$/, '');
  const own =
    config.ALLOWED_HOSTS.includes(host) ||
    config.ALLOWED_HOSTS.includes(hostname) ||
    (LOOPBACK.has(hostname) && host === `${hostname}:${port}`);
  if (own) return `${req.protocol}://${host}`;
  // The port actually listened on (PORT=0 picks a free one).
  return port ? `http://localhost:${port}` : config.publicUrl;
}
