/**
 * Per-key IP allow-lists.
 *
 * An entry is a single IPv4 address (`198.51.100.7`), an IPv4 CIDR range (`203.0.113.0/24`) or a single IPv6
 * address in any textual form (`2001:db8::1`, `2001:DB8:0:0::1`). An empty list means "any address".
 *
 * parseAllowList validates at configuration time (the console) and returns the normalised entries to store;
 * isAllowed runs per request against the stored entries. Decisions where the product rules are silent:
 * - IPv4 CIDR with host bits set (`203.0.113.7/24`) is accepted and normalised to its network (`203.0.113.0/24`):
 *   the intent is unambiguous and the stored form then shows exactly what is allowed.
 * - IPv6 CIDR ranges are rejected with a clear message: the contract lists only single IPv6 addresses.
 * - An IPv4-mapped IPv6 entry (`::ffff:198.51.100.7`) is stored as the IPv4 address it carries, since callers are
 *   compared in that form too. IPv6 entries are stored in RFC 5952 form (`2001:db8::1`).
 * - IPv4 is accepted only as four decimal parts; shorthand forms (`10.1`, `0x0a.0.0.1`) are rejected.
 * - Entries are trimmed, empty ones (from trailing or doubled commas) ignored, duplicates dropped (first kept).
 * - A stored entry that does not parse (cannot happen through parseAllowList) never matches: fail closed.
 */
import { formatAddress, formatRange, inRange, parseAddress, parseCidr, type Address, type Range } from './ip.ts';

export class AllowListError extends Error {
  /** The offending entries, as given (trimmed). */
  readonly invalid: string[];

  constructor(problems: { entry: string; reason: string }[]) {
    const list = problems.map((p) => `'${shorten(p.entry)}' (${p.reason})`).join(', ');
    super(
      `invalid IP allow-list ${problems.length === 1 ? 'entry' : 'entries'}: ${list}; ` +
        'use single IPv4 addresses, IPv4 CIDR ranges or single IPv6 addresses',
    );
    this.name = 'AllowListError';
    this.invalid = problems.map((p) => p.entry);
  }
}

function shorten(text: string): string {
  return text.length > 64 ? `${text.slice(0, 61)}...` : text;
}

type Entry = { ok: true; normalised: string; range: Range } | { ok: false; reason: string };

function parseEntry(text: string): Entry {
  if (text.includes('/')) {
    const cidr = parseCidr(text);
    if (!cidr.ok) return { ok: false, reason: `invalid CIDR range: ${cidr.reason}` };
    if (cidr.value.address.kind() === 'ipv6') {
      return { ok: false, reason: 'IPv6 ranges are not supported; list single IPv6 addresses' };
    }
    // Host bits were cleared by parseCidr: 203.0.113.7/24 is stored as 203.0.113.0/24.
    return { ok: true, normalised: formatRange(cidr.value), range: cidr.value };
  }
  const address = parseAddress(text);
  if (!address) return { ok: false, reason: 'not an IPv4 address, IPv4 CIDR range or IPv6 address' };
  return {
    ok: true,
    normalised: formatAddress(address),
    range: { address, prefix: address.kind() === 'ipv4' ? 32 : 128 },
  };
}

function splitEntries(input: string | readonly string[]): string[] {
  const parts = typeof input === 'string' ? [input] : input;
  return parts
    .flatMap((p) => p.split(','))
    .map((e) => e.trim())
    .filter((e) => e !== '');
}

/**
 * Validates and normalises an allow-list given as comma-separated text or a list (whose items may themselves be
 * comma-separated). Throws AllowListError naming every bad entry; nothing is returned in that case, so the caller
 * changes nothing. `[]` (or `''`) is a valid list meaning "any address".
 */
export function parseAllowList(input: string | readonly string[]): string[] {
  const out: string[] = [];
  const problems: { entry: string; reason: string }[] = [];
  for (const text of splitEntries(input)) {
    const entry = parseEntry(text);
    if (!entry.ok) problems.push({ entry: text, reason: entry.reason });
    else if (!out.includes(entry.normalised)) out.push(entry.normalised);
  }
  if (problems.length > 0) throw new AllowListError(problems);
  return out;
}

/**
 * Whether `callerIp` may use a key with these allow-list `entries` (as stored). An empty list allows any address,
 * including an unknown one; a non-empty list never allows an unknown or unparsable caller address.
 * IPv4-mapped IPv6 callers match IPv4 entries; IPv6 compares by address, whatever the textual form.
 */
export function isAllowed(callerIp: string | undefined, entries: readonly string[]): boolean {
  if (entries.length === 0) return true;
  if (callerIp === undefined) return false;
  const caller: Address | null = parseAddress(callerIp, { dropZone: true });
  if (!caller) return false;
  for (const text of entries) {
    const entry = parseEntry(text.trim());
    if (entry.ok && inRange(caller, entry.range)) return true;
  }
  return false;
}
