/**
 * The demo API keys of one environment: one key per role, each showing one behaviour of the auth layer (or, for
 * `low_balance`, of the wallet: its key belongs to the low-balance account, whose wallet holds NGN 50.00; for
 * `api_disabled`, of the account: its key belongs to the switched-off account, whose API access is off).
 *
 * Secrets are never stored (only their SHA-256), so at EVERY start each demo key gets a fresh secret: the key is
 * found again by its name (`demo:<role>`), its secret replaced and its intended status, scopes, allow-list and
 * expiry restored; a missing key is created. The key ids stay stable across starts.
 */
import { KEY_ROLES } from '../auth/key-roles.ts';
import { generateKey } from '../auth/keys.ts';
import type { Environment, KeyStatus, Scope } from '../domain.ts';
import type { ApiKeyRow, Store } from '../store/types.ts';
import { apiDisabledAccountId, lowBalanceAccountId } from './accounts.ts';

export const DEMO_KEY_ROLES = [
  'full',
  'balance_only',
  'products_only',
  'disabled',
  'revoked',
  'expired',
  'regenerated_old',
  'ip_restricted',
  'ip_loopback',
  'low_balance',
  'api_disabled',
] as const;
export type DemoKeyRole = (typeof DEMO_KEY_ROLES)[number];

export interface DemoKeySpec {
  scopes: Scope[];
  status: KeyStatus;
  ip_allowlist: string[];
  /** true: expires_at is set one day before `now`; false: no expiry. */
  expired: boolean;
  description: string;
  /**
   * Whose key it is: the demo partner's account, the low-balance account (seed.ts: ensureLowBalanceAccount) or the
   * switched-off account (seed.ts: ensureApiDisabledAccount).
   */
  account: 'demo' | 'low_balance' | 'api_disabled';
}

/** The scopes of every demo key are those of a key role (auth/key-roles.ts), as `key create --role` gives them. */
const ALL: Scope[] = [...KEY_ROLES.full.scopes];
const spec = (description: string, over: Partial<DemoKeySpec> = {}): DemoKeySpec => ({
  scopes: ALL,
  status: 'active',
  ip_allowlist: [],
  expired: false,
  description,
  account: 'demo',
  ...over,
});

export const DEMO_KEY_SPECS: Record<DemoKeyRole, DemoKeySpec> = {
  full: spec('active, all scopes'),
  balance_only: spec('active, read_balance only', { scopes: [...KEY_ROLES.balance_only.scopes] }),
  products_only: spec('active, view_products only', { scopes: [...KEY_ROLES.products_only.scopes] }),
  disabled: spec('disabled (TOKEN_DISABLED)', { status: 'disabled' }),
  revoked: spec('revoked (TOKEN_REVOKED)', { status: 'revoked' }),
  expired: spec('expired yesterday (TOKEN_EXPIRED)', { expired: true }),
  regenerated_old: spec('old secret of a regenerated key (INVALID_CREDENTIALS)'),
  ip_restricted: spec('allow-list 203.0.113.0/24, 198.51.100.7, 2001:db8::1 (IP_NOT_ALLOWED from elsewhere)', {
    ip_allowlist: ['203.0.113.0/24', '198.51.100.7', '2001:db8::1'],
  }),
  ip_loopback: spec('allow-list 127.0.0.1, ::1 (works from this machine only)', { ip_allowlist: ['127.0.0.1', '::1'] }),
  low_balance: spec(
    'active, all scopes, own account "Low Balance Ltd" holding NGN 50.00 (INSUFFICIENT_BALANCE), low-balance threshold NGN 40.00 (account.low_balance)',
    {
      account: 'low_balance',
    },
  ),
  // Its allow-list excludes this machine too, so it shows the order: the account's switch answers before the allow-list.
  api_disabled: spec(
    'all scopes, allow-list 203.0.113.0/24, own account "Switched Off Ltd" whose API access is off (API_DISABLED)',
    { account: 'api_disabled', ip_allowlist: ['203.0.113.0/24'] },
  ),
};

/** Name of the demo key of a role; how the key is found again at the next start. */
export const demoKeyName = (role: DemoKeyRole): string => `demo:${role}`;

export interface EnsureDemoKeysOptions {
  /** Clock for the `expired` key's expiry (one day before it). Default: the current time. */
  now?: Date;
  /** The account of the `low_balance` key (it must exist). Default: the environment's low-balance account. */
  lowBalanceAccountId?: string;
  /** The account of the `api_disabled` key (it must exist). Default: the environment's switched-off account. */
  apiDisabledAccountId?: string;
}

/**
 * Makes sure every demo key of the account exists in its intended state, with a FRESH secret, and returns the
 * secrets by role. `regenerated_old` returns a secret that was replaced right after being set, so it is invalid.
 * Callable at every start; keys the partner created under other names are left alone.
 */
export async function ensureDemoKeys(
  store: Store,
  environment: Environment,
  accountId: string,
  options: EnsureDemoKeysOptions = {},
): Promise<Record<DemoKeyRole, string>> {
  const now = options.now ?? new Date();
  const owners = {
    demo: accountId,
    low_balance: options.lowBalanceAccountId ?? lowBalanceAccountId(environment),
    api_disabled: options.apiDisabledAccountId ?? apiDisabledAccountId(environment),
  };
  const existing = [
    ...(await store.listKeys(owners.demo)),
    ...(await store.listKeys(owners.low_balance)),
    ...(await store.listKeys(owners.api_disabled)),
  ];
  const secrets = {} as Record<DemoKeyRole, string>;

  for (const role of DEMO_KEY_ROLES) {
    const want = DEMO_KEY_SPECS[role];
    const name = demoKeyName(role);
    const owner = owners[want.account];
    const expires_at = want.expired ? new Date(now.getTime() - 86_400_000) : null;
    const first = generateKey(environment);

    // Oldest key of that name (listKeys is ordered by created_at, id).
    let key: ApiKeyRow | undefined = existing.find(
      (k) => k.name === name && k.environment === environment && k.account_id === owner,
    );
    if (key === undefined) {
      key = await store.createKey({
        account_id: owner,
        name,
        display_prefix: first.display_prefix,
        secret_hash: first.secret_hash,
        scopes: want.scopes,
        ip_allowlist: want.ip_allowlist,
        expires_at,
      });
    } else {
      await store.replaceKeySecret(key.id, first.secret_hash, first.display_prefix);
      key = await store.updateKey(key.id, { scopes: want.scopes, ip_allowlist: want.ip_allowlist, expires_at });
    }
    if (key.status !== want.status) key = await store.setKeyStatus(key.id, want.status);

    if (role === 'regenerated_old') {
      // Regenerate: a second secret, which nobody keeps, replaces the first; the first (returned) no longer matches.
      const second = generateKey(environment);
      await store.replaceKeySecret(key.id, second.secret_hash, second.display_prefix);
    }
    secrets[role] = first.secret;
  }
  return secrets;
}
