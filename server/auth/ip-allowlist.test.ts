import { describe, expect, it } from 'vitest';
import { AllowListError, isAllowed, parseAllowList } from './ip-allowlist.ts';

describe('parseAllowList normalises valid entries', () => {
  it.each([
    ['a single IPv4 address', { given: '198.51.100.7', want: ['198.51.100.7'] }],
    ['an IPv4 CIDR range', { given: '203.0.113.0/24', want: ['203.0.113.0/24'] }],
    ['an IPv4 CIDR with host bits, stored as its network', { given: '203.0.113.77/24', want: ['203.0.113.0/24'] }],
    ['an IPv4 /32', { given: '198.51.100.7/32', want: ['198.51.100.7/32'] }],
    ['a single IPv6 address', { given: '2001:db8::1', want: ['2001:db8::1'] }],
    ['an IPv6 address in upper case with explicit zeros', { given: '2001:DB8:0:0::1', want: ['2001:db8::1'] }],
    ['an IPv6 address fully expanded', { given: '2001:0db8:0000:0000:0000:0000:0000:0001', want: ['2001:db8::1'] }],
    ['IPv6 loopback', { given: '::1', want: ['::1'] }],
    ['an IPv4-mapped IPv6 address, stored as IPv4', { given: '::ffff:198.51.100.7', want: ['198.51.100.7'] }],
    [
      'a comma-separated list with spaces and a trailing comma',
      {
        given: ' 198.51.100.7 , 203.0.113.0/24,2001:db8::1, ',
        want: ['198.51.100.7', '203.0.113.0/24', '2001:db8::1'],
      },
    ],
    [
      'a list of entries, some comma-separated',
      { given: ['198.51.100.7', ' 2001:db8::1 ,', '10.0.0.0/8,'], want: ['198.51.100.7', '2001:db8::1', '10.0.0.0/8'] },
    ],
    [
      'duplicates, in any form, kept once',
      { given: '2001:db8::1,2001:DB8::0:1,198.51.100.7,198.51.100.7', want: ['2001:db8::1', '198.51.100.7'] },
    ],
    ['an empty string (any address)', { given: '', want: [] }],
    ['an empty list (any address)', { given: [], want: [] }],
    ['only commas and spaces', { given: ' , ,, ', want: [] }],
  ] as [string, { given: string | string[]; want: string[] }][])('%s', (_name, { given, want }) => {
    expect(parseAllowList(given)).toEqual(want);
  });
});

describe('parseAllowList rejects bad entries with an error naming them', () => {
  it.each([
    ['an IPv4 octet out of range', { given: '300.1.1.1', names: '300.1.1.1', reason: /not an IPv4 address/ }],
    ['a word', { given: 'office', names: 'office', reason: /not an IPv4 address/ }],
    ['a shorthand IPv4', { given: '10.1', names: '10.1', reason: /not an IPv4 address/ }],
    ['a hexadecimal IPv4', { given: '0x0a.0.0.1', names: '0x0a.0.0.1', reason: /not an IPv4 address/ }],
    ['an IPv4 with leading zeros', { given: '010.0.0.1', names: '010.0.0.1', reason: /not an IPv4 address/ }],
    [
      'a prefix length over 32',
      { given: '203.0.113.0/33', names: '203.0.113.0/33', reason: /prefix length must be 0\.\.32/ },
    ],
    ['a missing prefix length', { given: '203.0.113.0/', names: '203.0.113.0/', reason: /prefix length/ }],
    ['a non-numeric prefix length', { given: '203.0.113.0/abc', names: '203.0.113.0/abc', reason: /prefix length/ }],
    ['two slashes', { given: '203.0.113.0/24/8', names: '203.0.113.0/24/8', reason: /prefix length/ }],
    [
      'a netmask instead of a prefix',
      { given: '203.0.113.0/255.255.255.0', names: '203.0.113.0/255.255.255.0', reason: /prefix length/ },
    ],
    ['an IPv6 CIDR range', { given: '2001:db8::/32', names: '2001:db8::/32', reason: /IPv6 ranges are not supported/ }],
    ['an IPv6 zone id', { given: 'fe80::1%eth0', names: 'fe80::1%eth0', reason: /not an IPv4 address/ }],
    ['an address with a port', { given: '198.51.100.7:443', names: '198.51.100.7:443', reason: /not an IPv4 address/ }],
    ['an IPv6 address in brackets', { given: '[2001:db8::1]', names: '[2001:db8::1]', reason: /not an IPv4 address/ }],
    [
      'a bad entry among good ones',
      { given: '198.51.100.7, 1.2.3.4.5', names: '1.2.3.4.5', reason: /not an IPv4 address/ },
    ],
  ])('%s', (_name, { given, names, reason }) => {
    let err: unknown;
    try {
      parseAllowList(given);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AllowListError);
    const e = err as AllowListError;
    expect(e.message).toContain(`'${names}'`);
    expect(e.message).toMatch(reason);
    expect(e.invalid).toEqual([names]);
  });

  it('names every bad entry at once', () => {
    expect(() => parseAllowList(['bad-one', '198.51.100.7', '2001:db8::/48'])).toThrow(
      /invalid IP allow-list entries: 'bad-one' \(.*\), '2001:db8::\/48' \(IPv6 ranges are not supported; list single IPv6 addresses\)/,
    );
  });
});

