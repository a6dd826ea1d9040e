/**
 * The SSRF guard's address and URL rules: tables of every special range and URL notation, fast-check properties
 * against an oracle written here from the IANA special-purpose registries (not from ipaddr.js, which the code uses),
 * and mutants — broken copies of url-policy.ts — that the same tables must catch.
 */
import { describe, expect, it } from 'vitest';
import * as policyModule from './url-policy.ts';
import { importMutant, type Edit } from '../../test/helpers/import-mutant.ts';

type PolicyModule = typeof policyModule;
const { addressAllowed, checkResolvedAddresses, checkWebhookUrl, webhookUrlPolicy } = policyModule;

const STRICT = { requireHttps: false, allowPrivate: false };
const LENIENT = { requireHttps: false, allowPrivate: true };
const PRODUCTION = { requireHttps: true, allowPrivate: false };

// [address, allowed without allowPrivate, allowed with allowPrivate]
const ADDRESSES: [string, boolean, boolean][] = [
  // IPv4 special ranges
  ['0.0.0.0', false, false],
  ['0.1.2.3', false, false],
  ['255.255.255.255', false, false],
  ['169.254.169.254', false, false],
  ['169.254.0.1', false, false],
  ['224.0.0.1', false, false],
  ['239.255.255.255', false, false],
  ['127.0.0.1', false, true],
  ['127.255.255.254', false, true],
  ['10.0.0.1', false, true],
  ['10.255.255.255', false, true],
  ['172.16.0.1', false, true],
  ['172.31.255.255', false, true],
  ['192.168.0.1', false, true],
  ['100.64.0.1', false, true],
  ['100.127.255.255', false, true],
  ['192.0.0.8', false, true],
  ['192.0.2.1', false, true],
  ['198.51.100.7', false, true],
  ['203.0.113.9', false, true],
  ['198.18.0.1', false, true],
  ['198.19.255.255', false, true],
  ['192.88.99.1', false, true],
  ['240.0.0.1', false, true],
  ['192.175.48.1', false, true],
  ['192.31.196.1', false, true],
  ['192.52.193.1', false, true],
  // public IPv4, including the neighbours of the ranges above
  ['8.8.8.8', true, true],
  ['1.1.1.1', true, true],
  ['9.255.255.255', true, true],
  ['11.0.0.0', true, true],
  ['100.63.255.255', true, true],
  ['100.128.0.0', true, true],
  ['126.255.255.255', true, true],
  ['128.0.0.0', true, true],
  ['169.253.255.255', true, true],
  ['169.255.0.0', true, true],
  ['172.15.255.255', true, true],
  ['172.32.0.0', true, true],
  ['192.167.255.255', true, true],
  ['192.169.0.0', true, true],
  ['223.255.255.255', true, true],
  // IPv6 special ranges
  ['::', false, false],
  ['fe80::1', false, false],
  ['febf:ffff::1', false, false],
  ['ff02::1', false, false],
  ['ff0e::1', false, false],
  ['::1', false, true],
  ['fc00::1', false, true],
  ['fd12:3456:789a::1', false, true],
  ['fd00:ec2::254', false, true],
  ['fec0::1', false, true],
  ['2001:db8::1', false, true],
  ['100::1', false, true],
  ['3fff::1', false, true],
  ['4000::1', false, true],
  ['::1:2:3', false, true],
  ['2001:2::1', false, true],
  ['2001:1ff::1', false, true],
  // IPv6 that carries an IPv4 address: mapped, translated, IPv4-compatible, NAT64, 6to4, Teredo
  ['::ffff:127.0.0.1', false, true],
  ['::ffff:10.0.0.1', false, true],
  ['::ffff:169.254.169.254', false, false],
  ['::ffff:0.0.0.0', false, false],
  ['::ffff:8.8.8.8', true, true],
  ['::ffff:7f00:1', false, true],
  ['::ffff:0:a00:1', false, true],
  ['::ffff:0:808:808', true, true],
  ['::7f00:1', false, true],
  ['::a9fe:a9fe', false, false],
  ['::808:808', true, true],
  ['64:ff9b::a00:1', false, true],
  ['64:ff9b::7f00:1', false, true],
  ['64:ff9b::a9fe:a9fe', false, false],
  ['64:ff9b::808:808', true, true],
  ['64:ff9b:1::808:808', false, false],
  ['2002:a00:1::', false, true],
  ['2002:7f00:1::1', false, true],
  ['2002:a9fe:a9fe::', false, false],
  ['2002:808:808::1', true, true],
  ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', true, true], // Teredo: server 65.54.227.120, client 8.8.8.8
  ['2001:0:4136:e378:8000:63bf:f5ff:fffe', false, true], // client 10.0.0.1
  ['2001:0:4136:e378:8000:63bf:5601:5601', false, false], // client 169.254.169.254
  ['2001:0:a00:1:8000:63bf:f7f7:f7f7', false, true], // server 10.0.0.1
  ['2001:0:7f00:1:8000:63bf:5601:5601', false, false], // server 127.0.0.1, client 169.254.169.254
  // public IPv6
  ['2001:4860:4860::8888', true, true],
  ['2606:4700:4700::1111', true, true],
  ['2a00:1450:4001:80b::200e', true, true],
  // not an address (resolvers never answer these forms)
  ['', false, false],
  ['localhost', false, false],
  ['256.1.1.1', false, false],
  ['127.1', false, false],
  ['0x8.0x8.0x8.0x8', false, false],
  ['fe80::1%eth0', false, false],
  ['[::1]', false, false],
];

