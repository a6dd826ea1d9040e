import { describe, expect, it } from 'vitest';
import { callerIp, NO_TRUSTED_PROXIES, parseTrustProxy, TrustProxyError } from './client-ip.ts';

describe('parseTrustProxy', () => {
  it.each([
    ['unset: trust no proxy', { given: undefined, want: [] }],
    ['empty: trust no proxy', { given: '', want: [] }],
    ['blank: trust no proxy', { given: '  ', want: [] }],
    ['loopback addresses', { given: '127.0.0.1, ::1', want: ['127.0.0.1', '::1'] }],
    ['IPv4 and IPv6 ranges', { given: '10.0.0.0/8,fd00::/8', want: ['10.0.0.0/8', 'fd00::/8'] }],
    ['an IPv4 range with host bits, normalised', { given: '10.1.2.3/8', want: ['10.0.0.0/8'] }],
    ['an IPv6 range with host bits, normalised', { given: '2001:DB8::1/32', want: ['2001:db8::/32'] }],
    ['an IPv4-mapped address, as IPv4', { given: '::ffff:10.0.0.1', want: ['10.0.0.1'] }],
    ['an IPv4-mapped range, as IPv4', { given: '::ffff:10.0.0.0/104', want: ['10.0.0.0/8'] }],
    ['trailing commas and duplicates', { given: '10.0.0.1,,10.0.0.1,', want: ['10.0.0.1'] }],
  ] as [string, { given: string | undefined; want: string[] }][])('%s', (_name, { given, want }) => {
    expect(parseTrustProxy(given).entries).toEqual(want);
  });

  it.each([
    ['true', /'true'.*not an IP address/],
    ['*', /'\*'.*not an IP address/],
    ['loopback', /'loopback'.*not supported/],
    ['0.0.0.0/0', /'0\.0\.0\.0\/0' would trust every address/],
    ['::/0', /'::\/0' would trust every address/],
    ['10.0.0.0/33', /'10\.0\.0\.0\/33'.*prefix length/],
    ['300.0.0.1', /'300\.0\.0\.1'.*not an IP address/],
    ['10.0.0.1, fe80::1%eth0', /'fe80::1%eth0'/],
    ['10.0.0.1:8080', /'10\.0\.0\.1:8080'/],
  ])('refuses %s with an error naming it', (given, message) => {
    expect(() => parseTrustProxy(given)).toThrow(TrustProxyError);
    expect(() => parseTrustProxy(given)).toThrow(message);
  });
});

interface Case {
  peer: string | undefined;
  xff?: string | string[];
  trust?: string;
  want: string | undefined;
}

const request = (c: Case) => ({
  socket: { remoteAddress: c.peer },
  headers: c.xff === undefined ? {} : { 'x-forwarded-for': c.xff },
});

