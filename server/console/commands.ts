/**
 * The account console as commands over the store (the source spec's Settings → API Keys): create a partner
 * account; create, list, disable, enable, revoke and regenerate keys; fund a wallet. Every command validates all
 * its input before it writes, so bad input changes nothing. Secrets are returned once and never stored.
 */
import { parseAllowList } from '../auth/ip-allowlist.ts';
import { generateKey } from '../auth/keys.ts';
import { ENVIRONMENTS, SCOPES, type Environment, type KeyStatus, type Scope } from '../domain.ts';
import type { AccountRow, ApiKeyRow, Store, TransactionRow } from '../store/types.ts';

export class ConsoleError extends Error {}

export function parseScopes(text: string): Scope[] {
  const items = text.split(',').map((s) => s.trim()).filter(Boolean);
  if (items.length === 0) throw new ConsoleError(`at least one scope is required (one of: ${SCOPES.join(', ')})`);
  for (const s of items) {
    if (!(SCOPES as readonly string[]).includes(s)) throw new ConsoleError(`unknown scope '${s}' (known: ${SCOPES.join(', ')})`);
  }
  return [...new Set(items)] as Scope[];
}

export function parseEnvironments(text: string): Environment[] {
  if (text === 'both') return [...ENVIRONMENTS];
  if ((ENVIRONMENTS as readonly string[]).includes(text)) return [text as Environment];
  throw new ConsoleError(`environment must be production, sandbox or both, got '${text}'`);
}

export function parseExpiry(text: string | undefined, now: Date): Date | null {
  if (text === undefined || text === '') return null;
  const d = new Date(text);
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(d.getTime())) throw new ConsoleError(`expiry must be an ISO 8601 date or date-time, got '${text}'`);
  if (d.getTime() <= now.getTime()) throw new ConsoleError(`expiry ${d.toISOString()} is not in the future`);
  return d;
}

function allowList(text: string | undefined): string[] {
  if (text === undefined || text.trim() === '') return [];
  try {
    return parseAllowList(text);
  } catch (e) {
    throw new ConsoleError(`invalid allow-list: ${(e as Error).message}`);
  }
}

/**
 * Limits of the account attributes the API returns (AccountAttributes in the contract; a test keeps them equal): a
 * value over them would make GET /account break its own contract, so the console refuses it.
 */
export const ACCOUNT_LIMITS = { name: 200, email: 254, 'business-name': 200, role: 32 } as const;
const ROLE = /^[a-z][a-z0-9_]*$/;

export async function createAccounts(
  store: Store,
  input: { name: string; email: string; business_name: string; role?: string | undefined; environments: Environment[] },
): Promise<AccountRow[]> {
  for (const [field, value] of [['name', input.name], ['email', input.email], ['business-name', input.business_name]] as const) {
    if (!value || !value.trim()) throw new ConsoleError(`--${field} is required`);
  }
  for (const [field, value] of [['name', input.name], ['email', input.email], ['business-name', input.business_name], ['role', input.role ?? '']] as const) {
    if (value.trim().length > ACCOUNT_LIMITS[field]) throw new ConsoleError(`--${field} is longer than ${ACCOUNT_LIMITS[field]} characters`);
  }
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(input.email)) throw new ConsoleError(`invalid e-mail '${input.email}'`);
  if (input.role !== undefined && !ROLE.test(input.role)) throw new ConsoleError(`invalid role '${input.role}': a lower-case word of letters, digits and _, such as regular`);
  const out: AccountRow[] = [];
  for (const environment of input.environments) {
    const account = await store.createAccount({
      environment,
      name: input.name.trim(),
      email: input.email.trim(),
      business_name: input.business_name.trim(),
      role: input.role ?? 'regular',
    });
    await store.upsertWallet({ account_id: account.id, balance: '0.00', currency: 'NGN', updated_at: new Date() });
    out.push(account);
  }
  return out;
}