function addressFailures(m: PolicyModule): string[] {
  const failures: string[] = [];
  for (const [address, strict, lenient] of ADDRESSES) {
    if (m.addressAllowed(address, STRICT) !== strict) failures.push(`${address} strict`);
    if (m.addressAllowed(address, LENIENT) !== lenient) failures.push(`${address} allowPrivate`);
  }
  return failures;
}

// [url, problem without allowPrivate (null = fine), problem with allowPrivate]; http is allowed (sandbox).
const LONGEST = `https://hooks.example.com/${'a'.repeat(2048 - 26)}`;
type Reason = policyModule.UrlProblem['reason'] | null;
const URLS: [string, Reason, Reason][] = [
  ['https://hooks.example.com/bill-payment', null, null],
  ['http://hooks.example.com:8080/a?b=c', null, null],
  ['https://hooks.example.com./x', null, null],
  ['https://bücher.example/', null, null],
  ['https://8.8.8.8/hook', null, null],
  ['https://[2001:4860:4860::8888]:8443/', null, null],
  [LONGEST, null, null],
  [`${LONGEST}a`, 'invalid_url', 'invalid_url'],
  ['', 'invalid_url', 'invalid_url'],
  ['hooks.example.com/x', 'invalid_url', 'invalid_url'],
  ['/relative', 'invalid_url', 'invalid_url'],
  ['https://', 'invalid_url', 'invalid_url'],
  ['http://1.2.3.4.5/', 'invalid_url', 'invalid_url'],
  [' https://hooks.example.com/', 'invalid_url', 'invalid_url'],
  ['https://hooks.example.com/\n', 'invalid_url', 'invalid_url'],
  ['https://hooks.exa\tmple.com/', 'invalid_url', 'invalid_url'],
  ['https://hooks.example.com/a b', 'invalid_url', 'invalid_url'],
  ['https://hooks.example.com/#frag', 'invalid_url', 'invalid_url'],
  ['https://hooks.example.com/#', 'invalid_url', 'invalid_url'],
  ['ftp://hooks.example.com/', 'scheme_not_allowed', 'scheme_not_allowed'],
  ['file:///etc/passwd', 'scheme_not_allowed', 'scheme_not_allowed'],
  ['ws://hooks.example.com/', 'scheme_not_allowed', 'scheme_not_allowed'],
  ['javascript:alert(1)', 'scheme_not_allowed', 'scheme_not_allowed'],
  ['gopher://127.0.0.1:6379/_INFO', 'scheme_not_allowed', 'scheme_not_allowed'],
  ['https://user:s3cret@hooks.example.com/', 'credentials_in_url', 'credentials_in_url'],
  ['https://user@hooks.example.com/', 'credentials_in_url', 'credentials_in_url'],
  ['https://:s3cret@hooks.example.com/', 'credentials_in_url', 'credentials_in_url'],
  // loopback in every notation the URL parser normalises
  ['http://127.0.0.1/', 'address_not_allowed', null],
  ['http://2130706433/', 'address_not_allowed', null],
  ['http://0x7f.1/', 'address_not_allowed', null],
  ['http://0x7f000001/', 'address_not_allowed', null],
  ['http://127.1/', 'address_not_allowed', null],
  ['http://0177.0.0.1/', 'address_not_allowed', null],
  ['http://127.0.0.1./', 'address_not_allowed', null],
  ['http://%31%32%37.0.0.1/', 'address_not_allowed', null],
  ['http://\uff10x7f.1/', 'address_not_allowed', null],
  ['http://[::1]/', 'address_not_allowed', null],
  ['http://[0:0:0:0:0:0:0:1]:8080/', 'address_not_allowed', null],
  ['http://[::ffff:7f00:1]/', 'address_not_allowed', null],
  ['http://[::ffff:127.0.0.1]/', 'address_not_allowed', null],
  ['http://[::127.0.0.1]/', 'address_not_allowed', null],
  ['http://[64:ff9b::7f00:1]/', 'address_not_allowed', null],
  ['http://localhost:3000/', 'address_not_allowed', null],
  ['http://localhost./', 'address_not_allowed', null],
  ['http://LOCALHOST/', 'address_not_allowed', null],
  ['http://api.localhost./', 'address_not_allowed', null],
  ['http://10.0.0.7/', 'address_not_allowed', null],
  ['http://[fd00:ec2::254]/', 'address_not_allowed', null],
  // never, even with allowPrivate
  ['http://0/', 'address_not_allowed', 'address_not_allowed'],
  ['http://[::]/', 'address_not_allowed', 'address_not_allowed'],
  ['http://169.254.169.254/latest/meta-data/', 'address_not_allowed', 'address_not_allowed'],
  ['http://0xa9fea9fe/', 'address_not_allowed', 'address_not_allowed'],
  ['http://[fe80::1]/', 'address_not_allowed', 'address_not_allowed'],
  ['http://255.255.255.255/', 'address_not_allowed', 'address_not_allowed'],
  ['http://224.0.0.1/', 'address_not_allowed', 'address_not_allowed'],
];

