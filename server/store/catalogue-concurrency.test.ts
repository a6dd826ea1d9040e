/**
 * The catalogue when several instances start on one empty database (the robustness suite starts two at once): each
 * start runs ensureCatalogue, and they used to race — both found it empty, both inserted, the second start died on
 * products_pkey. Now every catalogue change takes a lock (products.ts), and the load happens once.
 * Both drivers for the semantics; the race itself on PostgreSQL (TEST_DATABASE_URL), with real concurrent pools.
 */
import { describe, expect, it } from 'vitest';
import { ENVIRONMENTS } from '../domain.ts';
import { buildCatalogue } from '../demo/catalogue.ts';
import { ensureCatalogue } from '../demo/seed.ts';
import { PG_URL, pgliteStores, postgresStores } from './test-fixtures/purchases.ts';

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

describe.skipIf(!PG_URL)(`the catalogue under concurrent starts on PostgreSQL${PG_URL ? '' : ' (skipped: TEST_DATABASE_URL not set)'}`, () => {
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
});
