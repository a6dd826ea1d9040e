/**
 * The schema at start, in two steps, each under one advisory lock so that instances starting at once serialise:
 *
 * 1. Versioned migrations, `migrations/NNN_name.sql`: tables, columns, indexes, constraints and data. Applied in name
 *    order, each once, in its own transaction, recorded in `schema_migrations(version, applied_at)`. An applied
 *    migration is never edited.
 * 2. Function sources, `sql/<function>.sql`: the one current definition of each SQL function (and of the trigger
 *    that runs it, if any), with the comment that explains it. Applied in one transaction after the migrations,
 *    whenever the file is new or changed, or the database runs something else than the file last applied (a
 *    migration or a person redefined the function): `schema_functions` records, per function, the SHA-256 of the
 *    file and of the definition the database ran right after applying it (`pg_get_functiondef`, plus the trigger's
 *    `pg_get_triggerdef`). Migrations 004–009 defined functions before the sources existed; they stay as they were
 *    (applied history), and the sources replace what they left. From 010 on a migration defines no function
 *    (sql-sources.test.ts). ARCHITECTURE.md, "SQL functions", says why sources rather than a squashed baseline.
 *
 * Every transaction first takes `pg_advisory_xact_lock` (keyed by the current schema): the second instance waits,
 * then finds the versions and checksums recorded and skips them. (PGlite is single-process, guarded by the
 * data-directory lock; the same statements run there too.)
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { ExecSql } from './driver.ts';
import { sqlState } from './errors.ts';

export interface Migration {
  /** File name without `.sql`, e.g. `001_init`. */
  version: string;
  sql: string;
}

/** One function's source file: `name` is the function's name and the file's name without `.sql`. */
export interface FunctionSource {
  name: string;
  sql: string;
}

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);
const FUNCTIONS_DIR = new URL('./sql/', import.meta.url);

export function loadMigrations(dir: URL = MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{3,}_[A-Za-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: f.slice(0, -4), sql: fs.readFileSync(new URL(f, dir), 'utf8') }));
}

/** The names a SQL text defines with `CREATE [OR REPLACE] FUNCTION` (comments and strings are not parsed away). */
export const functionsDefinedIn = (text: string): string[] =>
  [...text.matchAll(/\bCREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+(?:\w+\.)?(\w+)\s*\(/gi)].map((m) =>
    m[1]!.toLowerCase(),
  );

/**
 * `sql/*.sql`, in name order. Each file defines exactly one function, named as the file, with `CREATE OR REPLACE`
 * (the database already has it when the file changes); anything else is refused here, before a database is touched.
 */
export function loadFunctionSources(dir: URL = FUNCTIONS_DIR): FunctionSource[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => {
      const name = f.slice(0, -4);
      const text = fs.readFileSync(new URL(f, dir), 'utf8');
      const defined = functionsDefinedIn(text);
      if (
        !/^[a-z_][a-z0-9_]*$/.test(name) ||
        defined.length !== 1 ||
        defined[0] !== name ||
        !/\bCREATE\s+OR\s+REPLACE\s+FUNCTION\b/i.test(text)
      ) {
        throw new Error(
          `function source ${f}: must define exactly one function, ${name}, with CREATE OR REPLACE FUNCTION`,
        );
      }
      return { name, sql: text };
    });
}

const LOCK = `SET LOCAL statement_timeout = 0;
  SELECT pg_advisory_xact_lock(hashtext('bpp-schema-migrations:' || current_schema()))`;

