import { describe, expect, it } from 'vitest';
import { blockedAddressReason, checkOutboundUrl, safeLookup } from './outboundUrl.ts';

describe('outbound URL checks', () => {
  it('blocks private, loopback, link-local, CGNAT, multicast and reserved addresses, also inside IPv6', () => {
    for (const ip of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '0:0:0:0:0:ffff:10.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '2002:7f00:1::',
      'fd00:ec2::254',
      'fe80::1',
      'ff02::1',
      '[::1]',
    ])
      expect(blockedAddressReason(ip), ip).not.toBeNull();
    for (const ip of ['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8', '172.32.0.1'])
      expect(blockedAddressReason(ip), ip).toBeNull();
  });

  it('checks a name by what it resolves to, unless private targets are allowed', async () => {
    const resolve = async (host: string) =>
      host === 'inside.example' ? ['93.184.215.14', '10.0.0.7'] : ['93.184.215.14'];
    expect(await checkOutboundUrl('https://inside.example/x', { allowPrivate: false, resolve })).toMatch(
      /10\.0\.0\.7/,
    );
    expect(await checkOutboundUrl('https://outside.example/x', { allowPrivate: false, resolve })).toBeNull();
    expect(await checkOutboundUrl('http://outside.example/x', { allowPrivate: false, resolve })).toMatch(
      /https/,
    );
    expect(await checkOutboundUrl('http://127.0.0.1:8080/x', { allowPrivate: true })).toBeNull();
  });

  it('refuses to connect where a name resolves inward (the lookup the connection uses)', async () => {
    const lookup = safeLookup(false);
    const err = await new Promise<Error | null>((resolve) =>
      lookup('localhost', { all: true }, (e) => resolve(e)),
    );
    expect(err?.message).toMatch(/refused: localhost resolves to/);
    const allowed = await new Promise<unknown>((resolve) =>
      safeLookup(true)('localhost', {}, (e, address) => resolve(e ?? address)),
    );
    expect(allowed).toMatch(/^(127\.0\.0\.1|::1)$/);
  });
});
