/**
 * listTransactions' total_count comes from the counters of migration 002 plus exact partial days: it must equal a
 * plain count(*) for every filter shape, stay equal through inserts, updates and deletes, and the migration must
 * backfill rows that existed before it. Run on PGlite (always) and PostgreSQL (TEST_DATABASE_URL).
 *
 * Every check compares with count(*) on the rows or with the counters recomputed in plain SQL here (not with the
 * migration's own bucket function), so a counter off by one, a wrong bucket or a wrong split fails some case.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from './migrate.ts';
import { openPgliteMemory } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import { createQueries } from './queries.ts';
import { InvalidStoreValueError } from './errors.ts';
import type { SqlDriver } from './driver.ts';
import type { Store, TransactionFilter, TransactionRow } from './types.ts';
import type { TransactionCategory, TransactionStatus } from '../domain.ts';

const PG_URL = process.env['TEST_DATABASE_URL'];
const STATUSES: TransactionStatus[] = ['pending', 'successful', 'failed', 'reversed'];
const CATEGORIES: TransactionCategory[] = ['funding', 'purchase', 'withdrawal', 'transfer', 'commission', 'promo'];
const T = (iso: string) => new Date(iso);
const DAY = 86_400_000;

function row(accountId: string, at: Date, status: TransactionStatus, category: TransactionCategory): TransactionRow {
  return {
    id: randomUUID(),
    account_id: accountId,
    amount: '100.00',
    currency: 'NGN',
    status,
    category,
    description: 'test',
    reference: `REF${randomUUID().slice(0, 8)}`,
    external_reference: null,
    product_type: null,
    phone_number: null,
    meter_number: null,
    smartcard_number: null,
    token: null,
    units: null,
    product_id: null,
    product_amount: '100.00',
    fee_amount: '0.00',
    total_debit: '100.00',
    price_basis: 'fixed',
    created_at: at,
    updated_at: at,
    next_check_at: null,
    check_attempts: 0,
  };
}

/** Deterministic rows from 2024-12-01 to 2025-03-05 (UTC): random instants plus the edges a split can get wrong. */
function dataset(accountId: string, seed: number): TransactionRow[] {
  let s = seed;
  const rnd = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const pick = <X>(xs: X[]) => xs[Math.floor(rnd() * xs.length)]!;
  const start = Date.parse('2024-12-01T00:00:00Z');
  const end = Date.parse('2025-03-05T00:00:00Z');
  const instants: number[] = [];
  for (let i = 0; i < 500; i++) instants.push(start + Math.floor(rnd() * (end - start)));
  for (let d = start; d < end; d += 3 * DAY) instants.push(d, d - 1, d + 1); // midnights and 1 ms around them
  for (const m of ['2024-12-01', '2025-01-01', '2025-02-01', '2025-03-01']) {
    const t = Date.parse(`${m}T00:00:00Z`);
    instants.push(t, t, t - 1, t + 1); // month starts (twice: ties), the last ms of the month before
  }
  return instants.map((t) => row(accountId, new Date(t), pick(STATUSES), pick(CATEGORIES)));
}

const KEYS: { name: string; keys: Pick<TransactionFilter, 'status' | 'category'> }[] = [
  { name: 'no key', keys: {} },
  { name: 'status', keys: { status: 'failed' } },
  { name: 'category', keys: { category: 'purchase' } },
  { name: 'status + category', keys: { status: 'successful', category: 'purchase' } },
];

