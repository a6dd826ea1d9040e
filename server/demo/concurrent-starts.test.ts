/**
 * Several instances starting on one empty database (the robustness suite starts two at once). Each start seeds: the
 * catalogue (ensureCatalogue), and with --demo the demo accounts (loadDemo). They used to race — both found the
 * catalogue empty, both inserted, the second start died on products_pkey; two demo starts both created the demo
 * account under its stable id. Now every catalogue change takes a lock (products.ts) and a start seeds under one
 * (seedingAlone): the data is loaded once, and every start succeeds.
 * Both drivers for the semantics; the race itself on PostgreSQL (TEST_DATABASE_URL), with real concurrent pools.
 */
import { describe, expect, it } from 'vitest';
import { ENVIRONMENTS } from '../domain.ts';
import { PG_URL, pgliteStores, postgresStores } from '../../test/helpers/store-fixtures.ts';
import { apiDisabledAccountId, demoAccountId, lowBalanceAccountId } from './accounts.ts';
import { buildCatalogue } from './catalogue.ts';
import { ensureCatalogue, loadDemo, seedingAlone } from './seed.ts';

const ROUNDS = 8;

describe('loadProductsIfEmpty on PGlite', () => {
  it('loads an empty catalogue once, then leaves a loaded one alone', async () => {
    const { store, close } = await pgliteStores();
    try {
      const catalogue = buildCatalogue('sandbox');
      expect(await store.loadProductsIfEmpty('sandbox', catalogue)).toBe(true);
      expect(await store.loadProductsIfEmpty('sandbox', catalogue.slice(0, 1))).toBe(false);
      expect(await store.countProducts('sandbox')).toBe(catalogue.length);
      expect(await store.countProducts('production')).toBe(0);
      await expect(store.loadProductsIfEmpty('production', catalogue)).rejects.toThrow(/belongs to sandbox/);
      expect(await store.countProducts('production')).toBe(0);
    } finally {
      await close();
    }
  });
});

describe.skipIf(!PG_URL)(
  `the catalogue under concurrent starts on PostgreSQL${PG_URL ? '' : ' (skipped: TEST_DATABASE_URL not set)'}`,
  () => {
    it(`two instances running ensureCatalogue at once on an empty schema: both succeed, each environment loaded once (${ROUNDS} rounds)`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const { all, close } = await postgresStores('catalogue_race', 2, 2);
        try {
          const loaded = await Promise.all(all.map((s) => ensureCatalogue(s)));
          expect(loaded.flat().sort()).toEqual([...ENVIRONMENTS].sort());
          for (const env of ENVIRONMENTS) expect(await all[0]!.countProducts(env)).toBe(buildCatalogue(env).length);
        } finally {
          await close();
        }
      }
    });

    it('two replaces of one catalogue at once both succeed, and one of them is the catalogue after', async () => {
      const { all, close } = await postgresStores('catalogue_replace', 2, 2);
      try {
        const full = buildCatalogue('sandbox');
        const short = full.slice(0, 3);
        for (let round = 0; round < ROUNDS; round++) {
          await Promise.all([all[0]!.replaceProducts('sandbox', full), all[1]!.replaceProducts('sandbox', short)]);
          expect([full.length, short.length]).toContain(await all[0]!.countProducts('sandbox'));
        }
      } finally {
        await close();
      }
    });

    it(`two demo starts at once on an empty schema: both seed without error, and the demo is loaded once (${ROUNDS / 2} rounds)`, async () => {
      for (let round = 0; round < ROUNDS / 2; round++) {
        const { all, close } = await postgresStores('demo_race', 2, 2);
        try {
          const now = new Date('2026-05-01T00:00:00Z');
          const starts = await Promise.all(
            all.map((s) =>
              seedingAlone(s, async (seeding) => {
                await ensureCatalogue(seeding);
                return (await loadDemo(seeding, { now, seed: 7, transactionCount: 20 })).accounts;
              }),
            ),
          );
          expect(starts[0]).toEqual(starts[1]);
          for (const env of ENVIRONMENTS) {
            expect((await all[0]!.listAccounts(env)).map((a) => a.id).sort()).toEqual(
              [demoAccountId(env), lowBalanceAccountId(env), apiDisabledAccountId(env)].sort(),
            );
            expect(await all[0]!.countTransactions(demoAccountId(env))).toBe(20 + 1); // and the contract's example transaction (contract-examples.ts)
            expect(await all[0]!.countProducts(env)).toBe(buildCatalogue(env).length);
          }
        } finally {
          await close();
        }
      }
    });
  },
);
