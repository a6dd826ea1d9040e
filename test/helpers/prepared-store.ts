/**
 * Embedded databases that start migrated, for tests: a migrated PGlite data directory and a dump of one, each built
 * once per machine and reused by every test server and in-memory store.
 *
 * Why: each test file runs in a fresh process, where opening a new PGlite and running the migrations and function
 * sources on it costs 2-3 s of CPU (1-2 s of it the migrations, cold). Copying a data directory that was migrated
 * once, or loading a migrated dump, skips that; `migrate()` still runs at every start (the server always calls it) and
 * finds everything applied. The database is the same as a freshly migrated one: same files, same checksums.
 *
 * The cache lives in the OS temp dir under a name keyed by the SHA-256 of everything that decides the migrated
 * database: the PGlite version, migrate.ts, every migration and every function source. An edited migration gets a
 * new key, so a stale database is never reused. Each copy is written beside its final name and renamed into place,
 * so test processes running at once never see half of one.
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate } from '../../server/store/migrate.ts';
import { openPglite, openPgliteMemory } from '../../server/store/pglite.ts';

const root = new URL('../..', import.meta.url).pathname;
const storeDir = path.join(root, 'server/store');

/** What the migrated database depends on, hashed: a change to any of it builds a new one. */
function key(): string {
  const hash = createHash('sha256');
  const add = (file: string) => hash.update(file).update('\0').update(fs.readFileSync(file)).update('\0');
  add(path.join(root, 'node_modules/@electric-sql/pglite/package.json'));
  for (const file of ['migrate.ts', 'pglite.ts']) add(path.join(storeDir, file));
  for (const dir of ['migrations', 'sql']) {
    for (const f of fs.readdirSync(path.join(storeDir, dir)).sort()) add(path.join(storeDir, dir, f));
  }
  return hash.digest('hex').slice(0, 16);
}

const cached = (kind: string) =>
  path.join(os.tmpdir(), `bpp-test-migrated-${kind}-${key()}-${process.getuid?.() ?? 0}`);

/** Builds `final` with `build(tmp)` unless it exists; the rename makes it appear whole or not at all. */
async function once(final: string, build: (tmp: string) => Promise<void>): Promise<string> {
  if (fs.existsSync(final)) return final;
  const tmp = `${final}.${process.pid}.${randomUUID()}.tmp`;
  try {
    await build(tmp);
    fs.renameSync(tmp, final);
  } catch (err) {
    if (!fs.existsSync(final)) throw err;
    // another process renamed its copy into place first: use that one
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return final;
}

let dirPromise: Promise<string> | undefined;
let dumpPromise: Promise<Blob> | undefined;

/** A PGlite data directory with every migration and function source applied (read-only: copy it, don't open it). */
export function migratedDataDir(): Promise<string> {
  dirPromise ??= once(cached('dir'), async (tmp) => {
    const driver = await openPglite(tmp, { log: () => {} });
    try {
      await migrate(driver.sql);
    } finally {
      await driver.close();
    }
  });
  dirPromise.catch(() => (dirPromise = undefined));
  return dirPromise;
}

/** Fills the new, empty directory `dataDir` with a copy of the migrated data directory. */
export async function copyMigratedDataDir(dataDir: string): Promise<void> {
  fs.cpSync(await migratedDataDir(), dataDir, { recursive: true });
}

/** A dump of a migrated PGlite, to start an in-memory store from (`openPgliteMemory({ template })`). */
export function migratedDump(): Promise<Blob> {
  dumpPromise ??= (async () => {
    const file = await once(cached('dump') + '.tar', async (tmp) => {
      const driver = await openPgliteMemory();
      try {
        await migrate(driver.sql);
        const dump = await driver.db.dumpDataDir('none');
        fs.writeFileSync(tmp, new Uint8Array(await dump.arrayBuffer()));
      } finally {
        await driver.close();
      }
    });
    return new Blob([fs.readFileSync(file)]);
  })();
  dumpPromise.catch(() => (dumpPromise = undefined));
  return dumpPromise;
}
