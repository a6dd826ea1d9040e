/**
 * Extreme instants at the store boundary, on PGlite (always) and PostgreSQL (TEST_DATABASE_URL):
 * - a row at any instant of the stored window (0001-01-01 to 9999-12-31T23:59:59.999Z UTC) reads back as written;
 * - a write outside the window is InvalidStoreValueError and writes nothing;
 * - listTransactions answers any valid Date as a bound — every RFC 3339 date-time (year 0000 to 9999, offsets up to
 *   ±14:00) and beyond — with exactly the rows and total_count of the bounds as written (checked against an
 *   in-memory model), through every path of the counter-based total (transaction-count.ts).
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransactionStatus } from '../domain.ts';
import { InvalidStoreValueError } from './errors.ts';
import { MAX_INSTANT, MIN_INSTANT } from './instants.ts';
import { migrate } from './migrate.ts';
import { openPgliteMemory } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import { createQueries } from './queries.ts';
import type { SqlDriver } from './driver.ts';
import type { Store, TransactionFilter, TransactionRow } from './types.ts';

const PG_URL = process.env['TEST_DATABASE_URL'];
const DAY = 86_400_000;
const JS_MAX = 8.64e15;
const STATUSES: TransactionStatus[] = ['pending', 'successful', 'failed', 'reversed'];
const at = (iso: string) => Date.parse(iso);

function row(accountId: string, t: number, status: TransactionStatus): TransactionRow {
  const d = new Date(t);
  return {
    id: randomUUID(),
    account_id: accountId,
    amount: '1.00',
    currency: 'NGN',
    status,
    category: 'purchase',
    description: 'edge',
    reference: 'REF',
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

/** Instants where a clamp, a codec or the planner's day/month rounding could go wrong. */
const EDGES = [
  MIN_INSTANT,
  MIN_INSTANT + 1,
  at('0001-01-31T23:59:59.999Z'),
  at('0001-02-01T00:00:00Z'),
  at('0050-06-15T12:00:00Z'),
  at('0099-12-31T23:59:59.999Z'),
  at('0100-01-01T00:00:00Z'),
  at('1969-12-31T23:59:59.999Z'),
  0,
  at('2025-03-01T00:00:00Z'),
  at('9999-12-01T00:00:00Z'),
  at('9999-12-30T23:59:59.999Z'),
  at('9999-12-31T00:00:00Z'),
  MAX_INSTANT - 1,
  MAX_INSTANT,
];

/** What RFC 3339 lets a client write: years 0000-9999, offsets up to ±14:00, read as the handler does (new Date). */
const rfc3339 = fc
  .record({
    year: fc.oneof(fc.constantFrom(0, 1, 9999), fc.integer({ min: 0, max: 9999 })),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
    h: fc.integer({ min: 0, max: 23 }),
    m: fc.integer({ min: 0, max: 59 }),
    s: fc.integer({ min: 0, max: 59 }),
    offset: fc.oneof(fc.constant(0), fc.constantFrom(-14 * 60, 14 * 60), fc.integer({ min: -14 * 60, max: 14 * 60 })),
  })
  .map(({ year, month, day, h, m, s, offset }) => {
    const p = (n: number, w = 2) => String(n).padStart(w, '0');
    const tz =
      offset === 0
        ? 'Z'
        : `${offset < 0 ? '-' : '+'}${p(Math.floor(Math.abs(offset) / 60))}:${p(Math.abs(offset) % 60)}`;
    return new Date(`${p(year, 4)}-${p(month)}-${p(day)}T${p(h)}:${p(m)}:${p(s)}${tz}`);
  });

const instant = fc.oneof(
  rfc3339,
  fc.constantFrom(...EDGES.flatMap((t) => [t - 1, t, t + 1])).map((t) => new Date(t)),
  fc.integer({ min: MIN_INSTANT - 3 * DAY, max: MIN_INSTANT + 400 * DAY }).map((t) => new Date(t)),
  fc.integer({ min: MAX_INSTANT - 400 * DAY, max: MAX_INSTANT + 3 * DAY }).map((t) => new Date(t)),
  fc.integer({ min: -JS_MAX, max: JS_MAX }).map((t) => new Date(t)),
);

const filters = fc.record({
  from: fc.option(instant, { nil: undefined }),
  to: fc.option(instant, { nil: undefined }),
  status: fc.option(fc.constantFrom(...STATUSES), { nil: undefined }),
});

/** The list as the bounds are written: rows in [from, to], newest first, ties by id. */
function model(all: TransactionRow[], f: TransactionFilter) {
  const hit = all.filter(
    (r) =>
      (f.status === undefined || r.status === f.status) &&
      (f.from === undefined || r.created_at.getTime() >= f.from.getTime()) &&
      (f.to === undefined || r.created_at.getTime() <= f.to.getTime()),
  );
  hit.sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || (a.id < b.id ? 1 : -1));
  return { ids: hit.slice(0, 100).map((r) => r.id), total: hit.length };
}