describe('isAllowed', () => {
  it.each([
    // empty list
    ['an empty list allows any IPv4', { ip: '203.0.113.9', entries: [], want: true }],
    ['an empty list allows any IPv6', { ip: '2001:db8::99', entries: [], want: true }],
    ['an empty list allows an unknown caller', { ip: undefined, entries: [], want: true }],
    // IPv4
    ['IPv4 on the list', { ip: '198.51.100.7', entries: ['198.51.100.7'], want: true }],
    ['IPv4 not on the list', { ip: '198.51.100.8', entries: ['198.51.100.7'], want: false }],
    ['IPv4 matching the second entry', { ip: '198.51.100.8', entries: ['198.51.100.7', '198.51.100.8'], want: true }],
    // IPv4 CIDR
    ['IPv4 inside a CIDR', { ip: '203.0.113.9', entries: ['203.0.113.0/24'], want: true }],
    ['IPv4 at the top of a CIDR', { ip: '203.0.113.255', entries: ['203.0.113.0/24'], want: true }],
    ['IPv4 just outside a CIDR', { ip: '203.0.114.0', entries: ['203.0.113.0/24'], want: false }],
    ['IPv4 in a /32', { ip: '198.51.100.7', entries: ['198.51.100.7/32'], want: true }],
    ['IPv4 next to a /32', { ip: '198.51.100.6', entries: ['198.51.100.7/32'], want: false }],
    [
      'a stored CIDR with host bits still matches its network',
      { ip: '203.0.113.1', entries: ['203.0.113.77/24'], want: true },
    ],
    // IPv6
    ['IPv6 on the list', { ip: '2001:db8::1', entries: ['2001:db8::1'], want: true }],
    ['IPv6 not on the list', { ip: '2001:db8::2', entries: ['2001:db8::1'], want: false }],
    ['an IPv6 caller in a non-normalised form', { ip: '2001:DB8:0:0:0:0:0:1', entries: ['2001:db8::1'], want: true }],
    ['a stored IPv6 entry in a non-normalised form', { ip: '2001:db8::1', entries: ['2001:db8:0:0::1'], want: true }],
    ['an IPv6 caller with a zone id', { ip: 'fe80::1%eth0', entries: ['fe80::1'], want: true }],
    // IPv4-mapped IPv6 callers
    [
      'an IPv4-mapped caller against an IPv4 entry',
      { ip: '::ffff:198.51.100.7', entries: ['198.51.100.7'], want: true },
    ],
    [
      'an IPv4-mapped caller against an IPv4 CIDR',
      { ip: '::ffff:203.0.113.9', entries: ['203.0.113.0/24'], want: true },
    ],
    ['an IPv4-mapped caller in hex form', { ip: '::ffff:cb00:7109', entries: ['203.0.113.0/24'], want: true }],
    ['an IPv4-mapped caller not on the list', { ip: '::ffff:192.0.2.1', entries: ['203.0.113.0/24'], want: false }],
    [
      'an IPv4-mapped stored entry against an IPv4 caller',
      { ip: '198.51.100.7', entries: ['::ffff:198.51.100.7'], want: true },
    ],
    // families never cross
    ['an IPv4 caller against an IPv6 entry', { ip: '198.51.100.7', entries: ['2001:db8::1'], want: false }],
    ['an IPv6 caller against an IPv4 CIDR', { ip: '2001:db8::1', entries: ['0.0.0.0/0'], want: false }],
    // loopback
    ['127.0.0.1 on the list', { ip: '127.0.0.1', entries: ['127.0.0.1'], want: true }],
    ['::1 on the list', { ip: '::1', entries: ['::1'], want: true }],
    ['::1 is not 127.0.0.1', { ip: '::1', entries: ['127.0.0.1'], want: false }],
    ['127.0.0.1 is not ::1', { ip: '127.0.0.1', entries: ['::1'], want: false }],
    // fail closed
    ['an unknown caller against a list', { ip: undefined, entries: ['198.51.100.7'], want: false }],
    ['an unparsable caller against a list', { ip: 'localhost', entries: ['127.0.0.1'], want: false }],
    ['a shorthand caller address is not read as IPv4', { ip: '127.1', entries: ['127.0.0.1'], want: false }],
    ['a stored entry that does not parse matches nothing', { ip: '198.51.100.7', entries: ['not-an-ip'], want: false }],
    ['a stored empty entry matches nothing', { ip: '198.51.100.7', entries: [''], want: false }],
  ] as [string, { ip: string | undefined; entries: string[]; want: boolean }][])(
    '%s',
    (_name, { ip, entries, want }) => {
      expect(isAllowed(ip, entries)).toBe(want);
    },
  );

  it('agrees with parseAllowList: every normalised entry matches the address it came from', () => {
    const given = ['198.51.100.7', '203.0.113.7/24', '2001:DB8:0:0::1', '::ffff:192.0.2.33'];
    const stored = parseAllowList(given);
    for (const ip of ['198.51.100.7', '203.0.113.7', '2001:db8::1', '192.0.2.33', '::ffff:192.0.2.33']) {
      expect(isAllowed(ip, stored)).toBe(true);
    }
    expect(isAllowed('192.0.2.34', stored)).toBe(false);
  });
});
