/** A throwaway PostgreSQL schema per check (TEST_DATABASE_URL), as test/server/postgres.test.ts does. */
import pg from 'pg';

export const databaseUrl = process.env.TEST_DATABASE_URL;
export const noDatabase = databaseUrl ? null : 'TEST_DATABASE_URL not set';

export function schemaName(tag: string): string {
  return `robust_${tag}_${process.pid}_${Date.now()}`;
}

/** `url` with every connection's search_path set to `schema`. */
export function withSchema(url: string, schema: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
}

export async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export const createSchema = (schema: string) => admin((c) => c.query(`CREATE SCHEMA ${schema}`));
export const dropSchema = (schema: string) => admin((c) => c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`));
