/**
 * Every embedded instance starts with the buffer pool pglite.ts sets, 32 MB, not PostgreSQL's default 128 MB:
 * in memory (from the template or after its own initdb), in a new data directory and in one that holds a database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, openPgliteMemory, type PgliteDriver } from './pglite.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

async function sharedBuffers(driver: PgliteDriver): Promise<string> {
  try {
    const [row] = await driver.sql.query<{ shared_buffers: string }>('SHOW shared_buffers');
    return row!.shared_buffers;
  } finally {
    await driver.close();
  }
}

describe('the embedded database’s buffer pool', () => {
  it.each([
    ['in memory, from the template', () => openPgliteMemory({ readCache: false })],
    ['in memory, after its own initdb', () => openPgliteMemory({ readCache: false, template: false })],
  ])('%s', async (_name, open) => {
    expect(await sharedBuffers(await open())).toBe('32MB');
  });

  it('in a new data directory, and again when that directory is opened a second time', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-buffers-'));
    dirs.push(dir);
    expect(await sharedBuffers(await openPglite(dir, { readCache: false }))).toBe('32MB');
    expect(fs.existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
    expect(await sharedBuffers(await openPglite(dir, { readCache: false }))).toBe('32MB');
  });
});
