/**
 * Batched lookups (lookup-batch.ts): on their own, every caller gets exactly the row a lone lookup finds, whatever
 * the keys, duplicates, misses and concurrency; on PostgreSQL, the key lookup and the product lookups of two store
 * instances answer a burst as one-by-one lookups do, in fewer statements, and a revoked key is seen revoked by the
 * very next lookup on the other instance.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogue } from '../demo/catalogue.ts';
import { NETWORKS, type Network } from '../domain.ts';
import { lookupBatch } from './lookup-batch.ts';
import { migrate } from './migrate.ts';
import { openPostgres, type PostgresDriver } from './postgres.ts';
import { createQueries } from './queries.ts';
import { fundedAccount, PG_URL } from '../../test/helpers/store-fixtures.ts';
import type { Sql, Store } from './types.ts';

const TABLE: Record<string, string> = { a: 'row-a', b: 'row-b', c: 'row-c' };

/** A lookup over TABLE whose statements are counted and checked, answering after a tick (as a database would). */
function harness(max: number, parallel: number, failMany?: (keys: string[]) => boolean) {
  const seen = { one: 0, many: 0, inFlight: 0, most: 0, biggest: 0, duplicates: false };
  const run = async <T>(f: () => T): Promise<T> => {
    seen.inFlight++;
    seen.most = Math.max(seen.most, seen.inFlight);
    await new Promise((r) => setImmediate(r));
    seen.inFlight--;
    return f();
  };
  const find = lookupBatch<{ key: string; value: string }>({
    max,
    parallel,
    one: (key) =>
      run(() => {
        seen.one++;
        return TABLE[key] ? { key, value: TABLE[key] } : null;
      }),
    many: (keys) =>
      run(() => {
        seen.many++;
        seen.biggest = Math.max(seen.biggest, keys.length);
        if (new Set(keys).size !== keys.length) seen.duplicates = true;
        if (failMany?.(keys)) throw new Error('batch failed');
        return keys
          .filter((k) => TABLE[k])
          .reverse()
          .map((key) => ({ key, value: TABLE[key]! }));
      }),
    keyOf: (row) => row.key,
  });
  return { find, seen };
}

describe('a batched lookup answers every caller as a lone lookup would', () => {
  it('for any keys (found, missing, repeated), batch size and lookups in flight', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('a', 'b', 'c', 'x', 'y'), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 3 }),
        async (keys, max, parallel) => {
          const { find, seen } = harness(max, parallel);
          const answers = await Promise.all(keys.map((k) => find(k)));
          expect(answers.map((a) => a?.value ?? null)).toEqual(keys.map((k) => TABLE[k] ?? null));
          expect(seen.most).toBeLessThanOrEqual(parallel);
          expect(seen.biggest).toBeLessThanOrEqual(max);
          expect(seen.duplicates).toBe(false);
          // The first `parallel` calls run alone; when two or more wait behind them and a batch may hold two, a batch ran.
          if (keys.length >= parallel + 2 && max > 1) expect(seen.one + seen.many).toBeLessThan(keys.length);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a failed batch fails each of its calls with its error, and the next lookups run again', async () => {
    let fail = true;
    const { find } = harness(10, 1, () => fail);
    const first = find('a'); // runs alone
    const batched = ['b', 'x', 'c'].map((k) =>
      find(k).then(
        () => 'answered',
        (e: Error) => e.message,
      ),
    );
    expect((await first)?.value).toBe('row-a');
    expect(await Promise.all(batched)).toEqual(['batch failed', 'batch failed', 'batch failed']);
    fail = false;
    expect((await Promise.all(['a', 'b', 'x'].map((k) => find(k)))).map((r) => r?.value ?? null)).toEqual([
      'row-a',
      'row-b',
      null,
    ]);
  });
});

/** An executor that counts the statements it runs (transactions run on the driver, uncounted). */
function counted(sql: Sql) {
  const c = { n: 0 };
  const db: Sql = {
    query: (text, params) => {
      c.n++;
      return sql.query(text, params);
    },
    transaction: (fn) => sql.transaction(fn),
  };
  return { db, c };
}

