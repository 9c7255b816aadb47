import os from 'node:os';
import type { Request } from 'express';
import type { Config } from '../platform/config.ts';

/**
 * The origin for links we e-mail (verification, reset, undo, invitations). PUBLIC_URL when it is
 * set. Without it, the address the user reached this server by, so a phone on the LAN or
 * 127.0.0.1 gets links it can open; but only when that Host names this machine itself
 * (localhost, its hostname or one of its interface addresses) on the port the request really
 * arrived on. Anything else (a forged Host header, a proxy's public name) falls back to the listen
 * address (`http://localhost:PORT`), so a link in somebody's mail never points at a host an
 * attacker chose. Behind a proxy, set PUBLIC_URL.
 */
export function linkOriginOf(config: Pick<Config, 'PUBLIC_URL' | 'publicUrl'>, req?: Request): string {
  if (config.PUBLIC_URL || !req) return config.publicUrl;
  const host = req.get('host');
  if (!host || !/^[A-Za-z0-9.:[\]-]{1,255}$/.test(host)) return config.publicUrl;
  let url: URL;
  try {
    url = new URL(`${req.protocol === 'https' ? 'https' : 'http'}://${host}`);
  } catch {
    return config.publicUrl;
  }
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  if (port !== req.socket.localPort || !ownHostnames().has(url.hostname.toLowerCase()))
    return config.publicUrl;
  return url.origin;
}

/** This machine's own names: loopback, its hostname, and every address of its network interfaces. */
function ownHostnames(): Set<string> {
  const names = new Set(['localhost', '127.0.0.1', '[::1]', os.hostname().toLowerCase()]);
  for (const addresses of Object.values(os.networkInterfaces())) {
    for (const a of addresses ?? [])
      names.add(a.family === 'IPv6' ? `[${a.address.toLowerCase()}]` : a.address);
  }
  return names;
}
