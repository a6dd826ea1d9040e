import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticate } from '../auth/authenticate.ts';
import { hashSecret, KEY_PATTERN } from '../auth/keys.ts';
import { SCOPES, type Environment } from '../domain.ts';
import { ApiError } from '../errors.ts';
import { openStore } from '../store/open.ts';
import type { Store } from '../store/types.ts';
import { apiDisabledAccountId, demoAccount, lowBalanceAccountId } from './accounts.ts';
import { DEMO_KEY_ROLES, DEMO_KEY_SPECS, demoKeyName, ensureDemoKeys, type DemoKeyRole } from './keys.ts';
import { ensureApiDisabledAccount, ensureLowBalanceAccount } from './seed.ts';

const NOW = new Date('2026-11-23T10:00:00.000Z');
let store: Store;
const accountIds = {} as Record<Environment, string>;
/** Every key of an environment's three demo accounts (the partner's, the low-balance and the switched-off one). */
const demoKeys = async (env: Environment) => [
  ...(await store.listKeys(accountIds[env])),
  ...(await store.listKeys(lowBalanceAccountId(env))),
  ...(await store.listKeys(apiDisabledAccountId(env))),
];

beforeAll(async () => {
  store = await openStore({ memory: true });
  for (const env of ['production', 'sandbox'] as const) {
    accountIds[env] = (await store.createAccount(demoAccount(env, NOW))).id;
    await ensureLowBalanceAccount(store, env, NOW);
    await ensureApiDisabledAccount(store, env, NOW);
  }
});
afterAll(async () => {
  await store?.close();
});

/** What the auth layer answers for a secret, from a given address, for a given scope. */
async function authOutcome(
  secret: string,
  env: Environment,
  callerIp = '127.0.0.1',
  scope: (typeof SCOPES)[number] = 'read_balance',
) {
  try {
    await authenticate({
      authorization: [`Bearer ${secret}`],
      environment: env,
      now: new Date(),
      callerIp,
      requiredScope: scope,
      findKeyByHash: (h) => store.findKeyByHash(h),
    });
    return 'OK';
  } catch (e) {
    if (e instanceof ApiError) return e.code;
    throw e;
  }
}

describe('ensureDemoKeys', () => {
  it.each(['production', 'sandbox'] as const)(
    'creates one key per role in %s and returns a well-formed secret for each',
    async (env) => {
      const secrets = await ensureDemoKeys(store, env, accountIds[env], { now: NOW });
      expect(Object.keys(secrets)).toEqual([...DEMO_KEY_ROLES]);
      for (const role of DEMO_KEY_ROLES) {
        expect(secrets[role]).toMatch(KEY_PATTERN);
        expect(secrets[role].startsWith(env === 'production' ? 'sk_live_' : 'sk_test_')).toBe(true);
      }
      const keys = await store.listKeys(accountIds[env]);
      expect(keys.map((k) => k.name).sort()).toEqual(
        DEMO_KEY_ROLES.filter((r) => r !== 'low_balance' && r !== 'api_disabled')
          .map(demoKeyName)
          .sort(),
      );
      // The low_balance key is the low-balance account's: purchases with it spend that account's NGN 50.00.
      expect((await store.listKeys(lowBalanceAccountId(env))).map((k) => k.name)).toEqual(['demo:low_balance']);
      // The api_disabled key is the switched-off account's, whose API access is off.
      expect((await store.listKeys(apiDisabledAccountId(env))).map((k) => k.name)).toEqual(['demo:api_disabled']);
      expect((await store.findKeyByHash(hashSecret(secrets.api_disabled)))?.account_api_access_enabled).toBe(false);
    },
  );

  it("finds every role's secret by hash except regenerated_old's", async () => {
    const secrets = await ensureDemoKeys(store, 'sandbox', accountIds.sandbox, { now: NOW });
    for (const role of DEMO_KEY_ROLES) {
      const row = await store.findKeyByHash(hashSecret(secrets[role]));
      if (role === 'regenerated_old') expect(row, role).toBeNull();
      else expect(row?.name, role).toBe(demoKeyName(role));
    }
  });

  it('gives every key its intended status, scopes, allow-list and expiry', async () => {
    await ensureDemoKeys(store, 'production', accountIds.production, { now: NOW });
    const byName = new Map((await demoKeys('production')).map((k) => [k.name, k]));
    for (const role of DEMO_KEY_ROLES) {
      const k = byName.get(demoKeyName(role))!;
      const spec = DEMO_KEY_SPECS[role];
      expect(k.environment).toBe('production');
      expect(k.status, role).toBe(spec.status);
      expect([...k.scopes].sort(), role).toEqual([...spec.scopes].sort());
      expect(k.ip_allowlist, role).toEqual(spec.ip_allowlist);
      if (role === 'expired') expect(k.expires_at!.getTime()).toBeLessThan(NOW.getTime());
      else expect(k.expires_at, role).toBeNull();
    }
    expect(byName.get('demo:full')!.scopes).toHaveLength(SCOPES.length);
    expect(byName.get('demo:ip_restricted')!.ip_allowlist).toEqual(['203.0.113.0/24', '198.51.100.7', '2001:db8::1']);
    expect(byName.get('demo:ip_loopback')!.ip_allowlist).toEqual(['127.0.0.1', '::1']);
    expect(byName.get('demo:low_balance')!.scopes).toHaveLength(SCOPES.length);
  });

  it('is idempotent: same key ids on every call, fresh secrets, old secrets dead, no duplicates', async () => {
    const first = await ensureDemoKeys(store, 'sandbox', accountIds.sandbox, { now: NOW });
    const idsBefore = (await demoKeys('sandbox')).map((k) => k.id);
    const second = await ensureDemoKeys(store, 'sandbox', accountIds.sandbox, { now: NOW });
    const after = await demoKeys('sandbox');
    expect(after.map((k) => k.id)).toEqual(idsBefore);
    expect(after).toHaveLength(DEMO_KEY_ROLES.length);
    for (const role of DEMO_KEY_ROLES) {
      expect(second[role]).not.toBe(first[role]);
      expect(await store.findKeyByHash(hashSecret(first[role])), role).toBeNull();
    }
  });

  it('restores a demo key that was changed since the last start', async () => {
    const keys = await store.listKeys(accountIds.sandbox);
    const full = keys.find((k) => k.name === 'demo:full')!;
    const revoked = keys.find((k) => k.name === 'demo:revoked')!;
    await store.setKeyStatus(full.id, 'revoked');
    await store.updateKey(full.id, { scopes: ['read_balance'], ip_allowlist: ['10.0.0.1'], expires_at: new Date(0) });
    await store.setKeyStatus(revoked.id, 'active');
    await ensureDemoKeys(store, 'sandbox', accountIds.sandbox, { now: NOW });
    const restored = await store.getKey(full.id);
    expect(restored).toMatchObject({ status: 'active', ip_allowlist: [], expires_at: null });
    expect(restored!.scopes).toHaveLength(SCOPES.length);
    expect((await store.getKey(revoked.id))!.status).toBe('revoked');
  });

  it('recreates a demo key that was deleted', async () => {
    await store.sql.query("DELETE FROM api_keys WHERE name = 'demo:balance_only'");
    const secrets = await ensureDemoKeys(store, 'sandbox', accountIds.sandbox, { now: NOW });
    expect((await store.findKeyByHash(hashSecret(secrets.balance_only)))?.name).toBe('demo:balance_only');
  });

  it('leaves keys with other names alone', async () => {
    const other = await store.createKey({
      account_id: accountIds.sandbox,
      name: 'my integration',
      display_prefix: 'sk_test_abcd',
      secret_hash: 'a'.repeat(64),
      scopes: ['read_balance'],
      ip_allowlist: [],
      expires_at: null,
    });
    await ensureDemoKeys(store, 'sandbox', accountIds.sandbox, { now: NOW });
    expect(await store.getKey(other.id)).toEqual(other);
  });
});