const CREATE_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version    text PRIMARY KEY,
  applied_at timestamptz(3) NOT NULL DEFAULT now()
)`;

const CREATE_FUNCTIONS_TABLE = `CREATE TABLE IF NOT EXISTS schema_functions (
  name            text PRIMARY KEY,
  source_sha256   text NOT NULL,
  catalog_sha256  text NOT NULL,
  applied_at      timestamptz(3) NOT NULL DEFAULT now()
)`;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

interface Catalog {
  oids: string[];
  sha256: string | null;
}

/** What the database runs under each name: its overloads' definitions and their triggers', in a stable order. */
async function catalogOf(tx: ExecSql, names: string[]): Promise<Map<string, Catalog>> {
  const rows = await tx.query<{ name: string; oid: string; def: string; triggers: string | null }>(
    `SELECT p.proname AS name, p.oid::text AS oid, pg_get_functiondef(p.oid) AS def,
       (SELECT string_agg(pg_get_triggerdef(t.oid), E'\\n' ORDER BY t.tgname) FROM pg_trigger t
        WHERE t.tgfoid = p.oid AND NOT t.tgisinternal) AS triggers
     FROM pg_proc p
     WHERE p.pronamespace = current_schema()::regnamespace AND p.proname = ANY($1::text[]) AND p.prokind = 'f'
     ORDER BY p.oid::regprocedure::text`,
    [names],
  );
  return new Map(
    names.map((name) => {
      const own = rows.filter((r) => r.name === name);
      return [
        name,
        {
          oids: own.map((r) => r.oid),
          sha256: own.length === 0 ? null : sha256(own.map((r) => `${r.def}\n${r.triggers ?? ''}`).join('\n')),
        },
      ];
    }),
  );
}
const catalogOne = async (tx: ExecSql, name: string): Promise<Catalog> => (await catalogOf(tx, [name])).get(name)!;

async function dropFunction(tx: ExecSql, oid: string): Promise<void> {
  const [fn] = await tx.query<{ signature: string }>('SELECT $1::oid::regprocedure::text AS signature', [oid]);
  await tx.query(`DROP FUNCTION ${fn!.signature}`);
}

/**
 * Runs one source. `CREATE OR REPLACE` keeps the function (its oid, the triggers that run it) when only the body
 * changes. When the parameters' names or the result change PostgreSQL refuses the replace (42P13): then the old
 * definition is dropped and the file runs again. When the parameters' types change the file creates an overload
 * beside the old one: the old one is dropped, so a name has one definition.
 */
async function applySource(tx: ExecSql, source: FunctionSource): Promise<void> {
  const before = (await catalogOne(tx, source.name)).oids;
  try {
    await tx.transaction((sp) => sp.exec(source.sql));
  } catch (error) {
    if (sqlState(error) !== '42P13' || before.length === 0) throw error;
    for (const oid of before) await dropFunction(tx, oid);
    await tx.exec(source.sql);
    return;
  }
  const after = (await catalogOne(tx, source.name)).oids;
  if (after.some((oid) => !before.includes(oid))) {
    for (const oid of before) await dropFunction(tx, oid);
  }
}

/**
 * Step 2: applies the sources that are new or changed, or whose function the database no longer runs as applied;
 * drops the functions (and their triggers) whose source was removed. Returns the names applied or dropped now.
 */
export async function applyFunctionSources(
  sql: ExecSql,
  sources: FunctionSource[] = loadFunctionSources(),
): Promise<string[]> {
  return sql.transaction(async (tx) => {
    await tx.exec(LOCK);
    await tx.query(CREATE_FUNCTIONS_TABLE);
    const recorded = new Map(
      (
        await tx.query<{ name: string; source_sha256: string; catalog_sha256: string }>(
          'SELECT name, source_sha256, catalog_sha256 FROM schema_functions',
        )
      ).map((r) => [r.name, r]),
    );
    const running = await catalogOf(
      tx,
      sources.map((s) => s.name),
    );
    const changed: string[] = [];
    for (const source of sources) {
      const file = sha256(source.sql);
      const was = recorded.get(source.name);
      if (was?.source_sha256 === file && was.catalog_sha256 === running.get(source.name)!.sha256) continue;
      await applySource(tx, source);
      const now = (await catalogOne(tx, source.name)).sha256!;
      await tx.query(
        `INSERT INTO schema_functions (name, source_sha256, catalog_sha256) VALUES ($1, $2, $3)
        ON CONFLICT (name) DO UPDATE SET source_sha256 = EXCLUDED.source_sha256,
          catalog_sha256 = EXCLUDED.catalog_sha256, applied_at = now()`,
        [source.name, file, now],
      );
      changed.push(source.name);
    }
    const names = new Set(sources.map((s) => s.name));
    for (const name of recorded.keys()) {
      if (names.has(name)) continue;
      for (const oid of (await catalogOne(tx, name)).oids) {
        const triggers = await tx.query<{ tgname: string; tbl: string }>(
          'SELECT tgname, tgrelid::regclass::text AS tbl FROM pg_trigger WHERE tgfoid = $1::oid AND NOT tgisinternal',
          [oid],
        );
        for (const t of triggers) await tx.query(`DROP TRIGGER ${quoteIdent(t.tgname)} ON ${t.tbl}`);
        await dropFunction(tx, oid);
      }
      await tx.query('DELETE FROM schema_functions WHERE name = $1', [name]);
      changed.push(name);
    }
    return changed;
  });
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Applies the migrations not yet recorded, then the function sources; returns the migration versions applied now
 * (empty when up to date). A test that replays part of the history passes its migrations and gets no function
 * sources unless it passes them too (they need the tables of every migration).
 */
export async function migrate(sql: ExecSql, migrations?: Migration[], functions?: FunctionSource[]): Promise<string[]> {
  const applied: string[] = [];
  for (const m of migrations ?? loadMigrations()) {
    const done = await sql.transaction(async (tx) => {
      // No statement_timeout here: a migration may build an index on a big table, and the lock may wait for one.
      await tx.exec(LOCK);
      await tx.query(CREATE_MIGRATIONS_TABLE);
      const rows = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [m.version]);
      if (rows.length > 0) return false;
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [m.version]);
      return true;
    });
    if (done) applied.push(m.version);
  }
  const sources = functions ?? (migrations === undefined ? loadFunctionSources() : []);
  if (sources.length > 0) await applyFunctionSources(sql, sources);
  return applied;
}
