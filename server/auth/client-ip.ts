/**
 * The caller's IP address, as the allow-list sees it.
 *
 * By default it is the TCP peer (`req.socket.remoteAddress`) and X-Forwarded-For is ignored, so a client cannot
 * spoof its way past an allow-list. Only when the operator lists its proxies in TRUST_PROXY (comma-separated IPv4 /
 * IPv6 addresses and CIDR ranges, e.g. `10.0.0.0/8, ::1`) and the peer is one of them is X-Forwarded-For read:
 * from the right, skipping trusted hops, the first untrusted address is the caller. There is no "trust every
 * proxy" setting: `true`, `*`, named ranges and the catch-all ranges `0.0.0.0/0` / `::/0` are refused.
 *
 * Decisions where the rules are silent:
 * - A malformed X-Forwarded-For hop (not a bare IP: `unknown`, `1.2.3.4:80`, `[::1]`, a zone id, `127.1` …) stops
 *   the walk and the caller is the last trusted hop, i.e. the proxy that handed us the bad value. We never use
 *   anything to the left of a hop we cannot read (that part is client-controlled), and never return the malformed
 *   text itself (proxy-addr, behind Express's `trust proxy`, would). The trusted proxy's own address is
 *   operator infrastructure and is not expected on a partner's allow-list.
 * - If every hop is trusted, the caller is the left-most one (the furthest address we can vouch for).
 * - Several X-Forwarded-For header lines are read as one list, in order (Node joins them with ", ").
 * - Trusted single addresses and ranges are normalised like allow-list entries; an IPv4 entry also matches a peer
 *   reported as IPv4-mapped IPv6 (`::ffff:10.0.0.5` on a dual-stack socket).
 *
 * Mapping to Express, for reference only (we do not use it): `app.set('trust proxy', trusted.entries)` would trust
 * the same hops, but proxy-addr returns a malformed hop as the client address, hence this module.
 */
import {
  formatAddress,
  formatRange,
  inRange,
  maxPrefix,
  parseAddress,
  parseCidr,
  type Address,
  type Range,
} from './ip.ts';

export interface TrustedProxies {
  /** Normalised entries as configured (`10.0.0.0/8`, `127.0.0.1`, `::1`); empty = trust no proxy. */
  readonly entries: readonly string[];
  readonly ranges: readonly Range[];
}

/** The default: no proxy is trusted, the caller is always the TCP peer. */
export const NO_TRUSTED_PROXIES: TrustedProxies = Object.freeze({
  entries: Object.freeze([]),
  ranges: Object.freeze([]),
});

export class TrustProxyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TrustProxyError';
  }
}

function shorten(text: string): string {
  return text.length > 64 ? `${text.slice(0, 61)}...` : text;
}

/**
 * Parses TRUST_PROXY. Undefined, empty or blank → no trusted proxy. Throws TrustProxyError naming the bad entry, so
 * a wrong configuration stops the start instead of silently trusting nobody (or everybody).
 */
export function parseTrustProxy(value: string | undefined): TrustedProxies {
  if (value === undefined || value.trim() === '') return NO_TRUSTED_PROXIES;
  const entries: string[] = [];
  const ranges: Range[] = [];
  for (const raw of value.split(',')) {
    const text = raw.trim();
    if (text === '') continue;
    let range: Range;
    let normalised: string;
    if (text.includes('/')) {
      const cidr = parseCidr(text);
      if (!cidr.ok) throw new TrustProxyError(`invalid entry '${shorten(text)}': ${cidr.reason}`);
      if (cidr.value.prefix === 0) {
        throw new TrustProxyError(
          `entry '${text}' would trust every address; list your proxies' addresses or ranges explicitly`,
        );
      }
      range = cidr.value;
      normalised = formatRange(range);
    } else {
      const address = parseAddress(text);
      if (!address) {
        throw new TrustProxyError(
          `invalid entry '${shorten(text)}': not an IP address or CIDR range ` +
            "(keywords such as 'true', '*' or 'loopback' are not supported; list your proxies explicitly)",
        );
      }
      range = { address, prefix: maxPrefix(address) };
      normalised = formatAddress(address);
    }
    if (!entries.includes(normalised)) {
      entries.push(normalised);
      ranges.push(range);
    }
  }
  return Object.freeze({ entries: Object.freeze(entries), ranges: Object.freeze(ranges) });
}

function isTrusted(address: Address, trusted: TrustedProxies): boolean {
  return trusted.ranges.some((r) => inRange(address, r));
}

/** Only what callerIp reads of a request (an Express Request or a Node IncomingMessage fits). */
export interface CallerIpRequest {
  socket: { remoteAddress?: string | undefined };
  headers: NodeJS.Dict<string | string[]>;
}

/**
 * The caller's address in canonical form (IPv4 dotted quad, IPv4-mapped IPv6 unmapped, IPv6 in RFC 5952 form),
 * or undefined when the socket has no usable peer address (then a non-empty allow-list denies).
 */
export function callerIp(req: CallerIpRequest, trusted: TrustedProxies): string | undefined {
  const peerText = req.socket.remoteAddress;
  const peer = peerText === undefined ? null : parseAddress(peerText, { dropZone: true });
  if (!peer) return undefined;
  if (trusted.ranges.length === 0 || !isTrusted(peer, trusted)) return formatAddress(peer);

  const header = req.headers['x-forwarded-for'];
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const hops = text.split(',').map((h) => h.trim());
  let last: Address = peer; // the nearest hop we trust so far
  for (let i = hops.length - 1; i >= 0; i--) {
    const hopText = hops[i]!;
    const hop = parseAddress(hopText);
    // Malformed or empty hop (also: no header at all): stop, the last trusted hop is the caller (module comment).
    if (!hop) break;
    if (!isTrusted(hop, trusted)) return formatAddress(hop);
    last = hop;
  }
  return formatAddress(last);
}