function urlFailures(m: PolicyModule): string[] {
  const failures: string[] = [];
  for (const [url, strict, lenient] of URLS) {
    if ((m.checkWebhookUrl(url, STRICT)?.reason ?? null) !== strict) failures.push(`${url.slice(0, 60)} strict`);
    if ((m.checkWebhookUrl(url, LENIENT)?.reason ?? null) !== lenient)
      failures.push(`${url.slice(0, 60)} allowPrivate`);
  }
  if (m.checkWebhookUrl('http://hooks.example.com/', PRODUCTION)?.reason !== 'scheme_not_allowed')
    failures.push('http in production');
  if (m.checkWebhookUrl('https://hooks.example.com/', PRODUCTION) !== null) failures.push('https in production');
  for (const addresses of [
    ['93.184.216.34', '10.1.2.3'],
    ['10.1.2.3', '93.184.216.34'],
    ['2606:2800:220:1::1', '::ffff:127.0.0.1'],
  ]) {
    if (m.checkResolvedAddresses('mixed.example', addresses, STRICT)?.reason !== 'address_not_allowed')
      failures.push(`resolved ${addresses}`);
  }
  return failures;
}

describe('addressAllowed', () => {
  it.each(ADDRESSES)('%s: allowed %s, with allowPrivate %s', (address, strict, lenient) => {
    expect(addressAllowed(address, STRICT)).toBe(strict);
    expect(addressAllowed(address, LENIENT)).toBe(lenient);
  });
});