interface Harness {
  store: Store;
  cleanup(): Promise<void>;
}

function suite(title: string, open: () => Promise<Harness>) {
  describe(title, () => {
    let h: Harness;
    let store: Store;
    let acc: string;
    let all: TransactionRow[];

    beforeAll(async () => {
      h = await open();
      store = h.store;
      acc = (
        await store.createAccount({ environment: 'sandbox', name: 'n', email: 'e', business_name: 'b', role: 'r' })
      ).id;
      const random = fc.sample(fc.integer({ min: MIN_INSTANT, max: MAX_INSTANT }), { numRuns: 120, seed: 42 });
      all = [...EDGES, ...EDGES, ...random].map((t, i) => row(acc, t, STATUSES[i % 4]!));
      await store.insertTransactions(all);
    });
    afterAll(async () => {
      await h?.cleanup();
    });

    it('reads every row back at the instant it was written, from year 0001 to 9999', async () => {
      const wrong: string[] = [];
      for (const r of all) {
        const back = await store.getTransactionById(acc, r.id);
        if (back?.created_at.getTime() !== r.created_at.getTime())
          wrong.push(`${r.created_at.toISOString()} → ${back?.created_at.toISOString()}`);
      }
      expect(wrong).toEqual([]);
    });

    it.each([
      ['from=0000-01-01T00:00:00Z', { from: new Date('0000-01-01T00:00:00Z') }],
      ['to=0000-01-01T00:00:00Z', { to: new Date('0000-01-01T00:00:00Z') }],
      ['from=9999-12-31T00:00:00Z', { from: new Date('9999-12-31T00:00:00Z') }],
      ['from=9999-12-31T23:59:59-14:00 (year 10000 in UTC)', { from: new Date('9999-12-31T23:59:59-14:00') }],
      [
        'from=0000-01-01T00:00:00+14:00 to=9999-12-31T23:59:59-14:00',
        { from: new Date('0000-01-01T00:00:00+14:00'), to: new Date('9999-12-31T23:59:59-14:00') },
      ],
    ] as [string, TransactionFilter][])('answers %s like the bounds as written', async (_name, f) => {
      const page = await store.listTransactions(acc, f, { page: 1, per_page: 100 });
      const want = model(all, f);
      expect({ ids: page.items.map((r) => r.id), total: page.total_count }).toEqual(want);
    });

    it('answers any valid Date as a bound with the rows and total_count of the bounds as written', async () => {
      await fc.assert(
        fc.asyncProperty(filters, async (f) => {
          const page = await store.listTransactions(acc, f, { page: 1, per_page: 100 });
          expect({ ids: page.items.map((r) => r.id), total: page.total_count }).toEqual(model(all, f));
        }),
        { numRuns: 150, seed: 7 },
      );
    });

    it('rejects writes outside the window and writes nothing', async () => {
      const other = (
        await store.createAccount({ environment: 'sandbox', name: 'n', email: 'e', business_name: 'b', role: 'r' })
      ).id;
      for (const t of [MIN_INSTANT - 1, MAX_INSTANT + 1, at('0000-06-01T00:00:00Z'), -JS_MAX, JS_MAX]) {
        await expect(
          store.insertTransactions([row(other, 0, 'failed'), row(other, t, 'failed')]),
        ).rejects.toBeInstanceOf(InvalidStoreValueError);
        await expect(
          store.upsertWallet({ account_id: other, balance: '0', currency: 'NGN', updated_at: new Date(t) }),
        ).rejects.toBeInstanceOf(InvalidStoreValueError);
        await expect(
          store.createKey({
            account_id: other,
            name: 'k',
            display_prefix: 'sk_test_aaaa',
            secret_hash: 'a'.repeat(64),
            scopes: [],
            ip_allowlist: [],
            expires_at: new Date(t),
          }),
        ).rejects.toBeInstanceOf(InvalidStoreValueError);
      }
      expect(await store.countTransactions(other)).toBe(0);
      expect(await store.getWallet(other)).toBeNull();
      expect(await store.listKeys(other)).toEqual([]);
    });
  });
}

suite('extreme instants on PGlite', async () => {
  const driver: SqlDriver = await openPgliteMemory();
  await migrate(driver.sql);
  return { store: createQueries(driver.sql, driver.kind), cleanup: () => driver.close() };
});

describe.skipIf(!PG_URL)(
  `extreme instants on PostgreSQL${PG_URL ? '' : ' (skipped: TEST_DATABASE_URL not set)'}`,
  () => {
    suite('extreme instants on PostgreSQL', async () => {
      const schema = `instants_test_${process.pid}_${Date.now()}`;
      const driver = await openPostgres(PG_URL!, { schema, log: () => {} });
      await migrate(driver.sql);
      return {
        store: createQueries(driver.sql, driver.kind),
        async cleanup() {
          await driver.sql.query(`DROP SCHEMA ${schema} CASCADE`);
          await driver.close();
        },
      };
    });
  },
);