describe('callerIp', () => {
  it.each([
    // no TRUST_PROXY: the TCP peer, whatever the headers say
    ['IPv4 peer, spoofed X-Forwarded-For ignored', { peer: '127.0.0.1', xff: '203.0.113.9', want: '127.0.0.1' }],
    ['IPv6 loopback peer, spoofed X-Forwarded-For ignored', { peer: '::1', xff: '203.0.113.9', want: '::1' }],
    ['IPv4-mapped peer, unmapped', { peer: '::ffff:198.51.100.7', want: '198.51.100.7' }],
    ['IPv6 peer, normalised', { peer: '2001:DB8:0:0::1', want: '2001:db8::1' }],
    ['link-local peer with a zone id, zone dropped', { peer: 'fe80::1%eth0', want: 'fe80::1' }],
    ['no socket address', { peer: undefined, xff: '203.0.113.9', want: undefined }],
    // TRUST_PROXY set, but the peer is not one of the proxies
    [
      'an untrusted peer with X-Forwarded-For',
      { peer: '198.51.100.7', xff: '203.0.113.9', trust: '10.0.0.1', want: '198.51.100.7' },
    ],
    [
      'a peer in a different family from the trusted proxy',
      { peer: '::1', xff: '203.0.113.9', trust: '127.0.0.1', want: '::1' },
    ],
    // trusted peer: X-Forwarded-For from the right, first untrusted hop
    ['trusted 127.0.0.1, one hop', { peer: '127.0.0.1', xff: '203.0.113.9', trust: '127.0.0.1', want: '203.0.113.9' }],
    ['trusted ::1, one hop', { peer: '::1', xff: '203.0.113.9', trust: '::1', want: '203.0.113.9' }],
    [
      'trusted IPv4-mapped peer against an IPv4 entry',
      { peer: '::ffff:10.0.0.1', xff: '203.0.113.9', trust: '10.0.0.0/8', want: '203.0.113.9' },
    ],
    [
      'a client-supplied hop to the left is ignored (right-most untrusted wins)',
      { peer: '127.0.0.1', xff: '198.51.100.7, 203.0.113.9', trust: '127.0.0.1', want: '203.0.113.9' },
    ],
    [
      'trusted hops are skipped',
      {
        peer: '10.0.0.1',
        xff: '198.51.100.7, 203.0.113.9, 10.0.0.3, 10.0.0.2',
        trust: '10.0.0.0/8',
        want: '203.0.113.9',
      },
    ],
    [
      'every hop trusted: the left-most',
      { peer: '10.0.0.1', xff: '10.0.0.3, 10.0.0.2', trust: '10.0.0.0/8', want: '10.0.0.3' },
    ],
    ['no X-Forwarded-For: the peer', { peer: '127.0.0.1', trust: '127.0.0.1', want: '127.0.0.1' }],
    ['an empty X-Forwarded-For: the peer', { peer: '127.0.0.1', xff: '', trust: '127.0.0.1', want: '127.0.0.1' }],
    [
      'an IPv4-mapped hop, unmapped',
      { peer: '127.0.0.1', xff: '::ffff:203.0.113.9', trust: '127.0.0.1', want: '203.0.113.9' },
    ],
    ['an IPv6 hop, normalised', { peer: '127.0.0.1', xff: '2001:DB8:0::1', trust: '127.0.0.1', want: '2001:db8::1' }],
    [
      'several X-Forwarded-For lines read as one list',
      { peer: '127.0.0.1', xff: ['198.51.100.7', '203.0.113.9'], trust: '127.0.0.1', want: '203.0.113.9' },
    ],
    // malformed hops stop the walk at the last trusted hop
    [
      'a malformed right-most hop: the peer',
      { peer: '127.0.0.1', xff: '203.0.113.9, unknown', trust: '127.0.0.1', want: '127.0.0.1' },
    ],
    [
      'a hop with a port: the peer',
      { peer: '127.0.0.1', xff: '203.0.113.9:5555', trust: '127.0.0.1', want: '127.0.0.1' },
    ],
    [
      'a bracketed IPv6 hop: the peer',
      { peer: '127.0.0.1', xff: '[2001:db8::1]', trust: '127.0.0.1', want: '127.0.0.1' },
    ],
    ['a shorthand IPv4 hop: the peer', { peer: '127.0.0.1', xff: '127.1', trust: '127.0.0.1', want: '127.0.0.1' }],
    [
      'a malformed hop behind a trusted one: that trusted hop',
      { peer: '10.0.0.1', xff: '203.0.113.9, garbage, 10.0.0.2', trust: '10.0.0.0/8', want: '10.0.0.2' },
    ],
    [
      'an empty hop behind a trusted one: that trusted hop',
      { peer: '10.0.0.1', xff: '203.0.113.9, , 10.0.0.2', trust: '10.0.0.0/8', want: '10.0.0.2' },
    ],
  ] as [string, Case][])('%s', (_name, c) => {
    expect(callerIp(request(c), parseTrustProxy(c.trust))).toBe(c.want);
  });

  it('trusts no proxy by default', () => {
    expect(NO_TRUSTED_PROXIES.entries).toEqual([]);
    expect(callerIp(request({ peer: '127.0.0.1', xff: '203.0.113.9', want: undefined }), NO_TRUSTED_PROXIES)).toBe(
      '127.0.0.1',
    );
  });
});