describe('checkWebhookUrl', () => {
  it.each(URLS)('%s: %s, with allowPrivate %s', (url, strict, lenient) => {
    expect(checkWebhookUrl(url, STRICT)?.reason ?? null).toBe(strict);
    expect(checkWebhookUrl(url, LENIENT)?.reason ?? null).toBe(lenient);
  });

  it('production requires https, in words', () => {
    expect(checkWebhookUrl('http://hooks.example.com/', PRODUCTION)).toEqual({
      reason: 'scheme_not_allowed',
      message: 'webhook URLs must use https in production (http is accepted in the sandbox only)',
    });
    expect(checkWebhookUrl('https://hooks.example.com/', PRODUCTION)).toBeNull();
  });

  it('says what is wrong and what is accepted, without repeating a password or the path', () => {
    expect(checkWebhookUrl('http://10.0.0.7/hook?token=abc', STRICT)?.message).toBe(
      'the host 10.0.0.7 is a private address; webhook URLs must reach the public internet',
    );
    expect(checkWebhookUrl('http://[::ffff:169.254.169.254]/', LENIENT)?.message).toBe(
      'the host [::ffff:a9fe:a9fe] is a ' +
        'link-local address (the cloud metadata service is one); webhook URLs must reach the public internet',
    );
    const credentials = checkWebhookUrl('https://user:s3cret@hooks.example.com/', STRICT)!.message;
    expect(credentials).toMatch(/must not contain a user name or password/);
    expect(credentials).not.toContain('s3cret');
    expect(checkWebhookUrl(`${LONGEST}a`, STRICT)?.message).toBe(
      'webhook URLs must be at most 2048 characters long; this one has 2049',
    );
  });
});

describe('checkResolvedAddresses', () => {
  it('refuses a name when any of its addresses is not allowed, naming that address', () => {
    expect(checkResolvedAddresses('mixed.example', ['93.184.216.34', '10.1.2.3'], STRICT)).toEqual({
      reason: 'address_not_allowed',
      message:
        'the host mixed.example resolves to 10.1.2.3, a private address; webhook URLs must reach the public internet',
    });
    expect(checkResolvedAddresses('mixed.example', ['93.184.216.34', '2001:4860:4860::8888'], STRICT)).toBeNull();
    expect(checkResolvedAddresses('nothing.example', [], STRICT)?.reason).toBe('unresolvable');
  });
});

describe('webhookUrlPolicy', () => {
  it('production never allows http or private addresses; the sandbox always allows http, private addresses only when the server says so', () => {
    expect(webhookUrlPolicy('production', true)).toEqual({ requireHttps: true, allowPrivate: false });
    expect(webhookUrlPolicy('production', false)).toEqual({ requireHttps: true, allowPrivate: false });
    expect(webhookUrlPolicy('sandbox', false)).toEqual({ requireHttps: false, allowPrivate: false });
    expect(webhookUrlPolicy('sandbox', true)).toEqual({ requireHttps: false, allowPrivate: true });
  });
});

