/**
 * Statements marked `prepared` (QueryOptions) run on PostgreSQL as named prepared statements: parsed once per
 * connection, then only executed. Seen from the connection itself (pg_prepared_statements), inside one transaction so
 * that every statement of a test runs on the same connection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, PREPARED_NAMES_MAX, type PostgresDriver } from './postgres.ts';
import { PREPARED } from './sql.ts';

const PG_URL = process.env['TEST_DATABASE_URL'];

interface Prepared extends Record<string, unknown> {
  name: string;
  statement: string;
}
const PREPARED_NOW = 'SELECT name, statement FROM pg_prepared_statements ORDER BY name';

describe.skipIf(!PG_URL)(`prepared statements${PG_URL ? '' : ' (skipped: TEST_DATABASE_URL not set)'}`, () => {
  let driver: PostgresDriver;
  beforeAll(async () => {
    driver = await openPostgres(PG_URL!, { log: () => {} });
  });
  afterAll(async () => {
    await driver?.close();
  });

  it('prepares a marked statement once per connection and answers as the unprepared one', async () => {
    const text = 'SELECT $1::int + 1 AS n, $2::text AS s';
    await driver.sql.transaction(async (tx) => {
      for (const [n, s] of [
        [1, 'a'],
        [41, 'b'],
        [-5, ''],
      ] as const) {
        expect(await tx.query(text, [n, s], PREPARED)).toEqual(await tx.query(text, [n, s]));
      }
      const prepared = await tx.query<Prepared>(PREPARED_NOW);
      expect(prepared).toHaveLength(1);
      expect(prepared[0]!.statement).toBe(text);
      expect(prepared[0]!.name).toMatch(/^bp_[0-9a-f]{32}$/);
    });
  });

  it('gives two texts two names and leaves unmarked statements unprepared', async () => {
    await driver.sql.transaction(async (tx) => {
      await tx.query('SELECT $1::int AS a', [1], PREPARED);
      await tx.query('SELECT $1::int AS b', [1], PREPARED);
      await tx.query('SELECT $1::int AS c', [1]);
      const names = (await tx.query<Prepared>(PREPARED_NOW)).filter((p) => / AS [abc]$/.test(p.statement));
      expect(names.map((p) => p.statement).sort()).toEqual(['SELECT $1::int AS a', 'SELECT $1::int AS b']);
      expect(new Set(names.map((p) => p.name)).size).toBe(2);
    });
  });

  it('stops naming past PREPARED_NAMES_MAX texts: a varying text marked by mistake runs unnamed', async () => {
    await driver.sql.transaction(async (tx) => {
      for (let i = 0; i < PREPARED_NAMES_MAX + 20; i++) {
        expect(await tx.query(`SELECT $1::int + ${i} AS n`, [1], PREPARED)).toEqual([{ n: 1 + i }]);
      }
      const prepared = await tx.query<Prepared>(PREPARED_NOW);
      expect(prepared.length).toBeLessThanOrEqual(PREPARED_NAMES_MAX);
      expect(prepared.length).toBeGreaterThan(PREPARED_NAMES_MAX - 10); // the earlier tests' texts took a few names
    });
  });
});
