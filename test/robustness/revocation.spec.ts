/**
 * Revocation under load: two server processes on one PostgreSQL schema share a key that serves ~100 requests per
 * second, spread over both. The console regenerates it, then revokes it (server/console/commands.ts over a Store).
 * Not one request sent with the old secret after the regenerate returned succeeds, nor one with the new secret
 * after the revoke returned — on either instance (no cache). Skipped, visibly, without TEST_DATABASE_URL.
 */
import { describe, expect, it } from 'vitest';
import { createKey, moveKey, regenerateKey } from '../../server/console/commands.ts';
import { openStore } from '../../server/store/open.ts';
import { recordFigures } from './support/figures.ts';
import { openLoop } from './support/load.ts';
import { startMain, type MainProcess } from './support/main-process.ts';
import { createSchema, databaseUrl, dropSchema, noDatabase, schemaName, withSchema } from './support/postgres.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!!noDatabase)(`revocation under load${noDatabase ? ` (skipped: ${noDatabase})` : ''}`, () => {
  it('refuses the old secret on both instances from the moment regenerate returns, and the key once revoke returns', async () => {
    const schema = schemaName('revoke');
    await createSchema(schema);
    const dbUrl = withSchema(databaseUrl!, schema);
    const env = { DATABASE_URL: dbUrl, RATE_LIMIT_RPS: '1000' };
    const servers: MainProcess[] = [];
    const store = await openStore({ databaseUrl: dbUrl, log: () => {} });
    let figures: Record<string, number> = {};
    let passed = false;
    try {
      servers.push(await startMain({ env }));
      servers.push(await startMain({ env, demo: false }));
      const account = (await store.listAccounts('production'))[0]!;
      const { key, secret: first } = await createKey(store, {
        account_id: account.id,
        name: 'load',
        scopes: 'read_balance',
      });
      const secrets: { first: string; second?: string } = { first };
      const base = (i: number) => `${servers[i % 2]!.url}/api/partners/v1/account/balance`;
      const t0 = Date.now();
      const at: Record<string, number> = {};
      const which: ('first' | 'second')[] = [];
      const load = openLoop(100, 5000, (i) => {
        const use = i % 2 === 1 && secrets.second ? 'second' : 'first';
        which[i] = use;
        return { url: base(Math.floor(i / 2)), headers: { Authorization: `Bearer ${secrets[use]}` } };
      });
      await sleep(1500);
      at.regenerate_called = Date.now() - t0;
      secrets.second = (await regenerateKey(store, key.id)).secret;
      at.regenerated = Date.now() - t0;
      await sleep(1500);
      at.revoke_called = Date.now() - t0;
      await moveKey(store, key.id, 'revoke');
      at.revoked = Date.now() - t0;
      const samples = (await load).map((s, i) => ({ ...s, secret: which[i]! }));

      const ok = (s: { status: number }) => s.status === 200;
      const oldAfter = samples.filter((s) => s.secret === 'first' && s.sentAt > at.regenerated!);
      const newAfter = samples.filter((s) => s.secret === 'second' && s.sentAt > at.revoked!);
      figures = {
        requests: samples.length,
        instances: servers.length,
        old_secret_before_regenerate_200: samples.filter(
          (s) => s.secret === 'first' && s.doneAt < at.regenerate_called! && ok(s),
        ).length,
        old_secret_after_regenerate: oldAfter.length,
        old_secret_after_regenerate_200: oldAfter.filter(ok).length,
        new_secret_before_revoke_200: samples.filter(
          (s) => s.secret === 'second' && s.doneAt < at.revoke_called! && ok(s),
        ).length,
        new_secret_after_revoke: newAfter.length,
        new_secret_after_revoke_200: newAfter.filter(ok).length,
        other_statuses: samples.filter((s) => s.status !== 200 && s.status !== 401).length,
        regenerate_ms: at.regenerated! - at.regenerate_called!,
        revoke_ms: at.revoked! - at.revoke_called!,
      };
      expect(figures.old_secret_before_regenerate_200).toBeGreaterThan(50);
      expect(figures.new_secret_before_revoke_200).toBeGreaterThan(30);
      expect(oldAfter.length).toBeGreaterThan(50);
      expect(newAfter.length).toBeGreaterThan(30);
      expect(figures.old_secret_after_regenerate_200).toBe(0);
      expect(figures.new_secret_after_revoke_200).toBe(0);
      expect(oldAfter.every((s) => /"INVALID_CREDENTIALS"/.test(s.body))).toBe(true);
      expect(newAfter.every((s) => /"TOKEN_REVOKED"/.test(s.body))).toBe(true);
      expect(figures.other_statuses).toBe(0);
      passed = true;
    } finally {
      for (const s of servers) {
        await s.stop();
        s.cleanup();
      }
      await store.close();
      await dropSchema(schema);
      recordFigures({ check: 'revocation-under-load', passed, figures });
    }
  });
});

if (noDatabase) recordFigures({ check: 'revocation-under-load', passed: false, skipped: noDatabase, figures: {} });