describe('the tables catch broken copies of url-policy.ts', () => {
  const mutants: [string, Edit[], string][] = [
    [
      'embedded IPv4 not looked at',
      [['const carried = embeddedIPv4(v6, range);', 'const carried: IPv4[] = [];']],
      '64:ff9b::808:808 strict',
    ],
    [
      '6to4 not decoded',
      [["case '6to4': // 2002:AABB:CCDD::/48\n      return [fromParts(p[1], p[2])];", '']],
      '2002:808:808::1 strict',
    ],
    [
      'Teredo client not judged',
      [[', fromParts(p[6] ^ 0xffff, p[7] ^ 0xffff)]', ']']],
      '2001:0:4136:e378:8000:63bf:5601:5601 allowPrivate',
    ],
    [
      'Teredo: the first refusal wins',
      [['refusals.find((r) => r.always) ?? refusals[0]', 'refusals[0]']],
      '2001:0:7f00:1:8000:63bf:5601:5601 allowPrivate',
    ],
    ['IPv4-compatible not decoded', [["case 'unicast': //", "case 'never': //"]], '::a9fe:a9fe allowPrivate'],
    [
      'local-use NAT64 judged as /96',
      [["range === 'rfc6052' && v6.parts[2] !== 0", 'false']],
      '64:ff9b:1::808:808 strict',
    ],
    [
      'link-local allowed with allowPrivate',
      [["'broadcast', 'linkLocal'", "'broadcast'"]],
      '169.254.169.254 allowPrivate',
    ],
    [
      'allowPrivate opens everything',
      [['refusal.always || !policy.allowPrivate', '!policy.allowPrivate']],
      'fe80::1 allowPrivate',
    ],
    [
      'IPv6 outside 2000::/3 allowed',
      [["if (range === 'unicast' && !v6.match(GLOBAL_UNICAST_V6))", 'if (false)']],
      '4000::1 strict',
    ],
    [
      'lenient address parsing',
      [['const address = parseAddress(text);', 'const address = ipaddr.isValid(text) ? ipaddr.parse(text) : null;']],
      '0x8.0x8.0x8.0x8 strict',
    ],
    [
      'only the first resolved address judged',
      [['for (const address of addresses) {', 'for (const address of addresses.slice(0, 1)) {']],
      'resolved 93.184.216.34,10.1.2.3',
    ],
    [
      'IP literal hosts not checked',
      [['if (literal !== null) {', 'if (literal === "never") {']],
      'http://2130706433/ strict',
    ],
    [
      'IPv6 literal judged with its brackets',
      [["host.startsWith('[') ? host.slice(1, -1)", "host.startsWith('[') ? host"]],
      'https://[2001:4860:4860::8888]:8443/ strict',
    ],
    ['http allowed in production', [['policy.requireHttps || ', '']], 'http in production'],
    ['only passwords refused', [["parsed.username !== '' || ", '']], 'https://user@hooks.example.com/ strict'],
    [
      'empty fragment missed',
      [["parsed.href.includes('#')", "parsed.hash !== ''"]],
      'https://hooks.example.com/# strict',
    ],
    [
      'length off by one',
      [['url.length > MAX_WEBHOOK_URL_LENGTH', 'url.length >= MAX_WEBHOOK_URL_LENGTH']],
      `${LONGEST.slice(0, 60)} strict`,
    ],
    [
      'localhost. with its dot',
      [["host.endsWith('.') ? host.slice(0, -1) : host", 'host']],
      'http://localhost./ strict',
    ],
    ['subdomains of localhost', [[" || name.endsWith('.localhost')", '']], 'http://api.localhost./ strict'],
    [
      'whitespace left to the parser',
      [['if (/[\\u0000-\\u0020\\u007f]/.test(url)) ', 'if (url === "never") ']],
      ' https://hooks.example.com/ strict',
    ],
  ];

  it('the real module passes every table', () => {
    expect(addressFailures(policyModule)).toEqual([]);
    expect(urlFailures(policyModule)).toEqual([]);
  });

  it.each(mutants)('mutant: %s', async (_name, edits, caughtBy) => {
    const mutant = await importMutant<PolicyModule>(new URL('./url-policy.ts', import.meta.url), edits);
    expect([...addressFailures(mutant), ...urlFailures(mutant)]).toContain(caughtBy);
  });
});
