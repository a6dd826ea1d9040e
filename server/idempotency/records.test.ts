/**
 * Idempotency records: exactly one of many concurrent first requests proceeds; a completed key replays the same
 * bytes; another body is `reused`; a record expires after its ttl; an abandoned lease is taken over only while
 * nothing was recorded. Run on PGlite (always) and PostgreSQL with two Store instances (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AT,
  claim,
  fundedAccount,
  INSUFFICIENT,
  PG_URL,
  pgliteStores,
  postgresStores,
  purchase,
  type Stores,
} from '../../test/helpers/store-fixtures.ts';
import type { Store } from '../store/types.ts';

const later = (ms: number) => new Date(AT.getTime() + ms);
const LEASE = 30_000;
const DAY = 86_400_000;

function idempotencySuite(title: string, open: () => Promise<Stores>) {
  describe(title, () => {
    let h: Stores;
    let store: Store;
    let acc: string;
    beforeAll(async () => {
      h = await open();
      store = h.store;
      acc = await fundedAccount(store, '1000.00');
    });
    afterAll(() => h?.close());

    const complete = (key: string, body: string, status = 404, s = store) =>
      s.completeIdempotencyKey({ account_id: acc, key, status, body, location: null });

    it('50 concurrent first requests with one key: exactly one is claimed, the others are in flight', async () => {
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => claim(h.all[i % h.all.length]!, acc, 'k-race')),
      );
      expect(results.filter((r) => r.kind === 'claimed')).toHaveLength(1);
      expect(results.filter((r) => r.kind === 'in_flight')).toHaveLength(49);
    });

    it('replays a completed response byte for byte, to every later request with the same body', async () => {
      await claim(store, acc, 'k-done');
      const body = '{"error":{"code":"PRODUCT_NOT_FOUND","message":"ünïcödé ✓"}}';
      expect(await complete('k-done', body, 422)).toBe(true);
      const replays = await Promise.all(
        Array.from({ length: 10 }, (_, i) => claim(h.all[i % h.all.length]!, acc, 'k-done', 'fp-1', later(1_000))),
      );
      for (const r of replays) expect(r).toEqual({ kind: 'replay', status: 422, body, location: null });
      expect(await complete('k-done', 'other', 500)).toBe(false); // completed once, never overwritten
    });

    it('answers `reused` for the same key with another fingerprint or another operation, in flight or completed', async () => {
      await claim(store, acc, 'k-body');
      expect(await claim(store, acc, 'k-body', 'fp-2')).toEqual({ kind: 'reused' });
      expect(await claim(store, acc, 'k-body', 'fp-1', AT, 'createDataPurchase')).toEqual({ kind: 'reused' });
      await complete('k-body', '{}');
      expect(await claim(store, acc, 'k-body', 'fp-2')).toEqual({ kind: 'reused' });
    });

    it('scopes keys to the account', async () => {
      const other = await fundedAccount(store, '1.00');
      await claim(store, acc, 'k-shared');
      expect(await claim(store, other, 'k-shared')).toEqual({ kind: 'claimed' });
    });

    it('forgets a record after its ttl: the key is new again, whatever it held', async () => {
      await claim(store, acc, 'k-ttl');
      await complete('k-ttl', '{"old":true}');
      expect((await claim(store, acc, 'k-ttl', 'fp-9', later(DAY - 1))).kind).toBe('reused');
      expect(await claim(store, acc, 'k-ttl', 'fp-9', later(DAY))).toEqual({ kind: 'claimed' });
      expect(await claim(store, acc, 'k-ttl', 'fp-9', later(DAY + 1))).toEqual({ kind: 'in_flight' });
    });

    it('takes over an abandoned lease with nothing recorded, and only after it passed', async () => {
      await claim(store, acc, 'k-lease');
      expect(await claim(store, acc, 'k-lease', 'fp-1', later(LEASE - 1))).toEqual({ kind: 'in_flight' });
      expect(await claim(store, acc, 'k-lease', 'fp-1', later(LEASE))).toEqual({ kind: 'claimed' });
      // The new lease runs from the takeover.
      expect(await claim(store, acc, 'k-lease', 'fp-1', later(2 * LEASE - 1))).toEqual({ kind: 'in_flight' });
      // Another body never takes a lease over.
      expect(await claim(store, acc, 'k-lease', 'fp-2', later(5 * LEASE))).toEqual({ kind: 'reused' });
    });

    it('keeps a record with a recorded purchase in flight past its lease, until the settlement completes it', async () => {
      await claim(store, acc, 'k-linked');
      const r = await store.recordPurchase(purchase(acc, '1.00'), { key: 'k-linked', insufficient: INSUFFICIENT });
      expect(r.kind).toBe('recorded');
      expect(await claim(store, acc, 'k-linked', 'fp-1', later(10 * LEASE))).toEqual({ kind: 'in_flight' });
      expect(await complete('k-linked', '{}')).toBe(false); // errors never complete a record with a purchase
      await store.releaseIdempotencyKey(acc, 'k-linked'); // nor does a release forget it
      expect(await claim(store, acc, 'k-linked', 'fp-1', later(10 * LEASE))).toEqual({ kind: 'in_flight' });
    });

    it('two holders of one key after a takeover: the first to write wins, the other finds the key lost', async () => {
      await claim(store, acc, 'k-two'); // request A
      expect(await claim(store, acc, 'k-two', 'fp-1', later(LEASE))).toEqual({ kind: 'claimed' }); // B takes over
      const before = (await store.getWallet(acc))!.balance;
      expect(
        (await store.recordPurchase(purchase(acc, '2.00'), { key: 'k-two', insufficient: INSUFFICIENT })).kind,
      ).toBe('recorded');
      expect(await store.recordPurchase(purchase(acc, '2.00'), { key: 'k-two', insufficient: INSUFFICIENT })).toEqual({
        kind: 'idempotency_key_lost',
      });
      expect((await store.getWallet(acc))!.balance).toBe((Number(before) - 2).toFixed(2));
    });

    it('release forgets an in-flight record (a 503), so the same request can run again', async () => {
      await claim(store, acc, 'k-503');
      await store.releaseIdempotencyKey(acc, 'k-503');
      expect(await claim(store, acc, 'k-503', 'fp-other')).toEqual({ kind: 'claimed' });
      await complete('k-503', '{}');
      await store.releaseIdempotencyKey(acc, 'k-503'); // a completed record is kept
      expect((await claim(store, acc, 'k-503', 'fp-other')).kind).toBe('replay');
    });

    it('inspects a record without writing: what a request that will not run should answer, or null', async () => {
      const inspect = (key: string, fingerprint = 'fp-1', now = later(1_000)) =>
        store.inspectIdempotencyKey({ account_id: acc, key, operation: 'createAirtimePurchase', fingerprint, now });
      const rowsOf = async () =>
        store.sql.query('SELECT key, state, locked_until FROM idempotency_keys WHERE account_id = $1 ORDER BY key', [
          acc,
        ]);
      await claim(store, acc, 'i-held');
      await claim(store, acc, 'i-done');
      await complete('i-done', '{"e":1}', 422);
      await claim(store, acc, 'i-old', 'fp-1', new Date(AT.getTime() - 2 * DAY));
      await claim(store, acc, 'i-gone', 'fp-1', later(-LEASE - 1_000));
      const before = await rowsOf();
      expect(await inspect('i-none')).toBeNull();
      expect(await inspect('i-held')).toEqual({ kind: 'in_flight' });
      expect(await inspect('i-held', 'fp-2')).toEqual({ kind: 'reused' });
      expect(await inspect('i-done')).toEqual({ kind: 'replay', status: 422, body: '{"e":1}', location: null });
      expect(await inspect('i-old')).toBeNull(); // expired: a new request would replace it
      expect(await inspect('i-gone')).toBeNull(); // abandoned lease, nothing recorded: a new request would take it over
      expect(await rowsOf()).toEqual(before);
    });

    it('purges expired records only', async () => {
      const fresh = await fundedAccount(store, '1.00');
      for (const [key, t] of [
        ['a', 0],
        ['b', 1_000],
        ['c', 2 * DAY],
      ] as const) {
        await store.claimIdempotencyKey({
          account_id: fresh,
          key,
          operation: 'op',
          fingerprint: 'f',
          now: later(t),
          lease_ms: LEASE,
          ttl_ms: DAY,
        });
      }
      const count = () =>
        store.sql.query('SELECT key FROM idempotency_keys WHERE account_id = $1 ORDER BY key', [fresh]);
      // Other tests' records expire at AT + 1 day at the latest: purge them first, then ours one by one.
      await store.purgeExpiredIdempotencyKeys(later(DAY + 500), 1_000);
      expect(await count()).toEqual([{ key: 'b' }, { key: 'c' }]);
      expect(await store.purgeExpiredIdempotencyKeys(later(3 * DAY + 1), 1)).toBe(1);
      expect(await count()).toEqual([{ key: 'c' }]);
    });
  });
}

idempotencySuite('idempotency records on PGlite', pgliteStores);
describe.skipIf(!PG_URL)(
  `idempotency records on PostgreSQL${PG_URL ? '' : ' (skipped: TEST_DATABASE_URL not set)'}`,
  () => {
    idempotencySuite('idempotency records on PostgreSQL (two instances)', () =>
      postgresStores('idempotency_test', 2, 10),
    );
  },
);
