import os from 'node:os';
import type { Request } from 'express';
import type { Config } from '../platform/config.ts';

/**
 * The origin for every link we write for someone else to open: e-mails (verification, reset, undo,
 * invitations), share links (also sent to friends in direct messages). PUBLIC_URL when it is set.
 * Without it, the address the user reached this server by, so a phone on the LAN or 127.0.0.1 gets
 * links it can open; but only when that Host is this server's own: a name in ALLOWED_HOSTS, or
 * one of this machine's names (localhost, its hostname, an interface address) on the port the
 * request really arrived on. Anything else (a forged Host header, a proxy's public name) falls back
 * to the port this server listens on at localhost, so a link never points at a host an attacker
 * chose. Behind a proxy, set PUBLIC_URL.
 */
export function linkOriginOf(
  config: Pick<Config, 'PUBLIC_URL' | 'publicUrl' | 'ALLOWED_HOSTS'>,
  req?: Request,
): string {
  if (config.PUBLIC_URL || !req) return config.publicUrl;
  const port = req.socket.localPort;
  // The port really listened on (PORT=0 picks a free one).
  const fallback = port ? `http://localhost:${port}` : config.publicUrl;
  const host = (req.get('host') ?? '').toLowerCase();
  if (!host || !/^[a-z0-9.:[\]-]{1,255}$/.test(host)) return fallback;
  let url: URL;
  try {
    url = new URL(`${req.protocol === 'https' ? 'https' : 'http'}://${host}`);
  } catch {
    return fallback;
  }
  if (config.ALLOWED_HOSTS.includes(host) || config.ALLOWED_HOSTS.includes(url.hostname)) return url.origin;
  const urlPort = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  if (urlPort === port && ownHostnames().has(url.hostname)) return url.origin;
  return fallback;
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
