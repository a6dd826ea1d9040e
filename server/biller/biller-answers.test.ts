/**
 * Whatever a biller answers — a token or units of any form, a reason with U+0000, lone surrogates or 100,000
 * characters, a recheck instant that is invalid or past what the store holds, a status it does not know — the
 * settlement decide() makes of it is written by the real store without fail, in both steps a purchase can take
 * (pending → …, successful → …), and what is kept is within the contract's forms. decide() is the one way a
 * biller's answer reaches the store (the vend at a purchase, every requery), so a write that failed here would be
 * a 500 at the purchase and a requery at every lease, for ever. On PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_INSTANT, MIN_INSTANT } from '../store/instants.ts';
import {
  fundedAccount,
  PG_URL,
  pgliteStores,
  postgresStores,
  purchase,
  snapshot,
  type Stores,
} from '../../test/helpers/store-fixtures.ts';
import type { Store, TransactionRow } from '../store/types.ts';
import { decide, REASON_MAX_CHARS } from './settlement-decision.ts';
import type { VendResult } from './types.ts';

const anyUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)); // lone surrogates and U+0000 included
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: anyUnit, maxLength: 40 }),
  fc.constantFrom('', 'x\u0000y', '\uD800', 'a\uDC00b', ' '.repeat(5), '€'.repeat(100_000)),
);
const digits = (n: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n });
const token = fc.oneof(
  text,
  digits(20),
  digits(19),
  digits(21),
  digits(20).map((d) => `${d}\u0000`),
);
const units = fc.oneof(text, fc.constantFrom('79.9 kWh', '1 kWh', '1234567890123 kWh', '7.3456 kWh', '7.3 kwh'));
const instant = fc.oneof(
  fc.date({ noInvalidDate: false }),
  fc.constantFrom(new Date(NaN), new Date(8.64e15), new Date(-8.64e15), new Date(MAX_INSTANT + 1)),
  fc.integer({ min: -3600, max: 3600 }).map((s) => new Date(Date.now() + s * 1000)),
);
const optional = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
/** What a biller adapter might hand over: the VendResult shapes with any values, and shapes it does not have. */
const answer = fc.oneof(
  fc.record({
    status: fc.constant('successful'),
    token: optional(token),
    units: optional(units),
    recheck_at: optional(instant),
  }),
  fc.record({ status: fc.constant('successful'), token: digits(20), units: fc.constant('79.9 kWh') }),
  fc.record({ status: fc.constant('pending'), recheck_at: instant }),
  fc.record({ status: fc.constantFrom('failed', 'reversed'), reason: fc.oneof(text, fc.anything()) }),
  fc.record({ status: fc.oneof(text, fc.anything()) }),
) as fc.Arbitrary<VendResult>;

const wellFormed = (s: string) => Buffer.from(s, 'utf8').toString('utf8') === s;

function suite(title: string, open: () => Promise<Stores>) {
  describe(title, () => {
    let h: Stores;
    let store: Store;
    beforeAll(async () => {
      h = await open();
      store = h.store;
      return () => h.close();
    });

    /** As the purchase handler and the settlement worker do it: decide on the answer, settle with the store. */
    async function settle(row: TransactionRow, result: VendResult, checks: number): Promise<TransactionRow> {
      const at = new Date();
      const s = decide({ status: row.status, check_attempts: checks }, { kind: 'answer', result }, at);
      const settled = await store.settlePurchase({ id: row.id, at, snapshot, ...s });
      expect(settled).not.toBeNull();
      return settled!.row;
    }

    it('any biller answer, at the purchase and at a requery after it: settled without fail, kept within the contract', async () => {
      const acc = await fundedAccount(store, '1000000.00');
      await fc.assert(
        fc.asyncProperty(answer, answer, async (first, second) => {
          const rec = await store.recordPurchase(purchase(acc, '100.00', '0.00', { created_at: new Date() }), null);
          if (rec.kind !== 'recorded') throw new Error(rec.kind);
          let row = await settle(rec.row, first, 0);
          if (row.status === 'pending' || row.status === 'successful') row = await settle(row, second, 1);
          expect(row.token === null || /^[0-9]{20}$/.test(row.token), `token ${JSON.stringify(row.token)}`).toBe(true);
          expect(
            row.units === null || /^[0-9]{1,12}(\.[0-9]{1,3})? kWh$/.test(row.units),
            `units ${JSON.stringify(row.units)}`,
          ).toBe(true);
          expect(row.token === null).toBe(row.units === null);
          const next = row.next_check_at;
          expect(next === null || (next.getTime() >= MIN_INSTANT && next.getTime() <= MAX_INSTANT)).toBe(true);
          for (const { reason } of await store.getTransactionHistory(row.id)) {
            if (reason === null) continue;
            expect(reason.includes('\u0000') || !wellFormed(reason), JSON.stringify(reason.slice(0, 40))).toBe(false);
            expect([...reason].length).toBeLessThanOrEqual(REASON_MAX_CHARS);
            expect(reason.trim()).not.toBe('');
          }
        }),
        { numRuns: h.driver === 'postgres' ? 40 : 60 },
      );
    }, 120_000);

    it.each([
      ['a reason with U+0000', { status: 'failed', reason: 'meter \u0000 blocked' }, 'failed'],
      ['a token that is not 20 digits', { status: 'successful', token: 'TOKEN-1', units: '7.3 kWh' }, 'pending'],
      ['a recheck past the year 9999', { status: 'pending', recheck_at: new Date(8.64e15) }, 'pending'],
      ['an unknown status', { status: 'delivered' }, 'pending'],
    ] as [string, VendResult, string][])(
      'a biller answering %s: the purchase is written, never a failed write',
      async (_name, result, status) => {
        const acc = await fundedAccount(store, '1000.00');
        const rec = await store.recordPurchase(purchase(acc, '100.00', '0.00', { created_at: new Date() }), null);
        if (rec.kind !== 'recorded') throw new Error(rec.kind);
        expect((await settle(rec.row, result, 0)).status).toBe(status);
      },
    );
  });
}

suite("a biller's answers, PGlite", pgliteStores);
if (PG_URL) suite("a biller's answers, PostgreSQL", () => postgresStores('biller_answers', 1));
else
  describe.skip("a biller's answers, PostgreSQL: TEST_DATABASE_URL is not set", () => {
    it('skipped', () => {});
  });
