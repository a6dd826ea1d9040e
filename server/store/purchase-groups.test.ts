/**
 * Group commit on PostgreSQL (purchase-statements.ts), through two Store instances configured as servers are: bursts
 * of purchases over accounts that cross between the instances, with poor wallets (refusals inside groups) and keys
 * sent twice (groups that fail and fall back to lone calls). Every purchase is answered as it would be alone, money
 * is conserved to the kobo, nothing deadlocks — and groups really formed: rows written by one transaction share
 * its xmin, so fewer distinct xmins than purchases means several purchases per commit.
 */
import { describe, expect, it } from 'vitest';
import {
  AT,
  fundedAccount,
  INSUFFICIENT,
  openedFor,
  PG_URL,
  postgresStores,
  purchase,
  snapshot,
} from '../../test/helpers/store-fixtures.ts';
import { StoreUnavailableError } from './errors.ts';
import { refusedWhole } from './purchase-statements.ts';
import type { RecordPurchaseResult, Store } from './types.ts';

const kobo = (s: string) => Math.round(Number(s) * 100);
const CLAIM = {
  operation: 'createAirtimePurchase',
  fingerprint: 'fp-1',
  now: AT,
  lease_ms: 30_000,
  ttl_ms: 86_400_000,
};

describe('a failed group is run again call by call only when the database refused it whole', () => {
  const sqlError = (code: string) => Object.assign(new Error('refused'), { code });
  it.each([
    ["one call's own error (BPK02: the key exists)", sqlError('BPK02'), true],
    ['a deadlock (40P01)', sqlError('40P01'), true],
    ['a unique violation (23505)', sqlError('23505'), true],
    [
      'the database unavailable (a lost connection, maybe after the commit)',
      new StoreUnavailableError('database unavailable', { code: '57P01' }),
      false,
    ],
    ['a socket error (ECONNRESET)', sqlError('ECONNRESET'), false],
    ['an error without a SQLSTATE', new Error('Query read timeout'), false],
    ['not an error at all', null, false],
  ])('%s → %s', (_, error, again) => {
    expect(refusedWhole(error)).toBe(again);
  });
});

