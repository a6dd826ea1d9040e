/**
 * Strict IP address and CIDR parsing shared by the allow-list (ip-allowlist.ts) and the caller-address logic
 * (client-ip.ts). All parsing is done by ipaddr.js; this module only narrows what we accept:
 *
 * - IPv4 only in the four-part decimal form (`198.51.100.7`). ipaddr.js would also accept `127.1`, `0x7f.0.0.1`,
 *   `017700000001` …; those are legal for inet_aton but never what an operator means, so they are rejected.
 * - IPv4-mapped IPv6 (`::ffff:203.0.113.9`) is turned into the IPv4 address it carries, so a caller reaching a
 *   dual-stack `::` socket over IPv4 compares equal to IPv4 entries.
 * - IPv6 zone ids (`fe80::1%eth0`) are rejected in configuration and in X-Forwarded-For; on the socket address
 *   (where the kernel may add one for link-local peers) the zone is dropped, as it is not part of the address.
 */
import ipaddr from 'ipaddr.js';
import type { IPv4, IPv6 } from 'ipaddr.js';

export type Address = IPv4 | IPv6;

/** An address range: a single address is a range of prefix 32 (IPv4) or 128 (IPv6). */
export interface Range {
  address: Address;
  prefix: number;
}

/** Longest textual IPv6 with an IPv4 tail is 45 characters; anything much longer is not an address. */
const MAX_ADDRESS_TEXT = 64;

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

/** IPv4-mapped IPv6 → IPv4; everything else unchanged. */
export function unmap(address: Address): Address {
  return address.kind() === 'ipv6' && (address as IPv6).isIPv4MappedAddress()
    ? (address as IPv6).toIPv4Address()
    : address;
}

/** Canonical text: dotted quad for IPv4, RFC 5952 (lower case, longest zero run compressed) for IPv6. */
export function formatAddress(address: Address): string {
  return address.kind() === 'ipv4' ? address.toString() : (address as IPv6).toRFC5952String();
}

export function formatRange(range: Range): string {
  return `${formatAddress(range.address)}/${range.prefix}`;
}

export function maxPrefix(address: Address): number {
  return address.kind() === 'ipv4' ? 32 : 128;
}

/**
 * One address, strictly. Returns the unmapped address (IPv4-mapped IPv6 → IPv4).
 * `dropZone`: accept and discard an IPv6 zone id (socket addresses only).
 */
export function parseAddress(text: string, options: { dropZone?: boolean } = {}): Address | null {
  if (text.length === 0 || text.length > MAX_ADDRESS_TEXT) return null;
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text);
  if (!ipaddr.IPv6.isValid(text)) return null;
  const v6 = ipaddr.IPv6.parse(text);
  if (v6.zoneId !== undefined && v6.zoneId !== '') {
    if (!options.dropZone) return null;
    return unmap(new ipaddr.IPv6(v6.parts));
  }
  return unmap(v6);
}

/**
 * A CIDR range `address/prefix`. Host bits are cleared (`203.0.113.7/24` → `203.0.113.0/24`). An IPv4-mapped IPv6
 * range of prefix ≥ 96 becomes the IPv4 range it covers (`::ffff:10.0.0.0/104` → `10.0.0.0/8`).
 */
export function parseCidr(text: string): Parsed<Range> {
  const slash = text.indexOf('/');
  if (slash === -1) return { ok: false, reason: 'not a CIDR range' };
  const addressText = text.slice(0, slash);
  const prefixText = text.slice(slash + 1);
  if (!/^[0-9]{1,3}$/.test(prefixText)) return { ok: false, reason: 'the prefix length must be a number' };
  const prefix = Number(prefixText);
  if (addressText.length === 0 || addressText.length > MAX_ADDRESS_TEXT)
    return { ok: false, reason: 'not an IP address' };

  let address: Address;
  if (ipaddr.IPv4.isValidFourPartDecimal(addressText)) {
    address = ipaddr.IPv4.parse(addressText);
  } else if (ipaddr.IPv6.isValid(addressText)) {
    const v6 = ipaddr.IPv6.parse(addressText);
    if (v6.zoneId !== undefined && v6.zoneId !== '') return { ok: false, reason: 'IPv6 zone ids are not allowed' };
    address = v6;
  } else {
    return { ok: false, reason: 'not an IP address' };
  }
  if (prefix > maxPrefix(address)) {
    return { ok: false, reason: `the prefix length must be 0..${maxPrefix(address)}` };
  }
  let range: Range = { address, prefix };
  if (address.kind() === 'ipv6' && (address as IPv6).isIPv4MappedAddress() && prefix >= 96) {
    range = { address: (address as IPv6).toIPv4Address(), prefix: prefix - 96 };
  }
  return { ok: true, value: { address: networkOf(range), prefix: range.prefix } };
}

/** The network address of a range (host bits cleared), computed by ipaddr.js. */
function networkOf(range: Range): Address {
  const cidr = `${range.address.toString()}/${range.prefix}`;
  return range.address.kind() === 'ipv4'
    ? ipaddr.IPv4.networkAddressFromCIDR(cidr)
    : ipaddr.IPv6.networkAddressFromCIDR(cidr);
}

/** True when `address` (already unmapped) lies in `range`. Different families never match. */
export function inRange(address: Address, range: Range): boolean {
  if (address.kind() !== range.address.kind()) return false;
  return address.match(range.address, range.prefix);
}
