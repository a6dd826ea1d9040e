/**
 * A reference the store generates (the partner sent none) is not read before recording
 * (record_purchase_outcome.sql, p_reference_generated): when one drawn is already taken, the constraint refuses it
 * and the store draws again — nothing debited twice, nothing answered reference_used. Drawn at random a collision
 * never happens on its own, so the draws are fixed here: the first collides with a transaction of the account.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  footprint,
  fundedAccount,
  openedFor,
  PG_URL,
  pgliteStores,
  postgresStores,
  purchase,
  recordOutcomeByName,
  type Stores,
} from '../../test/helpers/store-fixtures.ts';
import type { RecordPurchaseResult, Store } from './types.ts';

const TAKEN = '1772600767TAKEN1';
const draws = vi.hoisted(() => ({ queue: [] as string[] }));
vi.mock('./references.ts', async (original) => {
  const real = await original<typeof import('./references.ts')>();
  return { ...real, externalReference: (at: Date) => draws.queue.shift() ?? real.externalReference(at) };
});

const idOf = (r: RecordPurchaseResult) => (r.kind === 'recorded' ? r.row.id : r.kind);

function suite(title: string, open: () => Promise<Stores>) {
  describe(title, () => {
    const opened = openedFor(open);
    let store: Store;
    beforeAll(() => {
      store = opened();
    });

    it("the partner's reference is read first (reference_used); a generated one meets the constraint (BPR01)", async () => {
      const acc = await fundedAccount(store, '10.00');
      await store.recordPurchase(purchase(acc, '1.00', '0.00', { external_reference: TAKEN }), null);
      const byName = (reference: string, generated?: boolean) =>
        recordOutcomeByName(store.sql, { account: acc, reference, amount: '1.00', generated });
      for (const generated of [undefined, false])
        expect(await byName(TAKEN, generated)).toEqual([{ outcome: 'reference_used' }]);
      const err = await byName(TAKEN, true).catch((e: unknown) => e);
      expect((err as { code?: string }).code).toBe('BPR01');
      expect(await byName(`${TAKEN}X`, true)).toEqual([{ outcome: 'recorded' }]);
      expect((await footprint(store, acc)).wallet).toBe('8.00'); // the holder and the last one
    });

    it('a generated reference already taken is drawn again: recorded once, debited once', async () => {
      const acc = await fundedAccount(store, '1000.00');
      const holder = await store.recordPurchase(purchase(acc, '100.00', '0.00', { external_reference: TAKEN }), null);
      draws.queue.push(TAKEN);
      const r = await store.recordPurchase(purchase(acc, '50.00'), null);
      expect(r.kind).toBe('recorded');
      if (r.kind !== 'recorded') return;
      expect(r.row.external_reference).not.toBe(TAKEN);
      expect(draws.queue).toEqual([]);
      const f = await footprint(store, acc);
      expect(f.wallet).toBe('850.00');
      expect(f.transactions).toHaveLength(3); // the funding, the holder and this one
      expect(f.transactions.map((t) => t.id)).toEqual(expect.arrayContaining([idOf(holder), r.row.id]));
    });

    it('in a group of purchases at once, the collision reruns the group and every purchase is recorded once', async () => {
      const acc = await fundedAccount(store, '1000.00');
      await store.recordPurchase(purchase(acc, '1.00', '0.00', { external_reference: TAKEN }), null);
      draws.queue.push(TAKEN);
      const results = await Promise.all(
        Array.from({ length: 20 }, () => store.recordPurchase(purchase(acc, '10.00'), null)),
      );
      expect(results.map((r) => r.kind)).toEqual(Array.from({ length: 20 }, () => 'recorded'));
      const refs = results.map((r) => (r.kind === 'recorded' ? r.row.external_reference : null));
      expect(new Set(refs).size).toBe(20);
      expect(refs).not.toContain(TAKEN);
      expect((await footprint(store, acc)).wallet).toBe('799.00');
    });
  });
}

suite('generated references on PGlite', pgliteStores);
describe.skipIf(!PG_URL)(
  `generated references on PostgreSQL, group commits${PG_URL ? '' : ' (skipped: TEST_DATABASE_URL not set)'}`,
  () => suite('two instances', () => postgresStores('generated_refs')),
);
