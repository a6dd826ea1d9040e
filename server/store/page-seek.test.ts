/**
 * The seek of page-seek.ts must give exactly the page of a plain ORDER BY created_at DESC, id DESC LIMIT … OFFSET …:
 * same rows, same order, same total_count, for every filter and page (past the end, across midnights and months).
 * The store under test seeks at every OFFSET (seekAfterOffset 0); the expected page is a direct SQL query on the same
 * store. PGlite always; PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransactionCategory, TransactionStatus } from '../domain.ts';
import type { SqlDriver } from './driver.ts';
import { migrate } from './migrate.ts';
import { openPgliteMemory } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import { createQueries } from './queries.ts';
import type { Store, TransactionFilter, TransactionRow } from './types.ts';

const PG_URL = process.env['TEST_DATABASE_URL'];
const STATUSES: TransactionStatus[] = ['pending', 'successful', 'failed', 'reversed'];
const CATEGORIES: TransactionCategory[] = ['funding', 'purchase', 'withdrawal', 'transfer'];
const DAY = 86_400_000;
const START = Date.parse('2025-01-20T00:00:00Z');
const END = Date.parse('2025-05-10T00:00:00Z');
const T = (iso: string) => new Date(iso);

function row(accountId: string, at: number, status: TransactionStatus, category: TransactionCategory): TransactionRow {
  const d = new Date(at);
  return {
    id: randomUUID(),
    account_id: accountId,
    amount: '1.00',
    currency: 'NGN',
    status,
    category,
    description: 'seek',
    reference: `S${randomUUID().slice(0, 8)}`,
    external_reference: null,
    product_type: null,
    phone_number: null,
    meter_number: null,
    smartcard_number: null,
    token: null,
    units: null,
    product_id: null,
    product_amount: '1.00',
    fee_amount: '0.00',
    total_debit: '1.00',
    price_basis: 'fixed',
    created_at: d,
    updated_at: d,
    next_check_at: null,
    check_attempts: 0,
  };
}

/** ~3 000 rows over ~3.5 months: many share an instant, midnights and month starts, every 5th day empty. */
function history(accountId: string): TransactionRow[] {
  let s = 7;
  const rnd = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const pick = <X>(xs: X[]) => xs[Math.floor(rnd() * xs.length)]!;
  const instants: number[] = [];
  for (let i = 0; i < 400; i++) instants.push(START + Math.floor(rnd() * (END - START)));
  for (let d = START; d < END; d += 4 * DAY) instants.push(d, d - 1);
  for (const m of ['2025-02-01', '2025-03-01', '2025-04-01', '2025-05-01']) instants.push(Date.parse(`${m}T00:00:00Z`));
  const usable = instants.filter((t) => Math.floor(t / DAY) % 5 !== 0);
  const out: TransactionRow[] = [];
  for (let i = 0; i < 3000; i++) out.push(row(accountId, pick(usable), pick(STATUSES), pick(CATEGORIES)));
  return out;
}

