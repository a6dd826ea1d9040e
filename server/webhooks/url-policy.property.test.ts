/**
 * Properties of the SSRF guard over whole classes of addresses, judged against an oracle written here from the IANA
 * special-purpose address registries (url-policy.ts itself relies on ipaddr.js's table): any address inside a
 * forbidden range is refused, in any IPv6 form that carries it and any URL notation of it; random public unicast
 * addresses are accepted.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config.ts';
import { webhookRuntime } from './runtime.ts';
import { addressAllowed, checkWebhookUrl } from './url-policy.ts';

const STRICT = { requireHttps: false, allowPrivate: false };
const LENIENT = { requireHttps: false, allowPrivate: true };

// [network, prefix, refused even with allowPrivate]
const V4_FORBIDDEN: [string, number, boolean][] = [
  ['0.0.0.0', 8, true],
  ['10.0.0.0', 8, false],
  ['100.64.0.0', 10, false],
  ['127.0.0.0', 8, false],
  ['169.254.0.0', 16, true],
  ['172.16.0.0', 12, false],
  ['192.0.0.0', 24, false],
  ['192.0.2.0', 24, false],
  ['192.31.196.0', 24, false],
  ['192.52.193.0', 24, false],
  ['192.88.99.0', 24, false],
  ['192.168.0.0', 16, false],
  ['192.175.48.0', 24, false],
  ['198.18.0.0', 15, false],
  ['198.51.100.0', 24, false],
  ['203.0.113.0', 24, false],
  ['224.0.0.0', 4, true],
  ['240.0.0.0', 4, false],
  ['255.255.255.255', 32, true],
];
// IPv6 ranges that carry no IPv4 address. Everything outside 2000::/3 is refused too (see outsideGlobal below).
const V6_FORBIDDEN: [string, number, boolean][] = [
  ['::', 128, true],
  ['::1', 128, false],
  ['fe80::', 10, true],
  ['ff00::', 8, true],
  ['fc00::', 7, false],
  ['fec0::', 10, false],
  ['100::', 64, false],
  ['2001:db8::', 32, false],
  ['3fff::', 20, false],
  ['2620:4f:8000::', 48, false],
  ['2001:100::', 24, false],
  ['2001:2::', 48, false],
  ['2001:10::', 28, false],
  ['2001:20::', 28, false],
];

const v4Int = (text: string) => text.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);
const octets = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255] as const;
const dotted = (n: number) => octets(n).join('.');
const hex16 = (n: number) => `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
const inV4 = (n: number, [net, prefix]: [string, number, boolean]) =>
  prefix === 0 || n >>> (32 - prefix) === v4Int(net) >>> (32 - prefix);

/** What the oracle expects for an IPv4 address: allowed without allowPrivate, and with it. */
function expected4(n: number) {
  const hits = V4_FORBIDDEN.filter((range) => inV4(n, range));
  return { strict: hits.length === 0, lenient: !hits.some(([, , always]) => always) };
}

const v6Big = (text: string) => {
  const [head = '', tail = ''] = text.split('::');
  const h = head === '' ? [] : head.split(':');
  const t = tail === '' ? [] : tail.split(':');
  const parts = text.includes('::') ? [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t] : h;
  return parts.reduce((n, part) => (n << 16n) | BigInt(parseInt(part, 16)), 0n);
};
const v6Text = (n: bigint) =>
  Array.from({ length: 8 }, (_, i) => ((n >> BigInt(112 - 16 * i)) & 0xffffn).toString(16)).join(':');
const inV6 = (n: bigint, net: string, prefix: number) =>
  n >> BigInt(128 - prefix) === v6Big(net) >> BigInt(128 - prefix);

const anyV4 = fc.integer({ min: 0, max: 2 ** 32 - 1 });
const insideRange = <R extends [string, number, boolean]>(ranges: R[], toInt: (net: string) => number) =>
  fc
    .constantFrom(...ranges)
    .chain((range) =>
      fc
        .integer({ min: 0, max: 2 ** (32 - range[1]) - 1 })
        .map((host) => ({ n: (toInt(range[0]) + host) >>> 0, range })),
    );
