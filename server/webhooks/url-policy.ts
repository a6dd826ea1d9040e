/**
 * Which webhook URLs, and which addresses behind them, the webhook sender may reach: its guard against server-side
 * request forgery (a partner pointing our server at our own network, the cloud metadata service, localhost …).
 *
 * Two checks at two moments. `checkWebhookUrl` needs no DNS and runs when a partner registers a URL and again before
 * every send: scheme, credentials, fragment, length, and — when the host is an IP literal in any notation the WHATWG
 * URL parser normalises (2130706433, 0x7f.1, 127.1, [::ffff:7f00:1] …) — the address itself. `addressAllowed` judges
 * one address a host name resolved to; send.ts resolves once, judges every address and connects only to those.
 *
 * The address classes are ipaddr.js's (already a dependency; its table follows the IANA special-purpose registries):
 * anything it does not call 'unicast' is refused unless `allowPrivate` (the sandbox of a demo or test server). IPv6
 * forms that carry an IPv4 address — mapped, translated, IPv4-compatible, NAT64, 6to4, Teredo — are judged by that
 * address, since the packets end there; IPv6 outside the global unicast block 2000::/3 counts as reserved. Some
 * classes are refused whatever the policy: unspecified, multicast, broadcast, link-local (the metadata address
 * 169.254.169.254 is one), and the local-use NAT64 prefix, whose IPv4 destination cannot be told from the address.
 * Messages are for partners: they say what is wrong in words and never repeat the URL (it may carry a token).
 */
import ipaddr from 'ipaddr.js';
import type { IPv4, IPv6 } from 'ipaddr.js';
import { parseAddress, type Address } from '../auth/ip.ts';
import type { Environment } from '../domain.ts';

export interface UrlPolicy {
  requireHttps: boolean;
  allowPrivate: boolean;
}

export type UrlProblem = {
  reason: 'invalid_url' | 'scheme_not_allowed' | 'credentials_in_url' | 'address_not_allowed' | 'unresolvable';
  message: string;
};

export const MAX_WEBHOOK_URL_LENGTH = 2048;

const PUBLIC_INTERNET = 'webhook URLs must reach the public internet';

/** Production always requires https and public addresses. The sandbox always accepts http (the contract: "The
 *  sandbox also accepts `http://`"), and private and loopback addresses only on a server started with
 *  WEBHOOKS_ALLOW_PRIVATE=true (demo, tests), which the caller reads and passes here: that setting opens addresses,
 *  never the scheme. */
export function webhookUrlPolicy(environment: Environment, allowPrivateInSandbox: boolean): UrlPolicy {
  return environment === 'production'
    ? { requireHttps: true, allowPrivate: false }
    : { requireHttps: false, allowPrivate: allowPrivateInSandbox };
}

/** At registration and before every send (no DNS). Null when the URL is fine. */
export function checkWebhookUrl(url: string, policy: UrlPolicy): UrlProblem | null {
  if (url.length > MAX_WEBHOOK_URL_LENGTH) {
    return invalid(
      `webhook URLs must be at most ${MAX_WEBHOOK_URL_LENGTH} characters long; this one has ${url.length}`,
    );
  }
  // The URL parser would silently drop these (tabs, newlines, surrounding spaces): refuse rather than guess.
  if (/[\u0000-\u0020\u007f]/.test(url)) return invalid('webhook URLs must not contain spaces or control characters');
  const parsed = URL.parse(url);
  if (parsed === null) {
    return invalid('this is not an absolute URL; webhook URLs look like https://hooks.example.com/bill-payment');
  }
  if (parsed.protocol !== 'https:' && (policy.requireHttps || parsed.protocol !== 'http:')) {
    return {
      reason: 'scheme_not_allowed',
      message: policy.requireHttps
        ? 'webhook URLs must use https in production (http is accepted in the sandbox only)'
        : 'webhook URLs must use https or http',
    };
  }
  if (parsed.username !== '' || parsed.password !== '') {
    return {
      reason: 'credentials_in_url',
      message:
        'webhook URLs must not contain a user name or password; every request is signed ' +
        '(webhook-signature header), which is how your endpoint knows it comes from us',
    };
  }
  // The serialised URL holds a '#' only when it has a fragment (an empty one included): '#' is escaped elsewhere.
  if (parsed.href.includes('#')) return invalid('webhook URLs must not contain a fragment (#…): it is never sent');

  const host = parsed.hostname;
  const literal = host.startsWith('[') ? host.slice(1, -1) : ipaddr.IPv4.isValidFourPartDecimal(host) ? host : null;
  if (literal !== null) {
    const why = addressRefusal(literal, policy);
    return why === null ? null : notAllowed(`the host ${host} is ${why}; ${PUBLIC_INTERNET}`);
  }
  // RFC 6761: localhost and its subdomains always mean this machine, whatever DNS says; say so at registration.
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  if (!policy.allowPrivate && (name === 'localhost' || name.endsWith('.localhost'))) {
    return notAllowed(`the host ${host} always means the server itself; ${PUBLIC_INTERNET}`);
  }
  return null;
}