/** The page by plain OFFSET, in SQL written here. */
async function expected(store: Store, accountId: string, f: TransactionFilter, page: number, perPage: number) {
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
  const [c] = await store.sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM transactions WHERE ${where}`,
    params,
  );
  const ids = await store.sql.query<{ id: string }>(
    `SELECT id FROM transactions WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`,
    params,
  );
  return { ids: ids.map((r) => r.id), total: c!.n };
}

async function check(store: Store, accountId: string, f: TransactionFilter, page: number, perPage: number) {
  const got = await store.listTransactions(accountId, f, { page, per_page: perPage });
  const want = await expected(store, accountId, f, page, perPage);
  expect({ ids: got.items.map((r) => r.id), total: got.total_count }).toEqual(want);
}

const instant = fc
  .oneof(
    fc.integer({ min: START - 5 * DAY, max: END + 5 * DAY }),
    fc.integer({ min: -3, max: 115 }).map((d) => START + d * DAY), // a midnight
    fc.constantFrom(
      ...['2025-02-01', '2025-03-01', '2025-04-01', '2025-05-01'].map((m) => Date.parse(`${m}T00:00:00Z`)),
    ),
  )
  .map((t) => new Date(t));
const filterArb: fc.Arbitrary<TransactionFilter> = fc.record({
  status: fc.option(fc.constantFrom(...STATUSES), { nil: undefined }),
  category: fc.option(fc.constantFrom(...CATEGORIES), { nil: undefined }),
  from: fc.option(instant, { nil: undefined, freq: 2 }), // half the time open: ranges holding whole months
  to: fc.option(instant, { nil: undefined, freq: 2 }),
});

/** Offsets (in list order) of the first row of each UTC day / month holding rows, and the total, under `f`. */
async function dayStarts(store: Store, accountId: string, f: TransactionFilter) {
  const all = await store.sql.query<{ day: string }>(
    `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day FROM transactions
     WHERE account_id = $1 AND ($2::text IS NULL OR status = $2) AND ($3::text IS NULL OR category = $3)
       AND ($4::timestamptz IS NULL OR created_at >= $4) AND ($5::timestamptz IS NULL OR created_at <= $5)
     ORDER BY created_at DESC, id DESC`,
    [accountId, f.status ?? null, f.category ?? null, f.from ?? null, f.to ?? null],
  );
  const startsOf = (len: number) =>
    all.flatMap((r, i) => (i === 0 || all[i - 1]!.day.slice(0, len) !== r.day.slice(0, len) ? [i] : []));
  return { starts: startsOf(10), months: startsOf(7), total: all.length };
}

function seekSuite(title: string, open: () => Promise<{ store: Store; close(): Promise<void> }>) {
  describe(title, () => {
    let h: { store: Store; close(): Promise<void> };
    let acc: string;
    beforeAll(async () => {
      h = await open();
      const other = await h.store.createAccount({
        environment: 'sandbox',
        name: 'o',
        email: 'e',
        business_name: 'b',
        role: 'r',
      });
      acc = (
        await h.store.createAccount({ environment: 'sandbox', name: 'n', email: 'e', business_name: 'b', role: 'r' })
      ).id;
      await h.store.insertTransactions([...history(acc), ...history(other.id).slice(0, 500)]);
    }, 60_000);
    afterAll(() => h?.close());

    it('equals plain OFFSET for random filters and pages (past the end, on and around midnights)', async () => {
      const mode = fc.constantFrom('anywhere', 'day start', 'month start', 'last rows');
      await fc.assert(
        fc.asyncProperty(
          filterArb,
          fc.integer({ min: 1, max: 120 }),
          fc.double({ min: 0, max: 1, noNaN: true }),
          mode,
          fc.integer({ min: -1, max: 1 }),
          async (f, perPage, at, where, delta) => {
            const { starts, months, total } = await dayStarts(h.store, acc, f);
            const near = (marks: number[]) =>
              (marks[Math.min(marks.length - 1, Math.floor(at * marks.length))] ?? 0) + delta;
            // The page holding row `o`: anywhere (past the end too), or the first row of a day / month +-1, or one of
            // the last rows (in the oldest day: the partial day at `from`).
            const o = Math.max(
              0,
              where === 'anywhere'
                ? Math.floor(at * 1.1 * (total + perPage))
                : where === 'day start'
                  ? near(starts)
                  : where === 'month start'
                    ? near(months)
                    : total - 1 - Math.floor(at * 40) + delta,
            );
            // The seek places the page's first row: near a mark, pages are small so that it lands near the mark too.
            const pp = where === 'anywhere' ? perPage : 1 + (perPage % 7);
            await check(h.store, acc, f, 1 + Math.floor(o / pp), pp);
          },
        ),
        { numRuns: 300 },
      );
    }, 120_000);

    const FILTERS: [string, TransactionFilter][] = [
      ['no filter', {}],
      ['status + category', { status: 'successful', category: 'purchase' }],
      ['range starting and ending mid-day', { from: T('2025-02-10T13:00:00Z'), to: T('2025-04-03T07:30:00Z') }],
      ['range at midnights', { category: 'funding', from: T('2025-03-01T00:00:00Z'), to: T('2025-04-01T00:00:00Z') }],
      ['to only, mid-day', { status: 'failed', to: T('2025-03-15T12:00:00Z') }],
      ['from only, mid-day', { from: T('2025-02-20T18:00:00Z') }],
    ];
    it.each(FILTERS)(
      'offset on the first and last row of every day and month: %s',
      async (_name, f) => {
        const { starts: firsts, total } = await dayStarts(h.store, acc, f);
        expect(firsts.length).toBeGreaterThan(3);
        const offsets = new Set([...firsts, ...firsts.map((i) => i - 1), total - 1, total, total + 1]);
        for (const o of [...offsets].filter((x) => x >= 0)) {
          await check(h.store, acc, f, o + 1, 1); // the row itself
          if (o >= 2) await check(h.store, acc, f, 2, Math.ceil(o / 2) + 1); // a page straddling the boundary
        }
      },
      120_000,
    );

    it('empty days, days before the data and an empty account', async () => {
      await check(h.store, acc, { from: T('2025-01-25T00:00:00Z'), to: T('2025-01-25T23:59:59.999Z') }, 1, 10); // a day %5 = 0
      await check(h.store, acc, { from: T('2024-01-01T00:00:00Z'), to: T('2024-06-01T00:00:00Z') }, 3, 10);
      await check(h.store, acc, { to: T('2025-01-19T12:00:00Z') }, 1, 5);
      await check(h.store, randomUUID(), {}, 2, 10);
    });
  });
}

seekSuite('page seek = OFFSET (PGlite)', async () => {
  const d = await openPgliteMemory();
  await migrate(d.sql);
  return { store: createQueries(d.sql, d.kind, () => d.close(), { seekAfterOffset: 0 }), close: () => d.close() };
});

describe.skipIf(!PG_URL)(`page seek on PostgreSQL${PG_URL ? '' : ' (skipped: TEST_DATABASE_URL not set)'}`, () => {
  seekSuite('page seek = OFFSET (PostgreSQL)', async () => {
    const schema = `seek_${process.pid}_${Date.now()}`;
    const d: SqlDriver = await openPostgres(PG_URL!, { schema, log: () => {} });
    await migrate(d.sql);
    return {
      store: createQueries(d.sql, d.kind, () => d.close(), { seekAfterOffset: 0 }),
      async close() {
        await d.sql.query(`DROP SCHEMA ${schema} CASCADE`);
        await d.close();
      },
    };
  });
});