const RANGES: [string, Date | undefined, Date | undefined][] = [
  ['no range', undefined, undefined],
  ['from only, mid-day', T('2025-01-17T13:45:12.345Z'), undefined],
  ['to only, mid-day', undefined, T('2025-02-03T08:00:00.001Z')],
  ['from only, at a month start', T('2025-02-01T00:00:00.000Z'), undefined],
  ['to only, at a month start (inclusive)', undefined, T('2025-02-01T00:00:00.000Z')],
  ['from and to inside one day', T('2025-01-10T03:00:00Z'), T('2025-01-10T21:00:00Z')],
  ['from and to spanning one midnight', T('2025-01-10T21:00:00Z'), T('2025-01-11T03:00:00Z')],
  ['a 7-day window with partial days at both ends', T('2025-01-24T05:17:00Z'), T('2025-01-30T18:42:59Z')],
  ['a range spanning a month boundary', T('2025-01-20T10:00:00Z'), T('2025-02-10T10:00:00Z')],
  ['a range spanning months and a year boundary', T('2024-12-15T06:00:00Z'), T('2025-03-03T05:00:00Z')],
  ['from and to exactly at midnight', T('2025-01-04T00:00:00Z'), T('2025-01-13T00:00:00Z')],
  ['exactly one whole month, bounds at midnight', T('2025-01-01T00:00:00Z'), T('2025-02-01T00:00:00Z')],
  ['one whole month minus 1 ms at each end', T('2025-01-01T00:00:00.001Z'), T('2025-01-31T23:59:59.999Z')],
  ['a single instant holding rows (a month start)', T('2025-02-01T00:00:00Z'), T('2025-02-01T00:00:00Z')],
  ['to before from', T('2025-02-10T00:00:00Z'), T('2025-01-20T00:00:00Z')],
  ['a range entirely before the data', T('2020-01-01T00:00:00Z'), T('2020-06-01T12:00:00Z')],
  ['from after the data', T('2030-01-01T00:00:00Z'), undefined],
  ['a range far around the data', T('2000-01-01T00:00:00Z'), T('2100-01-01T00:00:00Z')],
];

