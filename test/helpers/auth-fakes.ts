/**
 * Test fakes for the auth layer: key rows and an in-memory `findKeyByHash` that counts lookups. Used by the
 * colocated *.test.ts files of server/auth.
 */
import type { Environment } from '../../server/domain.ts';
import type { KeyLookupRow, Store } from '../../server/store/types.ts';
import { displayPrefix, hashSecret } from '../../server/auth/keys.ts';

/** Fixed, well-formed keys (40 base62 characters after the prefix). */
export const SANDBOX_KEY = 'sk_test_' + 'Sandbox0123456789abcdefghijklmnopqrstuvw';
export const PRODUCTION_KEY = 'sk_live_' + 'Product0123456789abcdefghijklmnopqrstuvw';
export const OTHER_SANDBOX_KEY = 'sk_test_' + 'Another0123456789abcdefghijklmnopqrstuvw';
/** Well-formed but never stored anywhere. */
export const UNKNOWN_SANDBOX_KEY = 'sk_test_' + 'Unknown0123456789abcdefghijklmnopqrstuvw';
export const UNKNOWN_PRODUCTION_KEY = 'sk_live_' + 'Unknown0123456789abcdefghijklmnopqrstuvw';

export const NOW = new Date('2026-11-20T09:15:42.123Z');

/** A key row as the lookup returns it: by default active, of an account whose API access is on. */
export function keyRow(secret: string, overrides: Partial<KeyLookupRow> = {}): KeyLookupRow {
  const environment: Environment = secret.startsWith('sk_live_') ? 'production' : 'sandbox';
  return {
    id: `key_${environment}`,
    account_id: `acc_${environment}`,
    environment,
    name: 'test key',
    display_prefix: displayPrefix(secret),
    secret_hash: hashSecret(secret),
    scopes: ['read_balance', 'read_transactions'],
    ip_allowlist: [],
    status: 'active',
    expires_at: null,
    created_at: new Date('2026-01-01T00:00:00.000Z'),
    updated_at: new Date('2026-01-01T00:00:00.000Z'),
    account_api_access_enabled: true,
    ...overrides,
  };
}

export interface FakeKeyStore extends Pick<Store, 'findKeyByHash'> {
  /** Hashes looked up, in order. */
  readonly lookups: string[];
  put(row: KeyLookupRow): void;
  /** Mutates the stored row in place (what setKeyStatus / updateKey would do). */
  update(id: string, patch: Partial<KeyLookupRow>): void;
}

/** An in-memory key table keyed by secret hash; returns copies, so nothing can cache through it by accident. */
export function fakeKeyStore(...rows: KeyLookupRow[]): FakeKeyStore {
  const byId = new Map<string, KeyLookupRow>(rows.map((r) => [r.id, r]));
  const lookups: string[] = [];
  return {
    lookups,
    async findKeyByHash(hash) {
      lookups.push(hash);
      for (const row of byId.values())
        if (row.secret_hash === hash) return { ...row, scopes: [...row.scopes], ip_allowlist: [...row.ip_allowlist] };
      return null;
    },
    put(row) {
      byId.set(row.id, row);
    },
    update(id, patch) {
      const row = byId.get(id);
      if (!row) throw new Error(`no key ${id}`);
      byId.set(id, { ...row, ...patch });
    },
  };
}