describe.skipIf(!PG_URL)(
  `batched lookups on PostgreSQL${PG_URL ? '' : ' (skipped: TEST_DATABASE_URL not set)'}`,
  () => {
    const schema = `lookup_batch_${process.pid}_${Date.now()}`;
    const drivers: PostgresDriver[] = [];
    const counters: { n: number }[] = [];
    let stores: Store[] = [];
    let alone: Store; // the same schema without batching: the answers to compare with

    beforeAll(async () => {
      for (let i = 0; i < 3; i++) drivers.push(await openPostgres(PG_URL!, { schema, log: () => {}, max: 6 }));
      await migrate(drivers[0]!.sql);
      stores = drivers.slice(0, 2).map((d) => {
        const { db, c } = counted(d.sql);
        counters.push(c);
        return createQueries(db, 'postgres', async () => {}, { groupCommit: true });
      });
      alone = createQueries(drivers[2]!.sql, 'postgres');
      await alone.replaceProducts('sandbox', buildCatalogue('sandbox'));
      await alone.replaceProducts('production', buildCatalogue('production'));
    });
    afterAll(async () => {
      await drivers[0]?.sql.query(`DROP SCHEMA ${schema} CASCADE`);
      for (const d of drivers) await d.close();
    });
    const statements = () => counters.reduce((n, c) => n + c.n, 0);

    it('a burst of key lookups from two instances: each finds what a lone lookup finds, in fewer statements', async () => {
      const account = await fundedAccount(alone, '0.00');
      const hashes = Array.from({ length: 40 }, () => randomUUID().replace(/-/g, '').repeat(2));
      for (const h of hashes.slice(0, 30)) {
        await alone.createKey({
          account_id: account,
          name: 'k',
          display_prefix: 'sk_test_abcd',
          secret_hash: h,
          scopes: ['view_products'],
          ip_allowlist: [],
          expires_at: null,
        });
      }
      const asked = Array.from({ length: 400 }, (_, i) => hashes[(i * 7) % hashes.length]!);
      const before = statements();
      const found = await Promise.all(asked.map((h, i) => stores[i % 2]!.findKeyByHash(h)));
      expect(statements() - before).toBeLessThan(asked.length / 4);
      const expected = await Promise.all(asked.map((h) => alone.findKeyByHash(h)));
      expect(found).toEqual(expected);
      expect(found.filter((k) => k === null)).toHaveLength(asked.filter((h) => hashes.indexOf(h) >= 30).length);
    });

    it('a key revoked on one instance is found revoked by every lookup the other starts after, batched or not', async () => {
      const account = await fundedAccount(alone, '0.00');
      const hash = randomUUID().replace(/-/g, '').repeat(2);
      const key = await alone.createKey({
        account_id: account,
        name: 'k',
        display_prefix: 'sk_test_abcd',
        secret_hash: hash,
        scopes: ['view_products'],
        ip_allowlist: [],
        expires_at: null,
      });
      // Lookups in flight on instance 1 keep it busy (its batches queue) while instance 0 revokes.
      const busy = Promise.all(Array.from({ length: 200 }, () => stores[1]!.findKeyByHash(hash)));
      await stores[0]!.setKeyStatus(key.id, 'revoked');
      const after = await Promise.all(Array.from({ length: 200 }, () => stores[1]!.findKeyByHash(hash)));
      expect(new Set(after.map((k) => k?.status))).toEqual(new Set(['revoked']));
      expect((await busy).every((k) => k?.id === key.id)).toBe(true);
    });

    it("every product of both catalogues, unknown ids and the other environment's: as lone lookups find them", async () => {
      const asked = (['sandbox', 'production'] as const).flatMap((env) => [
        ...buildCatalogue('sandbox').map((p) => [env, p.id] as const),
        ...buildCatalogue('production').map((p) => [env, p.id] as const),
        [env, 'no-such-product'] as const,
        [env, 'x/y'] as const,
        [env, ''] as const,
      ]);
      const before = statements();
      const found = await Promise.all(asked.map(([env, id], i) => stores[i % 2]!.getProduct(env, id)));
      expect(statements() - before).toBeLessThan(asked.length / 4);
      expect(found).toEqual(await Promise.all(asked.map(([env, id]) => alone.getProduct(env, id))));
      expect(found.filter(Boolean).length).toBeGreaterThan(100);
    });

    it("transactions by external_reference — own, another account's, unknown, odd forms: as lone lookups find them", async () => {
      const accounts = [await fundedAccount(alone, '100.00'), await fundedAccount(alone, '100.00')];
      for (const a of accounts)
        for (let i = 0; i < 5; i++) await alone.fundWallet({ account_id: a, amount: '1.00', at: new Date() });
      const refs = await Promise.all(
        accounts.map(async (a) =>
          (await alone.listTransactions(a, {}, { page: 1, per_page: 100 })).items.map((t) => t.external_reference!),
        ),
      );
      const odd = ['', 'NO-SUCH-REFERENCE', 'a\nb', refs[0]![0]!.toLowerCase(), `${refs[0]![0]!} `];
      const asked = accounts.flatMap((a, i) =>
        [...refs[i]!, ...refs[1 - i]!, ...odd].flatMap((r) => [[a, r] as const, [a.toUpperCase(), r] as const]),
      );
      const before = statements();
      const found = await Promise.all(asked.map(([a, r], i) => stores[i % 2]!.getTransactionByExternalReference(a, r)));
      expect(statements() - before).toBeLessThan(asked.length / 4);
      expect(found).toEqual(await Promise.all(asked.map(([a, r]) => alone.getTransactionByExternalReference(a, r))));
      // Each account finds its own references, twice (the id in either case), and nothing else.
      expect(found.filter(Boolean)).toHaveLength(2 * (refs[0]!.length + refs[1]!.length));
    });

    it('the airtime product of each network, in any case, is the first of its network in listing order', async () => {
      const asked = (['sandbox', 'production'] as const).flatMap((env) =>
        [...NETWORKS, 'mtn', 'Airtel', 'NONE', '9mobile'].flatMap((n) =>
          Array.from({ length: 10 }, () => [env, n] as const),
        ),
      );
      const found = await Promise.all(asked.map(([env, n], i) => stores[i % 2]!.getAirtimeProduct(env, n)));
      for (const [i, [env, n]] of asked.entries()) {
        const listed =
          (await alone.listProducts(env, 'airtime', { network: n as Network }, { page: 1, per_page: 1 })).items[0] ??
          null;
        expect(found[i], `${env} ${n}`).toEqual(listed);
      }
      expect(found.filter(Boolean)).toHaveLength(asked.length - 20);
    });
  },
);