describe('demo keys seen by the auth layer', () => {
  let secrets: Record<DemoKeyRole, string>;
  beforeAll(async () => {
    secrets = await ensureDemoKeys(store, 'production', accountIds.production);
  });

  it.each<{ role: DemoKeyRole; ip: string; scope: (typeof SCOPES)[number]; outcome: string }>([
    { role: 'full', ip: '127.0.0.1', scope: 'read_balance', outcome: 'OK' },
    { role: 'full', ip: '127.0.0.1', scope: 'manage_webhooks', outcome: 'OK' },
    { role: 'balance_only', ip: '127.0.0.1', scope: 'read_balance', outcome: 'OK' },
    { role: 'balance_only', ip: '127.0.0.1', scope: 'view_products', outcome: 'INSUFFICIENT_SCOPE' },
    { role: 'products_only', ip: '127.0.0.1', scope: 'view_products', outcome: 'OK' },
    { role: 'products_only', ip: '127.0.0.1', scope: 'read_balance', outcome: 'INSUFFICIENT_SCOPE' },
    { role: 'disabled', ip: '127.0.0.1', scope: 'read_balance', outcome: 'TOKEN_DISABLED' },
    { role: 'revoked', ip: '127.0.0.1', scope: 'read_balance', outcome: 'TOKEN_REVOKED' },
    { role: 'expired', ip: '127.0.0.1', scope: 'read_balance', outcome: 'TOKEN_EXPIRED' },
    { role: 'regenerated_old', ip: '127.0.0.1', scope: 'read_balance', outcome: 'INVALID_CREDENTIALS' },
    { role: 'ip_restricted', ip: '127.0.0.1', scope: 'read_balance', outcome: 'IP_NOT_ALLOWED' },
    { role: 'ip_restricted', ip: '203.0.113.77', scope: 'read_balance', outcome: 'OK' },
    { role: 'ip_restricted', ip: '2001:db8::1', scope: 'read_balance', outcome: 'OK' },
    { role: 'ip_loopback', ip: '127.0.0.1', scope: 'read_balance', outcome: 'OK' },
    { role: 'ip_loopback', ip: '::1', scope: 'read_balance', outcome: 'OK' },
    { role: 'ip_loopback', ip: '192.0.2.1', scope: 'read_balance', outcome: 'IP_NOT_ALLOWED' },
    { role: 'low_balance', ip: '127.0.0.1', scope: 'purchase_airtime', outcome: 'OK' },
    { role: 'low_balance', ip: '198.51.100.9', scope: 'purchase_cable_tv', outcome: 'OK' },
    // The account's switch answers first: from loopback (outside its allow-list) and from inside it alike.
    { role: 'api_disabled', ip: '127.0.0.1', scope: 'read_balance', outcome: 'API_DISABLED' },
    { role: 'api_disabled', ip: '203.0.113.5', scope: 'manage_webhooks', outcome: 'API_DISABLED' },
  ])('answers $outcome for $role from $ip with scope $scope', async ({ role, ip, scope, outcome }) => {
    expect(await authOutcome(secrets[role], 'production', ip, scope)).toBe(outcome);
  });

  it('rejects a production demo key on the sandbox', async () => {
    expect(await authOutcome(secrets.full, 'sandbox')).toBe('ENVIRONMENT_MISMATCH');
  });
});