export async function createKey(
  store: Store,
  input: { account_id: string; name: string; scopes: string; allow_list?: string | undefined; expires_at?: string | undefined },
  now = new Date(),
): Promise<{ key: ApiKeyRow; secret: string }> {
  const scopes = parseScopes(input.scopes);
  const ips = allowList(input.allow_list);
  const expires_at = parseExpiry(input.expires_at, now);
  if (!input.name.trim()) throw new ConsoleError('--name is required');
  const account = await findAccount(store, input.account_id);
  const generated = generateKey(account.environment);
  const key = await store.createKey({
    account_id: account.id,
    name: input.name.trim(),
    display_prefix: generated.display_prefix,
    secret_hash: generated.secret_hash,
    scopes,
    ip_allowlist: ips,
    expires_at,
  });
  return { key, secret: generated.secret };
}

/** The moves of the key state table (source spec §3). */
const MOVES: Record<'disable' | 'enable' | 'revoke', { from: KeyStatus[]; to: KeyStatus }> = {
  disable: { from: ['active'], to: 'disabled' },
  enable: { from: ['disabled'], to: 'active' },
  revoke: { from: ['active', 'disabled'], to: 'revoked' },
};

export async function moveKey(store: Store, id: string, move: keyof typeof MOVES): Promise<ApiKeyRow> {
  const key = await findKey(store, id);
  const { from, to } = MOVES[move];
  if (!from.includes(key.status)) throw new ConsoleError(`cannot ${move} a key that is ${key.status} (allowed from: ${from.join(', ')})`);
  return store.setKeyStatus(key.id, to);
}

export async function regenerateKey(store: Store, id: string): Promise<{ key: ApiKeyRow; secret: string }> {
  const key = await findKey(store, id);
  if (key.status !== 'active') throw new ConsoleError(`cannot regenerate a key that is ${key.status} (only active keys)`);
  const generated = generateKey(key.environment);
  const updated = await store.replaceKeySecret(key.id, generated.secret_hash, generated.display_prefix);
  return { key: updated, secret: generated.secret };
}

/** Request money of the contract (Amount): 1-9 integer digits, at most 2 decimals; funding must also be > 0. */
const AMOUNT = /^(0|[1-9][0-9]{0,8})(\.[0-9]{1,2})?$/;
/** The contract's PartnerReference. */
const REFERENCE = /^[A-Za-z0-9._-]{1,64}$/;

/** Credits a wallet: one `funding` transaction and the credit, in one database transaction (store.fundWallet). */
export async function fundWallet(
  store: Store, input: { account_id: string; amount: string; reference?: string | undefined }, now = new Date(),
): Promise<{ transaction: TransactionRow; balance: string }> {
  if (!AMOUNT.test(input.amount) || /^0+(\.0+)?$/.test(input.amount)) {
    throw new ConsoleError(`--amount must be a positive amount with at most 9 integer digits and 2 decimals, such as 5000.00, got '${input.amount}'`);
  }
  if (input.reference !== undefined && !REFERENCE.test(input.reference)) {
    throw new ConsoleError(`--reference must be 1-64 characters of A-Z a-z 0-9 . _ -, got '${input.reference}'`);
  }
  const account = await findAccount(store, input.account_id);
  const transaction = await store.fundWallet({ account_id: account.id, amount: input.amount, reference: input.reference, description: 'Wallet funding via console', at: now });
  const wallet = await store.getWallet(account.id);
  return { transaction, balance: wallet!.balance };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function findAccount(store: Store, id: string): Promise<AccountRow> {
  const account = UUID.test(id) ? await store.getAccount(id.toLowerCase()) : null;
  if (!account) throw new ConsoleError(`unknown account '${id}'`);
  return account;
}

async function findKey(store: Store, id: string): Promise<ApiKeyRow> {
  const key = UUID.test(id) ? await store.getKey(id.toLowerCase()) : null;
  if (!key) throw new ConsoleError(`unknown key '${id}'`);
  return key;
}

/** What `key list` shows: everything but the secret (which is not stored anyway) and its hash. */
export function describeKey(k: ApiKeyRow) {
  return {
    id: k.id,
    account_id: k.account_id,
    environment: k.environment,
    name: k.name,
    prefix: `${k.display_prefix}…`,
    status: k.status,
    scopes: k.scopes.join(','),
    allow_list: k.ip_allowlist.join(',') || '(any)',
    expires_at: k.expires_at ? k.expires_at.toISOString() : '(never)',
  };
}
