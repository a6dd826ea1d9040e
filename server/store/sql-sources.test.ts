/**
 * SQL functions as source (migrate.ts, sql/*.sql): one current definition of each function, in a file; what the
 * database runs is that file, on a new database and on one migrated before the sources existed, and again after
 * anything redefined it; no migration defines a function any more; every call of one names its arguments, so their
 * order can never drift from the signature. PGlite always, PostgreSQL when TEST_DATABASE_URL is set (there, two
 * instances starting at once on an empty schema as well).
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecSql, SqlDriver } from './driver.ts';
import {
  applyFunctionSources,
  functionsDefinedIn,
  loadFunctionSources,
  loadMigrations,
  migrate,
  type FunctionSource,
} from './migrate.ts';
import { openPgliteMemory } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import { createQueries } from './queries.ts';
import { AT, fundedAccount, PG_URL, purchase, recordOutcomeByName } from '../../test/helpers/store-fixtures.ts';
import type { Sql } from './types.ts';

const SOURCES = loadFunctionSources();
const NAMES = SOURCES.map((s) => s.name);
const ROOT = new URL('../../', import.meta.url);

/** The last migration written before the sources existed: it and those before it are applied history. */
const LAST_MIGRATION_WITH_FUNCTIONS = '009_record_purchase_outcome';

/** A function's body as PostgreSQL stores it (`prosrc`): the text between `AS $$` and `$$`. */
const bodyOf = (source: string) => /\$\$([\s\S]*?)\$\$/.exec(source)![1]!;

// ---------------------------------------------------------------------------------------------------------------
// Calls that do not name their arguments.

/** Text without comments (SQL `--`, JS `//` and block comments); strings are kept, they hold the SQL. */
function withoutComments(text: string, sqlOnly: boolean): string {
  const lines = text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).split('\n');
  return lines.map((l) => l.replace(/--.*$/, '').replace(sqlOnly ? /$^/ : /(^|[^:'"`\w])\/\/.*$/, '$1')).join('\n');
}

/** The top-level arguments of the call whose `(` is at `open` (commas inside parentheses and strings are skipped). */
function argumentsAt(text: string, open: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let quote = '';
  let start = open + 1;
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) {
      args.push(text.slice(start, i));
      return args.map((a) => a.trim()).filter((a, n, all) => !(all.length === 1 && a === ''));
    } else if (c === ',' && depth === 1) {
      args.push(text.slice(start, i));
      start = i + 1;
    }
  }
  throw new Error(`unbalanced call at ${open}: ${text.slice(open, open + 80)}`);
}

/** Each call of one of `names` in `text` with an argument that is not `name => value`: `fn(first argument…)`. */
export function positionalCalls(text: string, names: readonly string[]): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(new RegExp(`(?<![\\w.$])(${names.join('|')})\\s*\\(`, 'gi'))) {
    if (/FUNCTION\s+$/i.test(text.slice(Math.max(0, m.index - 30), m.index))) continue; // its definition, or a trigger's EXECUTE FUNCTION f()
    const args = argumentsAt(text, m.index + m[0].length - 1);
    const bad = args.find((a) => !/^[a-z_][a-z0-9_]*\s*=>/i.test(a));
    if (bad !== undefined) found.push(`${m[1]}(${bad.replace(/\s+/g, ' ').slice(0, 60)}…)`);
  }
  return found;
}

function filesUnder(dir: string, ext: RegExp): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && ext.test(e.name) && !e.parentPath.includes('node_modules'))
    .map((e) => path.join(e.parentPath, e.name));
}