const forbiddenV4 = insideRange(V4_FORBIDDEN, v4Int);
/** Uniform addresses rarely land in a /24: mix in addresses drawn from inside the ranges. */
const someV4 = fc.oneof(
  anyV4,
  forbiddenV4.map(({ n }) => n),
);
const bits = (count: number) => fc.bigInt({ min: 0n, max: (1n << BigInt(count)) - 1n });

describe('IPv4', () => {
  it('every address is judged as the registry says, with and without allowPrivate', () => {
    fc.assert(
      fc.property(someV4, (n) => {
        const want = expected4(n);
        expect(addressAllowed(dotted(n), STRICT)).toBe(want.strict);
        expect(addressAllowed(dotted(n), LENIENT)).toBe(want.lenient);
      }),
      { numRuns: 2000 },
    );
  });

  it('any address inside a forbidden range is refused (and the always-forbidden ones even with allowPrivate)', () => {
    fc.assert(
      fc.property(forbiddenV4, ({ n, range: [, , always] }) => {
        expect(addressAllowed(dotted(n), STRICT)).toBe(false);
        if (always) expect(addressAllowed(dotted(n), LENIENT)).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });

  it('random public unicast addresses are accepted', () => {
    fc.assert(
      fc.property(
        anyV4.filter((n) => expected4(n).strict),
        (n) => {
          expect(addressAllowed(dotted(n), STRICT)).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('IPv6 that carries an IPv4 address is judged by that address', () => {
  const forms: [string, (n: number, extra: bigint) => string][] = [
    ['IPv4-mapped, dotted', (n) => `::ffff:${dotted(n)}`],
    ['IPv4-mapped, hex', (n) => `::ffff:${hex16(n)}`],
    ['IPv4-translated', (n) => `::ffff:0:${hex16(n)}`],
    ['NAT64', (n) => `64:ff9b::${hex16(n)}`],
    ['6to4', (n, extra) => v6Text((0x2002n << 112n) | (BigInt(n) << 80n) | (extra & ((1n << 80n) - 1n)))],
  ];
  it.each(forms)('%s', (_name, form) => {
    fc.assert(
      fc.property(someV4, bits(80), (n, extra) => {
        const want = expected4(n);
        expect(addressAllowed(form(n, extra), STRICT)).toBe(want.strict);
        expect(addressAllowed(form(n, extra), LENIENT)).toBe(want.lenient);
      }),
      { numRuns: 500 },
    );
  });

  it('IPv4-compatible (::a.b.c.d, other than :: and ::1)', () => {
    fc.assert(
      fc.property(
        someV4.filter((n) => n > 1),
        (n) => {
          expect(addressAllowed(`::${hex16(n)}`, STRICT)).toBe(expected4(n).strict);
          expect(addressAllowed(`::${hex16(n)}`, LENIENT)).toBe(expected4(n).lenient);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('Teredo: by its server and by its (obfuscated) client', () => {
    fc.assert(
      fc.property(
        someV4,
        someV4,
        fc.integer({ min: 0, max: 0xffff }),
        fc.integer({ min: 0, max: 0xffff }),
        (server, client, flags, port) => {
          const address = `2001:0:${hex16(server)}:${flags.toString(16)}:${port.toString(16)}:${hex16((client ^ 0xffffffff) >>> 0)}`;
          expect(addressAllowed(address, STRICT)).toBe(expected4(server).strict && expected4(client).strict);
          expect(addressAllowed(address, LENIENT)).toBe(expected4(server).lenient && expected4(client).lenient);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('IPv6', () => {
  it('any address inside a forbidden range is refused (and the always-forbidden ones even with allowPrivate)', () => {
    const inside = fc
      .constantFrom(...V6_FORBIDDEN)
      .chain(([net, prefix, always]) =>
        bits(128 - prefix).map((host) => ({ address: v6Text(v6Big(net) | host), always })),
      );
    fc.assert(
      fc.property(inside, ({ address, always }) => {
        expect(addressAllowed(address, STRICT)).toBe(false);
        expect(addressAllowed(address, LENIENT)).toBe(!always);
      }),
      { numRuns: 1000 },
    );
  });

  it('anything outside the global unicast block 2000::/3 is refused, unless it carries an IPv4 address', () => {
    const outsideGlobal = bits(128).filter((n) => n >> 125n !== 1n && n >> 64n !== 0n && !inV6(n, '64:ff9b::', 32));
    fc.assert(
      fc.property(outsideGlobal, (n) => {
        const always = inV6(n, 'fe80::', 10) || inV6(n, 'ff00::', 8);
        expect(addressAllowed(v6Text(n), STRICT)).toBe(false);
        expect(addressAllowed(v6Text(n), LENIENT)).toBe(!always);
      }),
      { numRuns: 1000 },
    );
  });

  it('random public unicast addresses are accepted', () => {
    const special = [
      ...V6_FORBIDDEN.map(([net, prefix]) => [net, prefix] as const),
      ['2001::', 23] as const,
      ['2002::', 16] as const,
    ];
    const publicV6 = bits(125)
      .map((host) => (1n << 125n) | host)
      .filter((n) => !special.some(([net, prefix]) => inV6(n, net, prefix)));
    fc.assert(
      fc.property(publicV6, (n) => {
        expect(addressAllowed(v6Text(n), STRICT)).toBe(true);
        expect(addressAllowed(v6Text(n), LENIENT)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('URL notations of an IPv4 address are judged as the address', () => {
  const radix = fc.constantFrom(
    (o: number) => String(o),
    (o: number) => `0x${o.toString(16)}`,
    (o: number) => `0${o.toString(8)}`,
  );
  const notation = (n: number) => {
    const [a, b, c, d] = octets(n);
    return fc
      .oneof(
        fc.constant(String(n)),
        fc.constant(`0x${n.toString(16)}`),
        fc.constant(`0X${n.toString(16).toUpperCase()}`),
        fc.constant(`0${n.toString(8)}`),
        fc.constant(`${a}.${b}.${(c << 8) | d}`),
        fc.constant(`${a}.${(b << 16) | (c << 8) | d}`),
        fc.tuple(radix, radix, radix, radix).map((r) => [a, b, c, d].map((o, i) => r[i]!(o)).join('.')),
      )
      .chain((text) => fc.constantFrom(text, `${text}.`));
  };
  it('decimal, hex, octal, short and mixed forms, with or without a trailing dot', () => {
    fc.assert(
      fc.property(
        someV4.chain((n) => notation(n).map((text) => ({ n, text }))),
        ({ n, text }) => {
          const url = `http://${text}:8080/hook`;
          expect(new URL(url).hostname).toBe(dotted(n)); // the parser reads the notation as this address
          expect(checkWebhookUrl(url, STRICT)?.reason ?? null).toBe(expected4(n).strict ? null : 'address_not_allowed');
          expect(checkWebhookUrl(url, LENIENT)?.reason ?? null).toBe(
            expected4(n).lenient ? null : 'address_not_allowed',
          );
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('IPv6 literals that carry it', () => {
    fc.assert(
      fc.property(someV4, fc.constantFrom('::ffff:', '64:ff9b::', '::ffff:0:'), (n, prefix) => {
        const url = `https://[${prefix}${dotted(n)}]/hook`;
        expect(checkWebhookUrl(url, STRICT)?.reason ?? null).toBe(expected4(n).strict ? null : 'address_not_allowed');
        expect(checkWebhookUrl(url, LENIENT)?.reason ?? null).toBe(expected4(n).lenient ? null : 'address_not_allowed');
      }),
      { numRuns: 500 },
    );
  });
});

/**
 * The scheme rule of every environment, through the same path a running server takes: the environment variables
 * (parseConfig) → the webhook runtime (one policy per environment) → checkWebhookUrl. The oracle is the contract's
 * text (WebhookUrl, "How webhooks work"): production takes https only; the sandbox takes https and http, whatever
 * WEBHOOKS_ALLOW_PRIVATE says (that setting opens private and loopback addresses in the sandbox, never the scheme);
 * any other scheme is refused everywhere. The scheme in any letter case.
 */
describe('scheme × environment × WEBHOOKS_ALLOW_PRIVATE', () => {
  const ENVIRONMENTS = ['production', 'sandbox'] as const;
  const runtimeOf = (allowPrivate: boolean) =>
    webhookRuntime(
      parseConfig([], {
        WEBHOOKS_ALLOW_PRIVATE: String(allowPrivate),
        WEBHOOK_SIGNING_KEY: Buffer.alloc(32, 7).toString('base64'),
      }),
    );
  const anyCase = (word: string) =>
    fc
      .array(fc.boolean(), { minLength: word.length, maxLength: word.length })
      .map((upper) => [...word].map((ch, i) => (upper[i] ? ch.toUpperCase() : ch)).join(''));
  const scheme = fc
    .constantFrom('https', 'http', 'ftp', 'ws', 'wss', 'gopher', 'httpx', 'htt')
    .chain((s) => anyCase(s).map((text) => ({ s, text })));
  /** Hosts whose address is public (so only the scheme decides), or private / loopback (then allowPrivate decides too). */
  const host = fc.oneof(
    anyV4.filter((n) => expected4(n).strict).map((n) => ({ text: dotted(n), public: true, always: false })),
    fc
      .constantFrom('hooks.shop.ng', 'api.partner.example', 'xn--bcher-kva.example')
      .map((text) => ({ text, public: true, always: false })),
    forbiddenV4.map(({ n }) => ({ text: dotted(n), public: false, always: !expected4(n).lenient })),
    fc
      .constantFrom('localhost', 'api.localhost', '[::1]', '[fd00::1]')
      .map((text) => ({ text, public: false, always: false })),
  );
  const rest = fc
    .tuple(fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }), fc.webPath())
    .map(([port, path]) => `${port === undefined ? '' : `:${port}`}${path}`);

  it('production: https only; sandbox: https or http with and without WEBHOOKS_ALLOW_PRIVATE; other schemes nowhere', () => {
    const runtimes = { false: runtimeOf(false), true: runtimeOf(true) };
    fc.assert(
      fc.property(
        fc.constantFrom(...ENVIRONMENTS),
        fc.boolean(),
        scheme,
        host,
        rest,
        (environment, allowPrivate, { s, text }, h, tail) => {
          const url = `${text}://${h.text}${tail}`;
          const problem = checkWebhookUrl(url, runtimes[`${allowPrivate}`].policy[environment]);
          const schemeOk = s === 'https' || (s === 'http' && environment === 'sandbox');
          const addressOk = h.public || (environment === 'sandbox' && allowPrivate && !h.always);
          const want = !schemeOk ? 'scheme_not_allowed' : !addressOk ? 'address_not_allowed' : null;
          expect(problem?.reason ?? null, `${url} in ${environment}, WEBHOOKS_ALLOW_PRIVATE=${allowPrivate}`).toBe(
            want,
          );
          if (want === 'scheme_not_allowed' && s === 'http') expect(problem!.message).toContain('in production');
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('the one documented refusal of http names production, and is never given in the sandbox', () => {
    for (const allowPrivate of [false, true]) {
      const { policy } = runtimeOf(allowPrivate);
      expect(checkWebhookUrl('http://93.184.216.34/hook', policy.sandbox)).toBeNull();
      expect(checkWebhookUrl('HTTP://hooks.shop.ng/billpay/events', policy.sandbox)).toBeNull();
      expect(checkWebhookUrl('http://hooks.shop.ng/billpay/events', policy.production)?.message).toBe(
        'webhook URLs must use https in production (http is accepted in the sandbox only)',
      );
    }
  });
});
