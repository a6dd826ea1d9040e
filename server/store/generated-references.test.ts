/**
 * A reference the store generates (the partner sent none) is not read before recording
 * (record_purchase_outcome.sql, p_reference_generated): when one drawn is already taken, the constraint refuses it
 * and the store draws again — nothing debited twice, nothing answered reference_used. Drawn at random a collision
 * never happens on its own, so the draws are fixed here: the first collides with a transaction of the account.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import {
  AT,
  footprint,
  fundedAccount,
  openedFor,
  PG_URL,
  pgliteStores,
  postgresStores,
  purchase,
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

/** record_purchase_outcome called by name for a purchase of NGN 1 on `account` with `reference`, without a key. */
function recordOutcome(store: Store, account: string, reference: string, generated: boolean | undefined) {
  const values: unknown[] = [randomUUID(), account, `PUR-${randomUUID()}`, reference, AT];
  const generatedArg = generated === undefined ? '' : `, p_reference_generated => ${generated}`;
  return store.sql.query<{ outcome: string }>(
    `SELECT o.outcome FROM record_purchase_outcome(p_id => $1::uuid, p_account_id => $2::uuid, p_currency => 'NGN',
       p_description => 'd', p_reference => $3::text, p_external_reference => $4::text, p_product_type => 'airtime',
       p_product_id => 'p', p_phone_number => '08031234567', p_meter_number => NULL, p_smartcard_number => NULL,
       p_product_amount => 1, p_fee_amount => 0, p_total_debit => 1, p_price_basis => 'face_value',
       p_created_at => $5::timestamptz, p_next_check_at => NULL, p_key => NULL, p_insufficient_status => NULL,
       p_insufficient_body => NULL, p_claim_key => false, p_key_operation => NULL, p_key_fingerprint => NULL,
       p_key_created_at => NULL, p_key_locked_until => NULL, p_key_expires_at => NULL${generatedArg}) o`,
    values,
  );
}

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
      for (const generated of [undefined, false])
        expect(await recordOutcome(store, acc, TAKEN, generated)).toEqual([{ outcome: 'reference_used' }]);
      const err = await recordOutcome(store, acc, TAKEN, true).catch((e: unknown) => e);
      expect((err as { code?: string }).code).toBe('BPR01');
      expect(await recordOutcome(store, acc, `${TAKEN}X`, true)).toEqual([{ outcome: 'recorded' }]);
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
