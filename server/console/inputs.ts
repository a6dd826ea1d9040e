/**
 * The console's value checks: each turns a command-line string into a value or throws a UsageError that says, in
 * words, what is accepted (the scopes and roles by name, from the domain's lists). Commands run every check before
 * their first write, so bad input changes nothing.
 */
import { parseAllowList } from '../auth/ip-allowlist.ts';
import { KEY_ROLE_NAMES, KEY_ROLES, isKeyRole } from '../auth/key-roles.ts';
import { ENVIRONMENTS, SCOPES, type Environment, type Scope } from '../domain.ts';
import { UsageError } from './errors.ts';

const SCOPE_LIST = SCOPES.join(', ');

export function parseScopes(text: string): Scope[] {
  const items = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (items.length === 0) throw new UsageError(`at least one scope is required (accepted: ${SCOPE_LIST})`);
  for (const s of items) {
    if (!(SCOPES as readonly string[]).includes(s))
      throw new UsageError(`unknown scope '${s}' (accepted: ${SCOPE_LIST})`);
  }
  return [...new Set(items)] as Scope[];
}

/** The scopes of a new key: `--scopes a,b` or `--role R` (a key role), exactly one of them. */
export function parseGrant(input: { scopes?: string | undefined; role?: string | undefined }): Scope[] {
  if (input.scopes !== undefined && input.role !== undefined) throw new UsageError('give --scopes or --role, not both');
  if (input.role === undefined) return parseScopes(input.scopes ?? '');
  if (!isKeyRole(input.role)) {
    throw new UsageError(`unknown role '${input.role}' (accepted: ${KEY_ROLE_NAMES.join(', ')}; see help key create)`);
  }
  return [...KEY_ROLES[input.role].scopes];
}

/** Every value of `key create` that needs no store, checked: the new key's scopes, allow-list and expiry. */
export function checkKeyInput(
  input: {
    name: string;
    scopes?: string | undefined;
    role?: string | undefined;
    allow_list?: string | undefined;
    expires_at?: string | undefined;
  },
  now: Date,
): { scopes: Scope[]; ip_allowlist: string[]; expires_at: Date | null } {
  const scopes = parseGrant(input);
  const ip_allowlist = allowList(input.allow_list);
  const expires_at = parseExpiry(input.expires_at, now);
  if (!input.name.trim()) throw new UsageError('--name is required');
  return { scopes, ip_allowlist, expires_at };
}

export function parseEnvironments(text: string): Environment[] {
  if (text === 'both') return [...ENVIRONMENTS];
  if ((ENVIRONMENTS as readonly string[]).includes(text)) return [text as Environment];
  throw new UsageError(`environment must be production, sandbox or both, got '${text}'`);
}

export function parseExpiry(text: string | undefined, now: Date): Date | null {
  if (text === undefined || text === '') return null;
  const d = new Date(text);
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(d.getTime()))
    throw new UsageError(`expiry must be an ISO 8601 date or date-time, got '${text}'`);
  if (d.getTime() <= now.getTime()) throw new UsageError(`expiry ${d.toISOString()} is not in the future`);
  return d;
}

export function allowList(text: string | undefined): string[] {
  if (text === undefined || text.trim() === '') return [];
  try {
    return parseAllowList(text);
  } catch (e) {
    throw new UsageError(`invalid allow-list: ${(e as Error).message}`);
  }
}

/**
 * Limits of the account attributes the API returns (AccountAttributes in the contract; a test keeps them equal): a
 * value over them would make GET /account break its own contract, so the console refuses it.
 */
export const ACCOUNT_LIMITS = { name: 200, email: 254, 'business-name': 200, role: 32 } as const;
const ACCOUNT_ROLE = /^[a-z][a-z0-9_]*$/;
/** What an account role may be, in words (help and refusals say the same). */
export const ACCOUNT_ROLE_FORM = `a lower-case word of letters, digits and _ starting with a letter, at most ${ACCOUNT_LIMITS.role} characters, such as regular (the default)`;

export function checkAccountInput(input: {
  name: string;
  email: string;
  business_name: string;
  role?: string | undefined;
}): void {
  for (const [field, value] of [
    ['name', input.name],
    ['email', input.email],
    ['business-name', input.business_name],
  ] as const) {
    if (!value || !value.trim()) throw new UsageError(`--${field} is required`);
  }
  for (const [field, value] of [
    ['name', input.name],
    ['email', input.email],
    ['business-name', input.business_name],
    ['role', input.role ?? ''],
  ] as const) {
    if (value.trim().length > ACCOUNT_LIMITS[field])
      throw new UsageError(`--${field} is longer than ${ACCOUNT_LIMITS[field]} characters`);
  }
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(input.email)) throw new UsageError(`invalid e-mail '${input.email}'`);
  if (input.role !== undefined && !ACCOUNT_ROLE.test(input.role))
    throw new UsageError(`invalid account role '${input.role}': accepted is ${ACCOUNT_ROLE_FORM}`);
}

/** Request money of the contract (Amount): 1-9 integer digits, at most 2 decimals; funding must also be > 0. */
const AMOUNT = /^(0|[1-9][0-9]{0,8})(\.[0-9]{1,2})?$/;
/** The contract's PartnerReference. */
const REFERENCE = /^[A-Za-z0-9._-]{1,64}$/;

export function checkFunding(input: { amount: string; reference?: string | undefined }): void {
  if (!AMOUNT.test(input.amount) || /^0+(\.0+)?$/.test(input.amount)) {
    throw new UsageError(
      `--amount must be a positive amount with at most 9 integer digits and 2 decimals, such as 5000.00, got '${input.amount}'`,
    );
  }
  if (input.reference !== undefined && !REFERENCE.test(input.reference)) {
    throw new UsageError(`--reference must be 1-64 characters of A-Z a-z 0-9 . _ -, got '${input.reference}'`);
  }
}

/** A switch's value: exactly `true` or `false` (the console's JSON values). */
export function parseEnabled(text: string): boolean {
  if (text === 'true') return true;
  if (text === 'false') return false;
  throw new UsageError(`--enabled must be true or false, got '${text}'`);
}
