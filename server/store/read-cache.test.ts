/**
 * The read cache in front of the embedded store: exact (every write empties it, a read that overlapped a write is
 * not kept), frozen results, bounded, and it never caches what is not a plain read. Runs on a real PGlite.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPgliteMemory, type PgliteDriver } from './pglite.ts';
import { loadFunctionSources } from './migrate.ts';
import { ReadCachingSql, verdictOf, WRITING_FUNCTIONS, type Verdict } from './read-cache.ts';

let driver: PgliteDriver;
let sql: ReadCachingSql;

beforeAll(async () => {
  driver = await openPgliteMemory({ readCache: false });
  await driver.sql.exec('CREATE TABLE t (id int PRIMARY KEY, v text NOT NULL)');
}, 60_000);
afterAll(async () => {
  await driver?.close();
});
beforeEach(async () => {
  sql = new ReadCachingSql(driver.sql);
  await sql.query('DELETE FROM t');
  await sql.query("INSERT INTO t VALUES (1, 'one'), (2, 'two')");
});

const readV = async (id = 1) => (await sql.query<{ v: string }>('SELECT v FROM t WHERE id = $1', [id]))[0]?.v;

describe('verdicts', () => {
  it.each<[string, Verdict]>([
    ['SELECT v FROM t WHERE id = $1', 'cache'],
    ['  select count(*) from t', 'cache'],
    ['SELECT 1', 'pass'],
    ['SELECT now()', 'write'],
    ['SELECT v FROM t WHERE created_at < now()', 'write'],
    ["SELECT nextval('s') FROM t", 'write'],
    ['SELECT pg_advisory_lock(1)', 'write'],
    ['SELECT v FROM t FOR UPDATE', 'write'],
    ['SELECT random() FROM t', 'write'],
    ["INSERT INTO t VALUES (3, 'x')", 'write'],
    ['UPDATE t SET v = $1', 'write'],
    ['WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d', 'write'],
    ['VACUUM t', 'write'],
  ])('%s → %s', (text, verdict) => {
    expect(verdictOf(text)).toBe(verdict);
  });

  // The whole class: any SQL function (sql/*.sql) that is neither a trigger function nor declared IMMUTABLE or
  // STABLE may write, so a SELECT calling it must be a write — a cached `SELECT … FROM record_purchase(…)` would
  // answer a second purchase with the first one's row and debit nothing.
  const created = loadFunctionSources().flatMap((m) =>
    [...m.sql.matchAll(/CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+(\w+)\s*\(([\s\S]*?)\$\$/gi)].map((x) => ({
      name: x[1]!,
      head: x[2]!,
    })),
  );
  const mayWrite = created.filter(
    (f) => !/RETURNS\s+trigger\b/i.test(f.head) && !/\b(IMMUTABLE|STABLE)\b/i.test(f.head),
  );
  it('knows every SQL function that may write', () => {
    expect([...new Set(mayWrite.map((f) => f.name))].sort()).toEqual([...WRITING_FUNCTIONS].sort());
  });
  it.each([...new Set(mayWrite.map((f) => f.name))])('SELECT … FROM %s(…) → write', (name) => {
    expect(verdictOf(`SELECT id, amount::text AS amount FROM ${name}($1, $2)`)).toBe('write');
    expect(verdictOf(`SELECT s.key_completed FROM ${name.toUpperCase()} ($1) s`)).toBe('write');
  });
});

describe('the read cache', () => {
  it('answers a repeated read from memory, keyed by its parameters', async () => {
    expect(await readV(1)).toBe('one');
    expect(await readV(1)).toBe('one');
    expect(await readV(2)).toBe('two');
    expect(sql.stats()).toMatchObject({ hits: 1, misses: 2, entries: 2 });
  });

  it('empties itself on every write, so the next read sees it', async () => {
    await readV(1);
    await sql.query("UPDATE t SET v = 'uno' WHERE id = 1");
    expect(sql.stats().entries).toBe(0);
    expect(await readV(1)).toBe('uno');
  });

  it('empties itself around a transaction and around exec', async () => {
    await readV(1);
    await sql.transaction(async (tx) => {
      await tx.query("UPDATE t SET v = 'eins' WHERE id = 1");
    });
    expect(await readV(1)).toBe('eins');
    await sql.exec("UPDATE t SET v = 'un' WHERE id = 1");
    expect(await readV(1)).toBe('un');
  });

  it('does not keep a read that was under way while a write ran', async () => {
    // PGlite runs statements one at a time in call order: the read is issued first and answers 'one', but the
    // write was issued before it finished, so its answer must not be kept. (Two guards see to it: the generation
    // check and the emptying when the write ends; this fails only when both are gone.)
    const read = readV(1);
    const write = sql.query("UPDATE t SET v = 'later' WHERE id = 1");
    expect(await read).toBe('one');
    await write;
    expect(await readV(1)).toBe('later');
  });

  it('lets a SELECT without FROM through without touching the cache', async () => {
    await readV(1);
    await sql.query('SELECT 1');
    await sql.query('SELECT 1');
    expect(sql.stats()).toMatchObject({ entries: 1, hits: 0, misses: 1 });
  });

  it('hands out frozen rows, so no caller can change what the next one gets', async () => {
    const rows = await sql.query<{ v: string }>('SELECT v FROM t WHERE id = $1', [1]);
    expect(() => {
      rows[0]!.v = 'changed';
    }).toThrow(TypeError);
    expect(() => {
      rows.push({ v: 'x' });
    }).toThrow(TypeError);
    expect(await readV(1)).toBe('one');
  });

  it('stays within its byte budget, dropping the least recently used results', async () => {
    const small = new ReadCachingSql(driver.sql, { maxBytes: 4096 });
    for (let i = 0; i < 50; i++) await small.query('SELECT v, $1::text AS pad FROM t', ['x'.repeat(200) + i]);
    const { entries, bytes } = small.stats();
    expect(bytes).toBeLessThanOrEqual(4096);
    expect(entries).toBeGreaterThan(0);
    expect(entries).toBeLessThan(50);
  });
});
