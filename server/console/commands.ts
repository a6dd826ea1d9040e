/**
 * The account console as commands over the store (the source spec's Settings → API Keys): create a partner
 * account; create, list, disable, enable, revoke and regenerate keys; fund a wallet. Every command validates all
 * its input before it writes, so bad input changes nothing. Secrets are returned once and never stored.
 */
import { generateKey } from '../auth/keys.ts';
import type { Environment, KeyStatus } from '../domain.ts';
import type { AccountApiAccess, AccountRow, ApiKeyRow, Store, TransactionRow } from '../store/types.ts';
import { ConsoleError } from './errors.ts';
import { checkAccountInput, checkFunding, checkKeyInput, parseEnabled } from './inputs.ts';

export { ConsoleError, UsageError } from './errors.ts';
export { ACCOUNT_LIMITS } from './inputs.ts';

export async function createAccounts(
  store: Store,
  input: { name: string; email: string; business_name: string; role?: string | undefined; environments: Environment[] },
): Promise<AccountRow[]> {
  checkAccountInput(input);
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
  input: {
    account_id: string;
    name: string;
    scopes?: string | undefined;
    role?: string | undefined;
    allow_list?: string | undefined;
    expires_at?: string | undefined;
  },
  now = new Date(),
): Promise<{ key: ApiKeyRow; secret: string }> {
  const { scopes, ip_allowlist, expires_at } = checkKeyInput(input, now);
  const account = await findAccount(store, input.account_id);
  const generated = generateKey(account.environment);
  const key = await store.createKey({
    account_id: account.id,
    name: input.name.trim(),
    display_prefix: generated.display_prefix,
    secret_hash: generated.secret_hash,
    scopes,
    ip_allowlist,
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
  if (!from.includes(key.status))
    throw new ConsoleError(`cannot ${move} a key that is ${key.status} (allowed from: ${from.join(', ')})`);
  return store.setKeyStatus(key.id, to);
}

export async function regenerateKey(store: Store, id: string): Promise<{ key: ApiKeyRow; secret: string }> {
  const key = await findKey(store, id);
  if (key.status !== 'active')
    throw new ConsoleError(`cannot regenerate a key that is ${key.status} (only active keys)`);
  const generated = generateKey(key.environment);
  const updated = await store.replaceKeySecret(key.id, generated.secret_hash, generated.display_prefix);
  return { key: updated, secret: generated.secret };
}

/** Credits a wallet: one `funding` transaction and the credit, in one database transaction (store.fundWallet). */
export async function fundWallet(
  store: Store,
  input: { account_id: string; amount: string; reference?: string | undefined },
  now = new Date(),
): Promise<{ transaction: TransactionRow; balance: string }> {
  checkFunding(input);
  const account = await findAccount(store, input.account_id);
  const transaction = await store.fundWallet({
    account_id: account.id,
    amount: input.amount,
    reference: input.reference,
    description: 'Wallet funding via console',
    at: now,
  });
  const wallet = await store.getWallet(account.id);
  return { transaction, balance: wallet!.balance };
}

/**
 * Switches an account's API access on or off (`account set-api-access`): off, its keyed operations answer 403
 * API_DISABLED on the next request of every instance; its keys keep their own states.
 */
export async function setApiAccess(
  store: Store,
  input: { account_id: string; enabled: string },
): Promise<AccountApiAccess> {
  const enabled = parseEnabled(input.enabled);
  const account = await findAccount(store, input.account_id);
  return store.setAccountApiAccess(account.id, enabled);
}

/** The keys of one account (which must exist) or of all accounts. */
export async function listKeys(store: Store, accountId?: string | undefined): Promise<ApiKeyRow[]> {
  return store.listKeys(accountId === undefined ? undefined : (await findAccount(store, accountId)).id);
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

/**
 * What `key list` shows: everything but the secret (which is not stored anyway) and its hash. JSON values: lists are
 * arrays, no expiry is null (the table's text for those is KEY_TABLE_EMPTY).
 */
export function describeKey(k: ApiKeyRow) {
  return {
    id: k.id,
    account_id: k.account_id,
    environment: k.environment,
    name: k.name,
    prefix: `${k.display_prefix}…`,
    status: k.status,
    scopes: [...k.scopes],
    allow_list: [...k.ip_allowlist],
    expires_at: k.expires_at ? k.expires_at.toISOString() : null,
  };
}

/** The table's text for a key's empty allow-list and its missing expiry (the JSON has `[]` and null). */
export const KEY_TABLE_EMPTY = { allow_list: '(any)', expires_at: '(never)' } as const;