describe.skipIf(!PG_URL)(
  `purchases in group commits on PostgreSQL${PG_URL ? '' : ' (skipped: TEST_DATABASE_URL not set)'}`,
  () => {
    let all: Store[] = [];
    const first = openedFor(async () => {
      const h = await postgresStores('purchase_groups', 2, 6);
      all = h.all;
      return h;
    });

    /** Distinct writing transactions among the rows of `table` whose `column` is one of `ids`. */
    async function commitsOf(
      table: 'transactions' | 'transaction_history',
      column: string,
      ids: string[],
    ): Promise<number> {
      const r = await first().sql.query<{ n: number }>(
        `SELECT count(DISTINCT xmin::text)::int AS n FROM ${table} WHERE ${column} = ANY($1::uuid[])`,
        [ids],
      );
      return r[0]!.n;
    }

    it('a burst over crossing accounts from two instances: each purchase answered as alone, to the kobo, in fewer commits', async () => {
      // 12 accounts: 8 rich, 4 that cover 3 purchases of 500.00 each; 240 purchases, 20 per account, interleaved.
      const accounts = await Promise.all(
        Array.from({ length: 12 }, (_, i) => fundedAccount(first(), i < 8 ? '1000000.00' : '1500.00')),
      );
      const before = new Map(
        await Promise.all(accounts.map(async (a) => [a, kobo((await first().getWallet(a))!.balance)] as const)),
      );
      const sent = Array.from({ length: 240 }, (_, i) => ({
        account: accounts[(i * 7) % 12]!,
        key: `burst-${i}`,
        store: all[i % 2]!,
      }));
      const results = await Promise.all(
        sent.map(async (s) => {
          const p = purchase(s.account, '500.00');
          return {
            ...s,
            p,
            r: await s.store.recordPurchase(p, { key: s.key, insufficient: INSUFFICIENT, claim: CLAIM }),
          };
        }),
      );
      for (const a of accounts) {
        const mine = results.filter((x) => x.account === a);
        const recorded = mine.filter((x) => x.r.kind === 'recorded');
        expect(recorded.length + mine.filter((x) => x.r.kind === 'insufficient_balance').length).toBe(mine.length);
        expect(recorded).toHaveLength(before.get(a)! >= 1_000_000_00 ? 20 : 3);
        expect(kobo((await first().getWallet(a))!.balance)).toBe(before.get(a)! - recorded.length * 500_00);
        const ledger = await all[1]!.ledgerOf(a);
        expect(ledger.balance).toBe(ledger.expected);
      }
      const recorded = results.flatMap((x) => (x.r.kind === 'recorded' ? [x.r.row] : []));
      expect(recorded.map((t) => t.status)).toEqual(recorded.map(() => 'pending'));
      expect(
        await commitsOf(
          'transactions',
          'id',
          recorded.map((t) => t.id),
        ),
      ).toBeLessThan(recorded.length);

      // Settle them all at once from both instances: even ones succeed, odd ones fail and are refunded.
      const at = new Date(AT.getTime() + 60_000);
      const settled = await Promise.all(
        recorded.map((t, i) =>
          all[i % 2]!.settlePurchase({
            id: t.id,
            from: 'pending',
            to: i % 2 === 0 ? 'successful' : 'failed',
            next_check_at: null,
            at,
            snapshot,
            row: t,
          }),
        ),
      );
      expect(settled.map((s) => s?.row.status)).toEqual(
        recorded.map((_, i) => (i % 2 === 0 ? 'successful' : 'failed')),
      );
      // Each settlement completed its own key with its own 201.
      expect(settled.map((s) => s?.stored?.body)).toEqual(settled.map((s) => snapshot(s!.row).body));
      const refunds = await first().sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM transaction_history WHERE to_status = 'failed' AND transaction_id = ANY($1::uuid[])`,
        [recorded.map((t) => t.id)],
      );
      expect(refunds[0]!.n).toBe(recorded.filter((_, i) => i % 2 === 1).length);
      for (const a of accounts) {
        const kept = recorded.filter((t, i) => t.account_id === a && i % 2 === 0).length;
        expect(kobo((await first().getWallet(a))!.balance)).toBe(before.get(a)! - kept * 500_00);
      }
      const history = await first().sql.query<{ id: string }>(
        `SELECT DISTINCT transaction_id::text AS id FROM transaction_history WHERE to_status <> 'pending' AND transaction_id = ANY($1::uuid[])`,
        [recorded.map((t) => t.id)],
      );
      expect(history).toHaveLength(recorded.length);
      expect(
        await commitsOf(
          'transaction_history',
          'transaction_id',
          recorded.map((t) => t.id),
        ),
      ).toBeLessThan(2 * recorded.length);
    });

    it('keys sent several times in one burst: one purchase per key, the others told it exists, nothing else written', async () => {
      const account = await fundedAccount(first(), '1000000.00');
      const keys = Array.from({ length: 30 }, (_, i) => `twice-${i}`);
      const sent = [...keys, ...keys, ...keys.slice(0, 10)].map((key, i) => ({ key, store: all[i % 2]! }));
      const results: RecordPurchaseResult[] = await Promise.all(
        sent.map((s) =>
          s.store.recordPurchase(purchase(account, '100.00'), { key: s.key, insufficient: INSUFFICIENT, claim: CLAIM }),
        ),
      );
      for (const key of keys) {
        const mine = results.filter((_, i) => sent[i]!.key === key);
        expect(
          mine.filter((r) => r.kind === 'recorded'),
          key,
        ).toHaveLength(1);
        expect(
          mine.filter((r) => r.kind !== 'recorded').map((r) => r.kind),
          key,
        ).toEqual(mine.slice(1).map(() => 'idempotency_key_exists'));
      }
      expect((await first().getWallet(account))!.balance).toBe((1_000_000 - 30 * 100).toFixed(2));
      const rows = await first().sql.query<{ n: number; linked: number }>(
        `SELECT count(*)::int AS n, count(transaction_id)::int AS linked FROM idempotency_keys WHERE account_id = $1`,
        [account],
      );
      expect(rows[0]).toEqual({ n: 30, linked: 30 });
    });

    it('a known key among new ones: the group records the others once, in few commits, and tells the repeats the key exists', async () => {
      const account = await fundedAccount(first(), '1000000.00');
      const known = await first().recordPurchase(purchase(account, '100.00'), {
        key: 'known',
        insufficient: INSUFFICIENT,
        claim: CLAIM,
      });
      expect(known.kind).toBe('recorded');
      // One instance, so that its groups are what the xmins show: 80 new keys with 40 repeats of the known one among them.
      const sent = Array.from({ length: 120 }, (_, i) => (i % 3 === 2 ? 'known' : `new-${i}`));
      const results = await Promise.all(
        sent.map((key) =>
          first().recordPurchase(purchase(account, '100.00'), { key, insufficient: INSUFFICIENT, claim: CLAIM }),
        ),
      );
      expect(results.filter((_, i) => sent[i] === 'known').map((r) => r.kind)).toEqual(
        Array(40).fill('idempotency_key_exists'),
      );
      const recorded = results.flatMap((r) => (r.kind === 'recorded' ? [r.row] : []));
      expect(recorded).toHaveLength(80);
      // Rerun one by one after a group was refused whole, each purchase would be a commit of its own.
      expect(
        await commitsOf(
          'transactions',
          'id',
          recorded.map((t) => t.id),
        ),
      ).toBeLessThanOrEqual(10);
      expect((await first().getWallet(account))!.balance).toBe((1_000_000 - 81 * 100).toFixed(2));
    });

    it('a key another transaction is claiming is answered at once as existing, without waiting for that transaction', async () => {
      const account = await fundedAccount(first(), '1000.00');
      let release: () => void = () => {};
      const held = new Promise<void>((r) => {
        release = r;
      });
      let claimed: () => void = () => {};
      const claimMade = new Promise<void>((r) => {
        claimed = r;
      });
      // A group on the other instance that has claimed the key (in record_purchase_outcome) and not committed yet.
      const claiming = first().sql.transaction(async (tx) => {
        const p = purchase(account, '100.00');
        await tx.query(
          `SELECT o.outcome FROM record_purchase_outcome(p_id => $1, p_account_id => $2, p_currency => 'NGN',
        p_description => 'd', p_reference => 'r', p_external_reference => NULL, p_product_type => 'airtime',
        p_product_id => 'x', p_phone_number => NULL, p_meter_number => NULL, p_smartcard_number => NULL,
        p_product_amount => 100, p_fee_amount => 0, p_total_debit => 100, p_price_basis => 'face_value',
        p_created_at => $3, p_next_check_at => NULL, p_key => 'claimed-elsewhere', p_insufficient_status => 422,
        p_insufficient_body => '{}', p_claim_key => true, p_key_operation => 'createAirtimePurchase',
        p_key_fingerprint => 'fp-1', p_key_created_at => $3, p_key_locked_until => $3::timestamptz + interval '30 seconds',
        p_key_expires_at => $3::timestamptz + interval '1 day') o`,
          [p.id, account, AT],
        );
        claimed();
        await held;
      });
      await claimMade;
      // The claim is held until the call is answered: had the call waited for it, only this would answer it.
      let gaveUp = false;
      const giveUp = setTimeout(() => {
        gaveUp = true;
        release();
      }, 10_000);
      const answered = await all[1]!.recordPurchase(purchase(account, '100.00'), {
        key: 'claimed-elsewhere',
        insufficient: INSUFFICIENT,
        claim: CLAIM,
      });
      clearTimeout(giveUp);
      expect(gaveUp, 'answered only once the claiming transaction had ended').toBe(false);
      release();
      await claiming;
      expect(answered.kind).toBe('idempotency_key_exists');
      expect((await first().getWallet(account))!.balance).toBe('900.00');
    }, 20_000);

    it('a lone call that deadlocks with a group (one key, sent twice at once) runs again and is answered as alone', async () => {
      const account = await fundedAccount(first(), '1000.00');
      let lone: Promise<RecordPurchaseResult> | undefined;
      // A transaction that does what a group does on this account: it holds the wallet, then claims the key the lone
      // call claimed first. Its own deadlock check waits 10 s, so the lone call (1 s, the default) is the victim.
      const group = first()
        .sql.transaction(async (tx) => {
          await tx.query(`SET LOCAL deadlock_timeout = '10s'`);
          await tx.query('UPDATE wallets SET updated_at = updated_at WHERE account_id = $1', [account]);
          lone = all[1]!.recordPurchase(purchase(account, '100.00'), {
            key: 'sent-twice',
            insufficient: INSUFFICIENT,
            claim: CLAIM,
          });
          await new Promise((r) => setTimeout(r, 300)); // the lone call now holds the key and waits for the wallet
          await tx.query(
            `INSERT INTO idempotency_keys (account_id, key, operation, fingerprint, state, locked_until, created_at, expires_at)
        VALUES ($1, 'sent-twice', 'createAirtimePurchase', 'fp-0', 'in_flight', now() + interval '30 seconds', now(), now() + interval '1 day')
        ON CONFLICT DO NOTHING`,
            [account],
          );
          throw new Error('the group rolls back');
        })
        .catch((e: Error) => e.message);
      expect(await group).toBe('the group rolls back');
      expect((await lone!).kind).toBe('recorded');
      expect((await first().getWallet(account))!.balance).toBe('900.00');
    }, 20_000);
  },
);