describe('every call of a SQL function names its arguments', () => {
  it('finds a positional call and accepts a named one (the checker itself)', () => {
    expect(positionalCalls(`SELECT * FROM settle_purchase($1, 'pending')`, NAMES)).toEqual(['settle_purchase($1…)']);
    expect(positionalCalls(`SELECT * FROM settle_purchase(p_id => $1, p_from => f($2, 3))`, NAMES)).toEqual([]);
    expect(positionalCalls(`PERFORM webhook_enqueue(p_account => a, t)`, NAMES)).toEqual(['webhook_enqueue(t…)']);
    expect(
      positionalCalls(
        `CREATE OR REPLACE FUNCTION settle_purchase(p_id uuid) … EXECUTE FUNCTION webhook_outbox_of_history()`,
        NAMES,
      ),
    ).toEqual([]);
    expect(positionalCalls(`SELECT record_purchase_outcome(p_id => 1), record_purchase(2)`, NAMES)).toEqual([
      'record_purchase(2…)',
    ]);
  });

  // Every statement text of server/ and bench/ (TypeScript, scripts, the function sources themselves); migrations are
  // applied history and are left as they ran.
  const root = decodeURIComponent(ROOT.pathname);
  it('in every file of server/ and bench/ (but the examples of this test)', () => {
    const files = [
      ...filesUnder(path.join(root, 'server'), /\.(ts|mjs|sql)$/),
      ...filesUnder(path.join(root, 'bench'), /\.(ts|mjs|js|sql)$/),
    ].filter(
      (f) =>
        !f.includes(`${path.sep}migrations${path.sep}`) && f !== decodeURIComponent(new URL(import.meta.url).pathname),
    );
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      positionalCalls(withoutComments(fs.readFileSync(file, 'utf8'), file.endsWith('.sql')), NAMES).map(
        (call) => `${path.relative(root, file)}: ${call}`,
      ),
    );
    expect(found).toEqual([]);
  });

  it('the statements the store builds at run time (purchase-statements.ts) name theirs too', async () => {
    const driver = await openPgliteMemory();
    try {
      await migrate(driver.sql);
      const seen: string[] = [];
      const spy: Sql = {
        query: (text, params) => {
          seen.push(text);
          return driver.sql.query(text, params);
        },
        transaction: (fn) => driver.sql.transaction(fn),
      } as Sql;
      const store = createQueries(driver.sql, driver.kind);
      const traced = createQueries(spy as ExecSql, driver.kind);
      const account = await fundedAccount(store, '1000.00');
      const recorded = await traced.recordPurchase(purchase(account, '100.00'), null);
      expect(recorded.kind).toBe('recorded');
      if (recorded.kind !== 'recorded') return;
      await traced.settlePurchase({
        id: recorded.row.id,
        from: 'pending',
        to: 'successful',
        at: AT,
        next_check_at: null,
        snapshot: () => ({ status: 201, body: '{}', location: '/x' }),
      });
      const calls = seen.filter((t) => /record_purchase_outcome|settle_purchase/.test(t));
      expect(calls.length).toBe(2);
      for (const t of calls) expect(positionalCalls(t, NAMES)).toEqual([]);
    } finally {
      await driver.close();
    }
  }, 60_000);
});

// ---------------------------------------------------------------------------------------------------------------
// Sources and migrations.

