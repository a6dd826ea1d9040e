/**
 * Versioned SQL migrations: `migrations/NNN_name.sql`, applied in name order at start, each in its own
 * transaction, recorded in `schema_migrations(version, applied_at)`.
 *
 * Every migration transaction first takes `pg_advisory_xact_lock` (keyed by the current schema), so two instances
 * starting at once on one PostgreSQL database serialise: the second waits, then sees the version recorded and
 * skips it. (PGlite is single-process, guarded by the data-directory lock; the same statement runs there too.)
 */
import fs from 'node:fs';
import type { ExecSql } from './driver.ts';

export interface Migration {
  /** File name without `.sql`, e.g. `001_init`. */
  version: string;
  sql: string;
}

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);

export function loadMigrations(dir: URL = MIGRATIONS_DIR): Migration[] {
  return fs.readdirSync(dir)
    .filter((f) => /^\d{3,}_[A-Za-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: f.slice(0, -4), sql: fs.readFileSync(new URL(f, dir), 'utf8') }));
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version    text PRIMARY KEY,
  applied_at timestamptz(3) NOT NULL DEFAULT now()
)`;

/** Applies the migrations not yet recorded; returns the versions applied now (empty when up to date). */
export async function migrate(sql: ExecSql, migrations: Migration[] = loadMigrations()): Promise<string[]> {
  const applied: string[] = [];
  for (const m of migrations) {
    const done = await sql.transaction(async (tx) => {
      // No statement_timeout here: a migration may build an index on a big table, and the lock may wait for one.
      await tx.exec(`SET LOCAL statement_timeout = 0;
        SELECT pg_advisory_xact_lock(hashtext('bpp-schema-migrations:' || current_schema()))`);
      await tx.query(CREATE_TABLE);
      const rows = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [m.version]);
      if (rows.length > 0) return false;
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [m.version]);
      return true;
    });
    if (done) applied.push(m.version);
  }
  return applied;
}
