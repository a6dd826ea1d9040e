/**
 * settlePurchase (compare-and-set on the state, the refund in the same transaction, the history, the completion of
 * the in-flight idempotency record) and claimDueChecks. Run on PGlite (always) and PostgreSQL (TEST_DATABASE_URL).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { StoreMisuseError } from './errors.ts';
import {
  AT,
  claim,
  footprint,
  fundedAccount,
  INSUFFICIENT,
  PG_URL,
  pgliteStores,
  postgresStores,
  purchase,
  snapshot,
  openedFor,
  type Stores,
} from '../../test/helpers/store-fixtures.ts';
import type { SettlePurchase, Store, TransactionRow } from './types.ts';
import type { TransactionStatus } from '../domain.ts';

const T1 = new Date(AT.getTime() + 3_000);
const T2 = new Date(AT.getTime() + 7_000);

function settleSuite(title: string, open: () => Promise<Stores>) {
  describe(title, () => {
    const opened = openedFor(open);
    let store: Store;
    beforeAll(() => {
      store = opened();
    });

    /** A funded account with one recorded purchase of 600.00 (key `k`, in flight) out of 1000.00. */
    async function recorded(over: Parameters<typeof purchase>[3] = {}): Promise<{ acc: string; row: TransactionRow }> {
      const acc = await fundedAccount(store, '1000.00');
      await claim(store, acc, 'k');
      const r = await store.recordPurchase(purchase(acc, '500.00', '100.00', over), {
        key: 'k',
        insufficient: INSUFFICIENT,
      });
      if (r.kind !== 'recorded') throw new Error(r.kind);
      return { acc, row: r.row };
    }
    const settleFull = (
      id: string,
      from: TransactionStatus,
      to: TransactionStatus,
      over: Partial<SettlePurchase> = {},
    ) => store.settlePurchase({ id, from, to, next_check_at: null, at: T1, snapshot, ...over });
    const settle = async (
      id: string,
      from: TransactionStatus,
      to: TransactionStatus,
      over: Partial<SettlePurchase> = {},
    ) => (await settleFull(id, from, to, over))?.row ?? null;

    it('pending -> successful: state, token and units, updated_at, history, and the key completed with the 201 snapshot', async () => {
      const { acc, row } = await recorded();
      const done = await settle(row.id, 'pending', 'successful', {
        token: '12345678901234567890',
        units: '7.3 kWh',
        reason: 'vended',
      });
      expect(done).toMatchObject({
        status: 'successful',
        token: '12345678901234567890',
        units: '7.3 kWh',
        updated_at: T1,
        next_check_at: null,
      });
      expect((await store.getWallet(acc))!.balance).toBe('400.00');
      expect(await store.getTransactionHistory(row.id)).toEqual([
        { from_status: null, to_status: 'pending', at: AT, reason: null },
        { from_status: 'pending', to_status: 'successful', at: T1, reason: 'vended' },
      ]);
      const snap = snapshot(done!);
      expect(await claim(store, acc, 'k')).toEqual({ kind: 'replay', ...snap });
      expect(await store.ledgerOf(acc)).toEqual({ balance: '400.00', expected: '400.00' });
    });

    it('compare-and-set: a second settlement from the old state writes nothing and answers null', async () => {
      const { acc, row } = await recorded();
      expect(await settle(row.id, 'pending', 'failed')).not.toBeNull();
      const after = await footprint(store, acc);
      expect(await settle(row.id, 'pending', 'failed')).toBeNull();
      expect(await settle(row.id, 'pending', 'successful')).toBeNull();
      expect(await settle(row.id, 'successful', 'reversed')).toBeNull();
      expect(await footprint(store, acc)).toEqual(after);
    });

    it.each([
      ['pending', 'failed', ['pending']],
      ['successful', 'reversed', ['pending', 'successful']],
    ] as const)(
      '%s -> %s refunds total_debit exactly once, in the same transaction as the state change',
      async (_f, to, path) => {
        const { acc, row } = await recorded();
        if (path.length === 2) await settle(row.id, 'pending', 'successful', { next_check_at: T2 });
        const from = path.at(-1)!;
        expect((await settle(row.id, from, to, { at: T2, reason: 'biller says no' }))!.status).toBe(to);
        expect((await store.getWallet(acc))!.balance).toBe('1000.00');
        expect(await settle(row.id, from, to, { at: T2 })).toBeNull();
        expect((await store.getWallet(acc))!.balance).toBe('1000.00');
        expect((await store.getTransactionHistory(row.id)).map((e) => e.to_status)).toEqual([...path, to]);
        expect(await store.ledgerOf(acc)).toEqual({ balance: '1000.00', expected: '1000.00' });
      },
    );

    it('a move to the same state changes only next_check_at: no history, no updated_at, and completes the key', async () => {
      const { acc, row } = await recorded();
      const again = await settle(row.id, 'pending', 'pending', { next_check_at: T2 });
      expect(again).toEqual({ ...row, next_check_at: T2 });
      expect(await store.getTransactionHistory(row.id)).toHaveLength(1);
      expect(await claim(store, acc, 'k')).toEqual({ kind: 'replay', ...snapshot(again!) });
      // Completed once: a later settlement does not overwrite the first response.
      const later = await settle(row.id, 'pending', 'successful');
      expect(await claim(store, acc, 'k')).toEqual({ kind: 'replay', ...snapshot(again!) });
      expect(snapshot(later!)).not.toEqual(snapshot(again!));
    });

    it('stores the response of the row as the move leaves it, says so once, and never overwrites it', async () => {
      const { acc, row } = await recorded();
      const first = await settleFull(row.id, 'pending', 'successful', { next_check_at: T2, token: '1'.repeat(20) });
      expect(first!.stored).toEqual(snapshot(first!.row));
      expect(await claim(store, acc, 'k')).toEqual({ kind: 'replay', ...snapshot(first!.row) });
      const second = await settleFull(row.id, 'successful', 'successful', { next_check_at: null });
      expect(second!.stored).toBeNull();
      expect(await claim(store, acc, 'k')).toEqual({ kind: 'replay', ...snapshot(first!.row) });
    });

    it.each([
      ['with the row given', true],
      ['reading the row itself', false],
    ] as const)('settles the same %s', async (_name, given) => {
      const { row } = await recorded();
      const done = await settleFull(row.id, 'pending', 'successful', given ? { row } : {});
      expect(done!.row).toMatchObject({ ...row, status: 'successful', updated_at: T1, next_check_at: null });
      expect(done!.stored).toEqual(snapshot(done!.row));
    });

    it('stores what the settled row answers when the row it was given was stale', async () => {
      const { acc, row } = await recorded();
      // The response shows a column the caller's copy has wrong: the prediction differs, the stored answer must not.
      const showing = (r: TransactionRow) => ({
        status: 201,
        body: JSON.stringify({ id: r.id, description: r.description, status: r.status }),
        location: `/t/${r.id}`,
      });
      const done = await settleFull(row.id, 'pending', 'successful', {
        row: { ...row, description: 'stale copy' },
        snapshot: showing,
      });
      expect(done!.stored).toEqual(showing(done!.row));
      expect(await claim(store, acc, 'k')).toEqual({ kind: 'replay', ...showing(done!.row) });
      expect(JSON.parse(((await claim(store, acc, 'k')) as { body: string }).body).description).toBe(row.description);
    });

    it.each([
      ['pending', 'reversed'],
      ['successful', 'pending'],
      ['successful', 'failed'],
      ['failed', 'successful'],
      ['failed', 'failed'],
      ['reversed', 'successful'],
      ['reversed', 'reversed'],
    ] as const)('refuses the move %s -> %s as a misuse, writing nothing', async (from, to) => {
      const { acc, row } = await recorded();
      const before = await footprint(store, acc);
      await expect(settle(row.id, from, to)).rejects.toBeInstanceOf(StoreMisuseError);
      expect(await footprint(store, acc)).toEqual(before);
    });

    it('refuses a next check on a final state', async () => {
      const { row } = await recorded();
      await expect(settle(row.id, 'pending', 'failed', { next_check_at: T2 })).rejects.toBeInstanceOf(StoreMisuseError);
    });

    it('answers null for an unknown id, a malformed id, and a transaction that is not a purchase', async () => {
      const { acc } = await recorded();
      const funding = (await store.listTransactions(acc, { category: 'funding' }, { page: 1, per_page: 1 })).items[0]!;
      expect(await settle('00000000-0000-4000-8000-000000000000', 'pending', 'failed')).toBeNull();
      expect(await settle('nope', 'pending', 'failed')).toBeNull();
      expect(await settle(funding.id, 'successful', 'reversed')).toBeNull();
      expect((await store.getWallet(acc))!.balance).toBe('400.00');
    });

    it('the history accepts only the moves of the state machine, even by hand', async () => {
      const { row } = await recorded();
      const add = (from: string | null, to: string) =>
        store.sql.query(
          'INSERT INTO transaction_history (transaction_id, from_status, to_status, at) VALUES ($1, $2, $3, $4)',
          [row.id, from, to, T1],
        );
      for (const [from, to] of [
        ['successful', 'pending'],
        ['failed', 'successful'],
        ['reversed', 'pending'],
        ['pending', 'reversed'],
        ['pending', 'pending'],
      ]) {
        await expect(add(from!, to!), `${from} -> ${to}`).rejects.toThrow(/transaction_history/);
      }
      await add('pending', 'successful');
    });

    describe('claimDueChecks', () => {
      it('claims due purchases once per lease, most overdue first, counting attempts', async () => {
        const acc = await fundedAccount(store, '1000.00');
        const base = new Date('2020-01-01T00:00:00Z'); // before any other test's checks (AT + seconds)
        const at = (s: number) => new Date(base.getTime() + s * 1000);
        const ids: string[] = [];
        for (const s of [5, 1, 3, 60]) {
          const r = await store.recordPurchase(purchase(acc, '10.00', '0.00', { next_check_at: at(s) }), null);
          ids.push((r as { row: TransactionRow }).row.id);
        }
        const first = await store.claimDueChecks(at(10), 2, 30_000);
        expect(first.map((r) => r.id)).toEqual([ids[1], ids[2]]);
        expect(first.map((r) => [r.next_check_at, r.check_attempts])).toEqual([
          [at(40), 1],
          [at(40), 1],
        ]);
        expect((await store.claimDueChecks(at(10), 10, 30_000)).map((r) => r.id)).toEqual([ids[0]]);
        expect(await store.claimDueChecks(at(10), 10, 30_000)).toEqual([]);
        // When the lease passes without a settlement, they are due again.
        expect((await store.claimDueChecks(at(41), 10, 30_000)).map((r) => r.id).sort()).toEqual(
          [ids[0], ids[1], ids[2]].sort(),
        );
        // A final state is never claimed, and a settlement resets the attempts.
        await settle(ids[3]!, 'pending', 'failed');
        const back = await settle(ids[0]!, 'pending', 'successful', { next_check_at: at(200) });
        expect(back!.check_attempts).toBe(0);
        expect((await store.claimDueChecks(at(500), 10, 1_000)).map((r) => r.id).sort()).toEqual(
          [ids[0], ids[1], ids[2]].sort(),
        );
      });
    });
  });
}

settleSuite('settlePurchase on PGlite', pgliteStores);
describe.skipIf(!PG_URL)(`settlePurchase on PostgreSQL${PG_URL ? '' : ' (skipped: TEST_DATABASE_URL not set)'}`, () => {
  settleSuite('settlePurchase on PostgreSQL', () => postgresStores('settle_test', 1));
});