/** After resolution (send.ts): every address the host resolved to must be allowed. Null when they all are. */
export function checkResolvedAddresses(
  host: string,
  addresses: readonly string[],
  policy: UrlPolicy,
): UrlProblem | null {
  if (addresses.length === 0) return { reason: 'unresolvable', message: `the host ${host} resolves to no address` };
  for (const address of addresses) {
    const why = addressRefusal(address, policy);
    if (why !== null) return notAllowed(`the host ${host} resolves to ${address}, ${why}; ${PUBLIC_INTERNET}`);
  }
  return null;
}

/** Whether one resolved address may be connected to. */
export function addressAllowed(address: string, policy: UrlPolicy): boolean {
  return addressRefusal(address, policy) === null;
}

/** Why an address may not be connected to, in words ("a private address"), or null when it may. */
export function addressRefusal(text: string, policy: UrlPolicy): string | null {
  // Strict: dotted-quad IPv4 or IPv6 without a zone; IPv4-mapped IPv6 comes back as the IPv4 address it carries.
  const address = parseAddress(text);
  if (address === null) return 'not an IP address';
  const refusal = judge(address);
  if (refusal === null) return null;
  return refusal.always || !policy.allowPrivate ? refusal.words : null;
}

type Refusal = { words: string; always: boolean } | null;

/** Refused whatever the policy: nothing on the internet lives there, and some are dangerous from a server. */
const ALWAYS_REFUSED = new Set(['unspecified', 'multicast', 'broadcast', 'linkLocal']);

const RANGE_WORDS: Record<string, string> = {
  unspecified: 'an unspecified ("this host") address',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
  linkLocal: 'a link-local address (the cloud metadata service is one)',
  loopback: 'a loopback address (the server itself)',
  private: 'a private address',
  uniqueLocal: 'a private (unique local) address',
  carrierGradeNat: 'a carrier-grade NAT address',
  deprecatedSiteLocal: 'a private (site-local) address',
  reserved: 'a reserved or documentation address',
  benchmarking: 'a benchmarking address',
};

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

function judge(address: Address): Refusal {
  if (address.kind() === 'ipv4') return judgeRange(address.range());
  const v6 = address as IPv6;
  const range = v6.range();
  if (range === 'rfc6052' && v6.parts[2] !== 0) {
    // 64:ff9b:1::/48 (RFC 8215): the operator chooses where the IPv4 address sits, so it cannot be judged.
    return { words: 'a local-use NAT64 address, whose IPv4 destination cannot be told', always: true };
  }
  const carried = embeddedIPv4(v6, range);
  if (carried.length > 0) {
    // Teredo carries two: the one refused whatever the policy speaks first.
    const refusals = carried.flatMap((v4) => {
      const refusal = judgeRange(v4.range());
      return refusal === null
        ? []
        : [{ words: `an address that carries ${v4.toString()}, ${refusal.words}`, always: refusal.always }];
    });
    return refusals.find((r) => r.always) ?? refusals[0] ?? null;
  }
  if (range === 'unicast' && !v6.match(GLOBAL_UNICAST_V6)) return { words: RANGE_WORDS['reserved']!, always: false };
  return judgeRange(range);
}

function judgeRange(range: string): Refusal {
  if (range === 'unicast') return null;
  return { words: RANGE_WORDS[range] ?? 'a special-purpose address', always: ALWAYS_REFUSED.has(range) };
}

/** The IPv4 addresses an IPv6 address delivers to (Teredo: its server and its client), or none. */
function embeddedIPv4(v6: IPv6, range: string): IPv4[] {
  const p = v6.parts as [number, number, number, number, number, number, number, number];
  const fromParts = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  switch (range) {
    case 'ipv4Mapped': // ::ffff:a.b.c.d (parseAddress already unmaps these; kept for completeness)
    case 'rfc6145': // ::ffff:0:a.b.c.d, IPv4-translated
    case 'rfc6052': // 64:ff9b::a.b.c.d, well-known NAT64 prefix
      return [fromParts(p[6], p[7])];
    case '6to4': // 2002:AABB:CCDD::/48
      return [fromParts(p[1], p[2])];
    case 'teredo': // 2001:0:server:flags:port:~client
      return [fromParts(p[2], p[3]), fromParts(p[6] ^ 0xffff, p[7] ^ 0xffff)];
    case 'unicast': // ::a.b.c.d, deprecated IPv4-compatible (:: and ::1 are ranges of their own)
      return p.slice(0, 6).every((part) => part === 0) ? [fromParts(p[6], p[7])] : [];
    default:
      return [];
  }
}

function invalid(message: string): UrlProblem {
  return { reason: 'invalid_url', message };
}

function notAllowed(message: string): UrlProblem {
  return { reason: 'address_not_allowed', message };
}