async function plainCount(store: Store, accountId: string, f: TransactionFilter): Promise<number> {
  const params: unknown[] = [accountId];
  let where = 'account_id = $1';
  const add = (cond: string, v: unknown) => {
    params.push(v);
    where += ` AND ${cond} $${params.length}`;
  };
  if (f.status !== undefined) add('status =', f.status);
  if (f.category !== undefined) add('category =', f.category);
  if (f.from !== undefined) add('created_at >=', f.from);
  if (f.to !== undefined) add('created_at <=', f.to);
  const [r] = await store.sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM transactions WHERE ${where}`,
    params,
  );
  return r!.n;
}

/** Every range x key shape on `accountId`: the cases whose total_count (or page size) is wrong. */
async function wrongTotals(store: Store, accountId: string, ranges = RANGES) {
  const wrong: { case: string; listed: number; items: number; expected: number }[] = [];
  for (const [range, from, to] of ranges) {
    for (const { name, keys } of KEYS) {
      const filter = { ...keys, from, to };
      const expected = await plainCount(store, accountId, filter);
      const page = await store.listTransactions(accountId, filter, { page: 1, per_page: 100 });
      if (page.total_count !== expected || page.items.length !== Math.min(100, expected)) {
        wrong.push({ case: `${range} / ${name}`, listed: page.total_count, items: page.items.length, expected });
      }
    }
  }
  return wrong;
}

/** Counter rows (n <> 0) that differ from the counts recomputed from the rows, in SQL written independently. */
async function counterDrift(store: Store) {
  return store.sql.query(
    `WITH truth AS (
       SELECT account_id, g.grain, g.bucket, status, category, count(*) AS n
       FROM transactions,
         LATERAL (SELECT 0 AS grain, date '1970-01-01' AS bucket
                  UNION ALL SELECT 1, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-01')::date
                  UNION ALL SELECT 2, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')::date) g
       GROUP BY 1, 2, 3, 4, 5
     ), kept AS (SELECT account_id, grain::int, bucket, status, category, n FROM transaction_counts WHERE n <> 0)
     SELECT * FROM truth t FULL JOIN kept k USING (account_id, grain, bucket, status, category)
     WHERE t.n IS DISTINCT FROM k.n`,
  );
}

async function newAccountOn(s: Store): Promise<string> {
  return (await s.createAccount({ environment: 'sandbox', name: 'n', email: 'e', business_name: 'b', role: 'r' })).id;
}

interface Harness {
  store: Store;
  /** A fresh, empty database of the same driver (not migrated), closed by cleanup. */
  fresh(): Promise<SqlDriver>;
  cleanup(): Promise<void>;
}

function totalSuite(title: string, open: () => Promise<Harness>) {
  describe(title, () => {
    let h: Harness;
    let store: Store;
    let acc: string;
    let other: string;

    const newAccount = () => newAccountOn(store);

    beforeAll(async () => {
      h = await open();
      store = h.store;
      acc = await newAccount();
      other = await newAccount();
      // Noise on another account at the same instants: must never leak into acc's totals.
      await store.insertTransactions([...dataset(acc, 7), ...dataset(other, 7)]);
    });
    afterAll(async () => {
      await h?.cleanup();
    });

    async function expectExact() {
      expect(await wrongTotals(store, acc)).toEqual([]);
      expect(await wrongTotals(store, other, RANGES.slice(0, 3))).toEqual([]);
      expect(await counterDrift(store)).toEqual([]);
      expect(await store.countTransactions(acc)).toBe(await plainCount(store, acc, {}));
    }

    it.each(RANGES)('total_count equals count(*) for %s, with every status/category combination', async (...c) => {
      expect(await wrongTotals(store, acc, [c])).toEqual([]);
    });

    it('the dataset exercises the edges: rows at midnights, at month starts and in every counter grain', async () => {
      const [r] = await store.sql.query<{ midnights: number; month_starts: number; months: number }>(
        `SELECT count(*) FILTER (WHERE created_at = date_trunc('day', created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')::int AS midnights,
                count(*) FILTER (WHERE created_at = date_trunc('month', created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')::int AS month_starts,
                count(DISTINCT date_trunc('month', created_at AT TIME ZONE 'UTC'))::int AS months
         FROM transactions WHERE account_id = $1`,
        [acc],
      );
      expect(r!.midnights).toBeGreaterThan(20);
      expect(r!.month_starts).toBeGreaterThanOrEqual(8);
      expect(r!.months).toBe(5); // 2024-11-30T23:59:59.999Z to 2025-03-04
      expect(await counterDrift(store)).toEqual([]);
      expect(await plainCount(store, acc, {})).toBe(dataset(acc, 7).length);
    });

    it('gives the true total with an empty page past the end', async () => {
      const filter = { status: 'successful' as const, from: T('2025-01-03T12:00:00Z'), to: T('2025-02-20T12:00:00Z') };
      const expected = await plainCount(store, acc, filter);
      expect(expected).toBeGreaterThan(0);
      expect(await store.listTransactions(acc, filter, { page: 1000, per_page: 100 })).toEqual({
        items: [],
        total_count: expected,
      });
    });

    it('counts an external_reference filter on the rows (0 or 1), within the range', async () => {
      const at = T('2025-01-15T12:00:00Z');
      await store.insertTransactions([{ ...row(acc, at, 'failed', 'funding'), external_reference: 'EXT-TOTAL-1' }]);
      const ref = { external_reference: 'EXT-TOTAL-1' };
      expect((await store.listTransactions(acc, ref, { page: 1, per_page: 10 })).total_count).toBe(1);
      expect(
        (await store.listTransactions(acc, { ...ref, status: 'failed', to: at }, { page: 1, per_page: 10 }))
          .total_count,
      ).toBe(1);
      expect(
        (await store.listTransactions(acc, { ...ref, from: new Date(at.getTime() + 1) }, { page: 1, per_page: 10 }))
          .total_count,
      ).toBe(0);
      expect(
        (await store.listTransactions(acc, { ...ref, status: 'pending' }, { page: 1, per_page: 10 })).total_count,
      ).toBe(0);
      await expectExact();
    });

    it('stays exact after single-row and multi-chunk inserts', async () => {
      await store.insertTransactions([row(acc, T('2025-02-01T00:00:00Z'), 'pending', 'promo')]);
      const small = createQueries(store.sql, store.driver, async () => {}, { insertChunk: 97, maintainAfterRows: 1e9 });
      await small.insertTransactions(dataset(acc, 11)); // ~620 rows in 7 statements, one transaction
      await expectExact();
    });

    it('stays exact after updates of status, category, created_at and account_id', async () => {
      const ids = (
        await store.sql.query<{ id: string }>(
          'SELECT id FROM transactions WHERE account_id = $1 ORDER BY id LIMIT 80',
          [acc],
        )
      ).map((r) => r.id);
      const q = (text: string, slice: string[], ...more: unknown[]) => store.sql.query(text, [slice, ...more]);
      await q(
        `UPDATE transactions SET status = CASE status WHEN 'failed' THEN 'successful' ELSE 'failed' END
               WHERE id = ANY($1::uuid[])`,
        ids.slice(0, 20),
      );
      await q(
        `UPDATE transactions SET category = CASE category WHEN 'purchase' THEN 'promo' ELSE 'purchase' END
               WHERE id = ANY($1::uuid[])`,
        ids.slice(20, 40),
      );
      // Across days, months and the year boundary, and onto exact midnights.
      await q(
        `UPDATE transactions SET created_at = created_at + interval '13 days 7 hours' WHERE id = ANY($1::uuid[])`,
        ids.slice(40, 50),
      );
      await q(
        `UPDATE transactions SET created_at = date_trunc('day', created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' WHERE id = ANY($1::uuid[])`,
        ids.slice(50, 60),
      );
      await q(`UPDATE transactions SET account_id = $2::uuid WHERE id = ANY($1::uuid[])`, ids.slice(60, 70), other);
      await q(
        `UPDATE transactions SET status = 'reversed', category = 'withdrawal', created_at = created_at - interval '40 days'
               WHERE id = ANY($1::uuid[])`,
        ids.slice(70, 80),
      );
      await expectExact();
    });

    it('stays exact while purchases are recorded and move pending -> successful -> reversed and pending -> failed', async () => {
      await store.upsertWallet({
        account_id: acc,
        balance: '0.00',
        currency: 'NGN',
        updated_at: T('2025-01-01T00:00:00Z'),
      });
      await store.fundWallet({ account_id: acc, amount: '100000.00', at: T('2025-01-01T00:00:00Z') });
      const snapshot = (r: { id: string }) => ({ status: 201, body: r.id, location: r.id });
      // At midnights, month starts and 1 ms around them: the counters of the buckets a split can get wrong.
      const instants = [
        '2025-01-31T23:59:59.999Z',
        '2025-02-01T00:00:00.000Z',
        '2025-02-01T00:00:00.001Z',
        '2025-01-10T00:00:00Z',
        '2025-01-24T13:00:00Z',
      ];
      const ids: string[] = [];
      for (const [i, iso] of instants.entries()) {
        const r = await store.recordPurchase(
          {
            id: randomUUID(),
            account_id: acc,
            currency: 'NGN',
            description: `purchase ${i}`,
            reference: `R${i}`,
            product_type: 'airtime',
            product_id: null,
            phone_number: '08031234567',
            meter_number: null,
            smartcard_number: null,
            product_amount: '100.00',
            fee_amount: '0.00',
            total_debit: '100.00',
            price_basis: 'face_value',
            created_at: T(iso),
            next_check_at: null,
          },
          null,
        );
        if (r.kind !== 'recorded') throw new Error(r.kind);
        ids.push(r.row.id);
      }
      await expectExact();
      const settle = (id: string, from: TransactionStatus, to: TransactionStatus) =>
        store.settlePurchase({ id, from, to, next_check_at: null, at: T('2025-03-01T00:00:00Z'), snapshot });
      for (const id of ids) await settle(id, 'pending', 'successful');
      await expectExact();
      await settle(ids[0]!, 'successful', 'reversed');
      await settle(ids[1]!, 'successful', 'reversed');
      await expectExact();
      const more = await store.recordPurchase(
        {
          id: randomUUID(),
          account_id: acc,
          currency: 'NGN',
          description: 'to fail',
          reference: 'RF',
          product_type: 'dataplan',
          product_id: null,
          phone_number: '08031234567',
          meter_number: null,
          smartcard_number: null,
          product_amount: '50.00',
          fee_amount: '0.00',
          total_debit: '50.00',
          price_basis: 'fixed',
          created_at: T('2025-02-01T00:00:00Z'),
          next_check_at: null,
        },
        null,
      );
      if (more.kind !== 'recorded') throw new Error(more.kind);
      await settle(more.row.id, 'pending', 'failed');
      await expectExact();
      const listed = (
        await store.listTransactions(
          acc,
          { status: 'reversed', category: 'purchase', from: T('2025-01-31T00:00:00Z'), to: T('2025-02-01T23:00:00Z') },
          { page: 1, per_page: 100 },
        )
      ).items.map((t) => t.id);
      expect(ids.filter((id) => listed.includes(id))).toEqual([ids[0], ids[1]]);
    });

    it('writes no counter for an update that changes no counted column', async () => {
      const before = await store.sql.query(
        'SELECT * FROM transaction_counts ORDER BY account_id, grain, bucket, status, category',
      );
      await store.sql.query(
        `UPDATE transactions SET description = description || '!', updated_at = updated_at + interval '1 second'
                             WHERE account_id = $1`,
        [acc],
      );
      expect(
        await store.sql.query('SELECT * FROM transaction_counts ORDER BY account_id, grain, bucket, status, category'),
      ).toEqual(before);
    });

    it('stays exact after deletes', async () => {
      await store.sql.query(
        `DELETE FROM transactions WHERE account_id = $1 AND (get_byte(uuid_send(id), 15) % 5) = 0`,
        [acc],
      );
      await store.sql.query(
        `DELETE FROM transactions WHERE id = (SELECT id FROM transactions WHERE account_id = $1 AND created_at = '2025-02-01T00:00:00Z' LIMIT 1)`,
        [acc],
      );
      await expectExact();
    });

    it('deleting an account cascades to its transactions and counters; other accounts stay exact', async () => {
      const gone = await newAccount();
      await store.insertTransactions(dataset(gone, 3));
      await store.sql.query('DELETE FROM accounts WHERE id = $1', [gone]);
      expect(await store.sql.query('SELECT 1 FROM transaction_counts WHERE account_id = $1', [gone])).toEqual([]);
      expect(await store.countTransactions(gone)).toBe(0);
      expect((await store.listTransactions(gone, {}, { page: 1, per_page: 10 })).total_count).toBe(0);
      await expectExact();
    });

    it('TRUNCATE empties the counters with the rows', async () => {
      await store.sql
        .transaction(async (tx) => {
          await tx.query('TRUNCATE transactions CASCADE'); // CASCADE: transaction_history (003) references it
          expect(await tx.query('SELECT 1 FROM transaction_counts LIMIT 1')).toEqual([]);
          throw new Error('roll back');
        })
        .catch((e: unknown) => {
          if (!(e instanceof Error) || e.message !== 'roll back') throw e;
        });
      await expectExact();
    });

    it('rejects a from/to that is not a valid Date', async () => {
      await expect(
        store.listTransactions(acc, { from: new Date(NaN) }, { page: 1, per_page: 1 }),
      ).rejects.toBeInstanceOf(InvalidStoreValueError);
    });

    it('migration 002 backfills the counters of rows inserted before it', async () => {
      const driver = await h.fresh();
      const [first] = loadMigrations();
      expect(first!.version).toBe('001_init');
      expect(await migrate(driver.sql, [first!])).toEqual(['001_init']);
      const old = createQueries(driver.sql, driver.kind);
      const ids = [await newAccountOn(old), await newAccountOn(old)];
      // Rows as 001 held them: insertTransactions writes 003's columns, so insert through the table's own row type.
      await driver.sql.query(
        'INSERT INTO transactions SELECT * FROM json_populate_recordset(NULL::transactions, $1::json)',
        [JSON.stringify([...dataset(ids[0]!, 5), ...dataset(ids[1]!, 6)])],
      );
      expect(await migrate(driver.sql)).toEqual(
        loadMigrations()
          .slice(1)
          .map((m) => m.version),
      );
      expect(await wrongTotals(old, ids[0]!)).toEqual([]);
      expect(await wrongTotals(old, ids[1]!, RANGES.slice(0, 8))).toEqual([]);
      expect(await counterDrift(old)).toEqual([]);
      await old.insertTransactions([row(ids[0]!, T('2025-01-01T00:00:00Z'), 'failed', 'promo')]); // triggers on
      expect(await wrongTotals(old, ids[0]!, RANGES.slice(0, 5))).toEqual([]);
      expect(await counterDrift(old)).toEqual([]);
    });

    it.runIf(title.includes('PostgreSQL'))(
      'concurrent multi-statement writers to one account queue instead of deadlocking',
      async () => {
        const id = await newAccount();
        const at = T('2025-01-15T12:00:00Z');
        const batch = (status: TransactionStatus, category: TransactionCategory) =>
          Array.from({ length: 5 }, () => row(id, at, status, category));
        let aFirstDone!: () => void;
        const aFirst = new Promise<void>((r) => (aFirstDone = r));
        let bSent!: () => void;
        const bStarted = new Promise<void>((r) => (bSent = r));
        // A writes key X then key Y; B writes Y then X. Without a lock taken before the counters, B's first statement
        // would lock Y's counters while A holds X's: each then waits for the other.
        const a = store.sql.transaction(async (tx) => {
          const s = createQueries(tx, store.driver);
          await s.insertTransactions(batch('successful', 'purchase'));
          aFirstDone();
          await bStarted;
          await new Promise((r) => setTimeout(r, 200));
          await s.insertTransactions(batch('failed', 'funding'));
        });
        const b = store.sql.transaction(async (tx) => {
          await aFirst;
          const s = createQueries(tx, store.driver);
          const first = s.insertTransactions(batch('failed', 'funding'));
          bSent();
          await first;
          await s.insertTransactions(batch('successful', 'purchase'));
        });
        await Promise.all([a, b]);
        expect(await store.countTransactions(id)).toBe(20);
        expect((await store.listTransactions(id, { status: 'failed' }, { page: 1, per_page: 1 })).total_count).toBe(10);
        expect(await counterDrift(store)).toEqual([]);
      },
    );
  });
}

totalSuite('total_count on PGlite', async () => {
  const driver = await openPgliteMemory();
  await migrate(driver.sql);
  const extra: SqlDriver[] = [];
  return {
    store: createQueries(driver.sql, driver.kind),
    async fresh() {
      const d = await openPgliteMemory();
      extra.push(d);
      return d;
    },
    async cleanup() {
      for (const d of [driver, ...extra]) await d.close();
    },
  };
});

describe.skipIf(!PG_URL)(`total_count on PostgreSQL${PG_URL ? '' : ' (skipped: TEST_DATABASE_URL not set)'}`, () => {
  totalSuite('total_count on PostgreSQL', async () => {
    const base = `total_test_${process.pid}_${Date.now()}`;
    const opened: { driver: SqlDriver; schema: string }[] = [];
    const openSchema = async (schema: string) => {
      const d = await openPostgres(PG_URL!, { schema, log: () => {} });
      opened.push({ driver: d, schema });
      return d;
    };
    const driver = await openSchema(base);
    await migrate(driver.sql);
    return {
      store: createQueries(driver.sql, driver.kind),
      fresh: () => openSchema(`${base}_fresh`),
      async cleanup() {
        for (const o of opened) {
          await o.driver.sql.query(`DROP SCHEMA ${o.schema} CASCADE`);
          await o.driver.close();
        }
      },
    };
  });
});