describe('function sources and migrations', () => {
  it('each source file defines one function, named as the file, and a trigger only for its own function', () => {
    for (const s of SOURCES) {
      expect(functionsDefinedIn(s.sql)).toEqual([s.name]);
      for (const t of s.sql.matchAll(/CREATE\s+OR\s+REPLACE\s+TRIGGER[\s\S]*?EXECUTE\s+FUNCTION\s+(\w+)/gi))
        expect(t[1]).toBe(s.name);
      expect(s.sql.trimStart().startsWith('--'), `${s.name}.sql starts with the comment that explains it`).toBe(true);
    }
  });

  it(`no migration after ${LAST_MIGRATION_WITH_FUNCTIONS} defines a function: it belongs in sql/<name>.sql`, () => {
    const later = loadMigrations().filter((m) => m.version > LAST_MIGRATION_WITH_FUNCTIONS);
    expect(later.flatMap((m) => functionsDefinedIn(m.sql).map((f) => `${m.version}: ${f}`))).toEqual([]);
    // The check sees a redefinition in any spelling a migration could use.
    fc.assert(
      fc.property(
        fc.constantFrom(...NAMES),
        fc.constantFrom('CREATE FUNCTION', 'create or replace function', 'CREATE  OR\nREPLACE FUNCTION'),
        fc.constantFrom('', 'public.'),
        (name, create, schema) => {
          expect(
            functionsDefinedIn(`ALTER TABLE t ADD COLUMN c int;\n${create} ${schema}${name} (p_x int) RETURNS int`),
          ).toEqual([name]);
        },
      ),
    );
  });

  it('every function that migrations 001–009 define has a source file', () => {
    // Sources may be more (functions added since, defined by their source alone, such as change_product).
    const defined = new Set(loadMigrations().flatMap((m) => functionsDefinedIn(m.sql)));
    expect([...defined].filter((name) => !NAMES.includes(name))).toEqual([]);
    expect(defined.size).toBeGreaterThan(0);
  });

  it('refuses a source file that does not define exactly its own function with CREATE OR REPLACE', () => {
    const dir = fs.mkdtempSync(path.join(process.env['TMPDIR'] ?? '/tmp', 'sql-sources-'));
    try {
      for (const [file, text] of [
        ['f_one.sql', 'CREATE FUNCTION f_one() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;'],
        ['f_two.sql', 'CREATE OR REPLACE FUNCTION f_other() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;'],
      ] as const) {
        fs.writeFileSync(path.join(dir, file), text);
        expect(() => loadFunctionSources(new URL(`file://${dir}/`))).toThrow(/must define exactly one function/);
        fs.rmSync(path.join(dir, file));
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------
// What the database runs, on each driver.

interface Db {
  sql: ExecSql;
  drivers: SqlDriver[];
  close(): Promise<void>;
}

async function pgliteDb(): Promise<Db> {
  const d = await openPgliteMemory({ readCache: false });
  return { sql: d.sql, drivers: [d], close: () => d.close() };
}

async function postgresDb(instances = 1): Promise<Db> {
  const schema = `sql_sources_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const drivers: SqlDriver[] = [];
  for (let i = 0; i < instances; i++) drivers.push(await openPostgres(PG_URL!, { schema, log: () => {}, max: 3 }));
  return {
    sql: drivers[0]!.sql,
    drivers,
    async close() {
      await drivers[0]!.sql.query(`DROP SCHEMA ${schema} CASCADE`);
      for (const d of drivers) await d.close();
    },
  };
}

/** Per function of the schema: its overloads' bodies. */
async function running(sql: Sql): Promise<Map<string, string[]>> {
  const rows = await sql.query<{ name: string; src: string }>(`SELECT proname AS name, prosrc AS src FROM pg_proc
    WHERE pronamespace = current_schema()::regnamespace AND prokind = 'f' ORDER BY oid`);
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.name, [...(out.get(r.name) ?? []), r.src]);
  return out;
}

/** The database runs exactly the sources: one definition per name, its body the file's; no other function. */
async function expectRunsTheSources(sql: Sql, sources: FunctionSource[] = SOURCES): Promise<void> {
  const now = await running(sql);
  expect([...now.keys()].sort()).toEqual(sources.map((s) => s.name).sort());
  for (const s of sources) expect(now.get(s.name), s.name).toEqual([bodyOf(s.sql)]);
  const triggers = await sql.query<{ tgname: string; fn: string }>(`SELECT t.tgname, p.proname AS fn FROM pg_trigger t
    JOIN pg_proc p ON p.oid = t.tgfoid WHERE p.pronamespace = current_schema()::regnamespace AND NOT t.tgisinternal`);
  for (const t of triggers) {
    expect(sources.find((s) => s.name === t.fn)?.sql, `trigger ${t.tgname} is defined in ${t.fn}.sql`).toMatch(
      new RegExp(`CREATE OR REPLACE TRIGGER ${t.tgname}\\b`),
    );
  }
}

const drivers: [string, () => Promise<Db>][] = [['PGlite', pgliteDb]];
if (PG_URL) drivers.push(['PostgreSQL', postgresDb]);

describe.each(drivers)('what the database runs (%s)', (_, open) => {
  let db: Db;
  beforeAll(async () => {
    db = await open();
    await migrate(db.sql);
  }, 120_000);
  afterAll(() => db?.close());

  it('a new database runs the sources, and a second start applies nothing', async () => {
    await expectRunsTheSources(db.sql);
    expect(await migrate(db.sql)).toEqual([]);
    expect(await applyFunctionSources(db.sql)).toEqual([]);
  });

  it("a function redefined behind the sources' back (any of them) runs its source again at the next start", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...SOURCES), fc.nat(1_000_000), async (source, n) => {
        // The same function with a different body — as a migration or a person redefining it would leave it.
        await db.sql.exec(source.sql.replace(/\$\$([\s\S]*?)\$\$/, (_m, body: string) => `$$${body}-- drift ${n}\n$$`));
        expect((await running(db.sql)).get(source.name)).not.toEqual([bodyOf(source.sql)]);
        expect(await applyFunctionSources(db.sql)).toEqual([source.name]);
        await expectRunsTheSources(db.sql);
      }),
      { numRuns: 12 },
    );
  }, 120_000);

  it('a changed source replaces the one definition whatever changed: body, parameter names, parameter types', async () => {
    const probe = (sig: string, body: string): FunctionSource => ({
      name: 'zz_probe',
      sql: `-- a probe\nCREATE OR REPLACE FUNCTION zz_probe(${sig}) RETURNS int LANGUAGE sql AS $$${body}$$;`,
    });
    const steps = [
      probe('p_a int', ' SELECT p_a '), // new
      probe('p_a int', ' SELECT p_a + 1 '), // body: replaced in place
      probe('p_b int', ' SELECT p_b '), // parameter name: PostgreSQL refuses the replace (42P13), dropped and made again
      probe('p_b bigint, p_c text', ' SELECT 2 '), // types: an overload beside the old one, which is dropped
    ];
    for (const step of steps) {
      expect(await applyFunctionSources(db.sql, [...SOURCES, step])).toEqual(['zz_probe']);
      await expectRunsTheSources(db.sql, [...SOURCES, step]);
      expect(await applyFunctionSources(db.sql, [...SOURCES, step])).toEqual([]);
    }
    const [r] = await db.sql.query<{ v: number }>(`SELECT zz_probe(p_b => 1, p_c => 'x') AS v`);
    expect(Number(r!.v)).toBe(2);
    // The file removed: its function goes.
    expect(await applyFunctionSources(db.sql)).toEqual(['zz_probe']);
    await expectRunsTheSources(db.sql);
  });

  it('a removed source takes its trigger with it, and a source put back brings both back', async () => {
    const outbox = SOURCES.find((s) => s.name === 'webhook_outbox_of_history')!;
    const without = SOURCES.filter((s) => s !== outbox);
    expect(await applyFunctionSources(db.sql, without)).toEqual(['webhook_outbox_of_history']);
    await expectRunsTheSources(db.sql, without);
    // This schema's tables only: other schemas of the database (other tests', the bench's datasets) have the trigger.
    expect(
      await db.sql.query(`SELECT 1 FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      WHERE t.tgname = 'transaction_history_webhook_outbox' AND c.relnamespace = current_schema()::regnamespace`),
    ).toEqual([]);
    expect(await applyFunctionSources(db.sql)).toEqual(['webhook_outbox_of_history']);
    await expectRunsTheSources(db.sql);
  });
});

describe.each(drivers)('a database migrated before the sources existed (%s)', (_, open) => {
  it('starts: no migration to apply, the sources replace what migrations 002–009 left, purchases work', async () => {
    const db = await open();
    try {
      // What every start did before the sources: the migrations alone (an embedded .data/ directory or a
      // PostgreSQL database at 009).
      await migrate(db.sql, loadMigrations());
      const before = await running(db.sql);
      // Those the migrations define (sources added since, such as change_product, arrive with the sources).
      const fromMigrations = new Set(loadMigrations().flatMap((m) => functionsDefinedIn(m.sql)));
      expect([...before.keys()].sort()).toEqual([...fromMigrations].sort());
      expect(await db.sql.query(`SELECT to_regclass('schema_functions') AS t`)).toEqual([{ t: null }]);
      const store = createQueries(db.sql, db.drivers[0]!.kind);
      const account = await fundedAccount(store, '1000.00');
      // A purchase recorded as the code of that time called migration 009's function: the sources since added a
      // parameter (p_reference_generated) that today's store passes, so the store runs only once they are applied.
      const before009 = await recordOutcomeByName(db.sql, {
        account,
        reference: 'before-the-sources',
        amount: '100.00',
      });
      expect(before009).toEqual([{ outcome: 'recorded' }]);

      expect(await migrate(db.sql)).toEqual([]);
      await expectRunsTheSources(db.sql);
      expect((await db.sql.query<{ n: string }>('SELECT count(*)::text AS n FROM schema_functions'))[0]!.n).toBe(
        String(NAMES.length),
      );
      const p = purchase(account, '100.00');
      const recorded = await store.recordPurchase(p, null);
      expect(recorded.kind).toBe('recorded');
      expect((await store.getWallet(account))!.balance).toBe('800.00');
      expect(await applyFunctionSources(db.sql)).toEqual([]);
    } finally {
      await db.close();
    }
  }, 120_000);
});

describe.skipIf(!PG_URL)('two instances starting at once on one empty PostgreSQL schema', () => {
  it('both start; every migration and source is applied once', async () => {
    for (let round = 0; round < 4; round++) {
      const db = await postgresDb(2);
      try {
        const applied = await Promise.all(db.drivers.map((d) => migrate(d.sql)));
        expect(applied.flat().sort()).toEqual(
          loadMigrations()
            .map((m) => m.version)
            .sort(),
        );
        await expectRunsTheSources(db.sql);
        const recorded = await db.sql.query<{ name: string }>('SELECT name FROM schema_functions ORDER BY name');
        expect(recorded.map((r) => r.name)).toEqual([...NAMES].sort());
      } finally {
        await db.close();
      }
    }
  }, 120_000);
});
