import { promises as dns, lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { msg } from './i18n.ts';

/**
 * Requests the server makes to addresses its users give (outgoing webhooks, later MCP tools) must
 * not reach the machine's own network: loopback, private ranges, link-local (cloud metadata at
 * 169.254.169.254), CGNAT, multicast and the like, in IPv4 and IPv6 (IPv4 inside IPv6 is read as the
 * IPv4 it carries). The check runs twice: when a URL is saved (a clear 400), and when connecting,
 * on the addresses DNS gives then (`safeLookup`), so a name that resolves elsewhere later (DNS
 * rebinding) still can't get through. An IP literal never reaches a lookup: `checkOutboundUrl` covers it.
 */

const blockedV4 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const)
  blockedV4.addSubnet(net, prefix, 'ipv4');

const blockedV6 = new BlockList();
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo among them)
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (fd00:ec2::254, AWS's metadata, among them)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
] as const)
  blockedV6.addSubnet(net, prefix, 'ipv6');

/** The 16 bytes of an IPv6 address (any valid spelling, with an IPv4 tail or not). */
function ipv6Bytes(address: string): number[] {
  let text = address.replace(/%.*$/, '');
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -tail[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const groups =
    rest === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return groups.flatMap((g) => {
    const n = Number.parseInt(g || '0', 16);
    return [n >> 8, n & 0xff];
  });
}

/** The IPv4 address an IPv6 one carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::, 6to4 2002::), if any. */
function embeddedIpv4(bytes: number[]): string | null {
  const zero = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  const v4 = (at: number) => bytes.slice(at, at + 4).join('.');
  if (zero(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return v4(12); // ::ffff:0:0/96
  if (zero(0, 12)) return v4(12); // the deprecated IPv4-compatible ::a.b.c.d
  if (bytes[0] === 0 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zero(4, 12))
    return v4(12);
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return v4(2); // 6to4
  return null;
}

/** Why `address` (an IP) may not be reached, or null when it may. */
export function blockedAddressReason(address: string): string | null {
  const family = isIP(address.replace(/^\[|\]$/g, ''));
  const ip = address.replace(/^\[|\]$/g, '');
  if (family === 4) return blockedV4.check(ip, 'ipv4') ? `${ip} is a private or reserved address` : null;
  if (family !== 6) return `${address} is not an IP address`;
  const bytes = ipv6Bytes(ip);
  const inner = embeddedIpv4(bytes);
  // ::1 and :: are all zeros but for the end: checked as IPv6 first.
  if (blockedV6.check(ip, 'ipv6')) return `${ip} is a private or reserved address`;
  if (inner && blockedV4.check(inner, 'ipv4')) return `${ip} is a private or reserved address (${inner})`;
  return null;
}

export interface OutboundUrlOptions {
  /** Private and loopback targets allowed, and plain http with them (a self-hosted install, tests). */
  allowPrivate: boolean;
  /** Check the scheme, literal addresses and local names only: the connection's lookup checks the rest. */
  literalOnly?: boolean;
  /** Resolves a host name to its addresses (tests may give their own). */
  resolve?: (host: string) => Promise<string[]>;
}

const resolveAll = async (host: string) => (await dns.lookup(host, { all: true })).map((a) => a.address);

/** A URL's problem, as a sentence a person can act on, or null when it may be called. */
export async function checkOutboundUrl(raw: string, options: OutboundUrlOptions): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return msg('Enter a full URL, like https://example.com/hooks/chorus');
  }
  if (url.protocol !== 'https:' && !(options.allowPrivate && url.protocol === 'http:'))
    return options.allowPrivate
      ? msg('The URL must start with https:// or http://')
      : msg('The URL must start with https://');
  if (url.username || url.password) return msg('The URL may not contain a user name or password');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!host) return msg('The URL has no host');
  if (options.allowPrivate) return null;
  if (isIP(host)) {
    const reason = blockedAddressReason(host);
    return reason ? `That address can't be used: ${reason}` : null;
  }
  if (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.internal') ||
    host.endsWith('.local')
  )
    return `That address can't be used: ${host} is a local name`;
  if (options.literalOnly) return null;
  let addresses: string[];
  try {
    addresses = await (options.resolve ?? resolveAll)(host);
  } catch {
    return `${host} could not be found (DNS)`;
  }
  if (addresses.length === 0) return `${host} could not be found (DNS)`;
  for (const address of addresses) {
    const reason = blockedAddressReason(address);
    if (reason) return `That address can't be used: ${host} resolves to ${reason}`;
  }
  return null;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for node's http/https/net (and undici's `connect.lookup`) that refuses a host whose
 * addresses include a blocked one, so the connection goes only to an address that was checked.
 */
export function safeLookup(allowPrivate: boolean) {
  return (
    hostname: string,
    options: { all?: boolean; family?: number } | number,
    callback: LookupCallback,
  ) => {
    const opts = typeof options === 'number' ? { family: options } : (options ?? {});
    dnsLookup(hostname, { ...opts, all: true }, (err, addresses) => {
      if (err) return callback(err, opts.all ? [] : '', 0);
      const list = addresses as LookupAddress[];
      if (!allowPrivate) {
        for (const a of list) {
          const reason = blockedAddressReason(a.address);
          if (reason) {
            const refused = Object.assign(new Error(`refused: ${hostname} resolves to ${reason}`), {
              code: 'EADDRBLOCKED',
            });
            return callback(refused, opts.all ? [] : '', 0);
          }
        }
      }
      if (opts.all) return callback(null, list);
      const first = list[0];
      if (!first)
        return callback(Object.assign(new Error(`${hostname} not found`), { code: 'ENOTFOUND' }), '', 0);
      callback(null, first.address, first.family);
    });
  };
}
