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
 *
 * A server started with `--demo` (every test server and reference server of the suite) also loads the demo data on a
 * new store: the PGlite queries of 260 transactions per account, the catalogue and the demo webhook (ARCHITECTURE.md,
 * "Where a test run's time goes", has what that costs a start). demoDataDir() is a migrated directory after one such
 * start, so those servers start as a server restarted on its data directory does: they find the demo data and only
 * renew what every start renews (the demo keys' secrets, the low-balance wallet, the switched-off account).
 * prepareDataDir() picks the directory a server's configuration can use.
 */
import { createHash, randomUUID, type Hash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../server/config.ts';
import { migrate } from '../../server/store/migrate.ts';
import { openPglite, openPgliteMemory } from '../../server/store/pglite.ts';

const root = new URL('../..', import.meta.url).pathname;
const storeDir = path.join(root, 'server/store');

/** Adds a file, by its path and its contents, to a key's hash. */
const hashFile = (hash: Hash, file: string) =>
  hash.update(file).update('\0').update(fs.readFileSync(file)).update('\0');

/** What the migrated database depends on, hashed: a change to any of it builds a new one. Read once per process: the
 *  migrated directory, the dump and the demo directory's key all start from it. */
let migratedKey: string | undefined;
function key(): string {
  if (migratedKey) return migratedKey;
  const hash = createHash('sha256');
  hashFile(hash, path.join(root, 'node_modules/@electric-sql/pglite/package.json'));
  for (const file of ['migrate.ts', 'pglite.ts']) hashFile(hash, path.join(storeDir, file));
  for (const dir of ['migrations', 'sql']) {
    for (const f of fs.readdirSync(path.join(storeDir, dir)).sort()) hashFile(hash, path.join(storeDir, dir, f));
  }
  return (migratedKey = hash.digest('hex').slice(0, 16));
}

const cached = (kind: string, k = key()) =>
  path.join(os.tmpdir(), `bpp-test-migrated-${kind}-${k}-${process.getuid?.() ?? 0}`);

/** The server's own files (any of them may decide what a demo start writes) and the hour: the demo transactions lie
 *  in the 90 days before the start that wrote them, so a demo directory is used in the hour it was made. */
function demoKey(hour: string): string {
  const hash = createHash('sha256').update(key()).update(hour);
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, e.name);
      if (e.isDirectory()) walk(file);
      else if (!e.name.endsWith('.test.ts')) hashFile(hash, file);
    }
  };
  walk(path.join(root, 'server'));
  return hash.digest('hex').slice(0, 16);
}

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
let demoDir: { hour: string; dir: Promise<string> } | undefined;
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

/**
 * A migrated data directory after one start of the server with `--demo` on the embedded store (read-only: copy it).
 * For a server whose demo data that start decides: the embedded store, its own signing key (no WEBHOOK_SIGNING_KEY).
 */
export function demoDataDir(): Promise<string> {
  const hour = new Date().toISOString().slice(0, 13);
  if (demoDir?.hour === hour) return demoDir.dir;
  const dir = once(cached('demo', demoKey(hour)), async (tmp) => {
    fs.cpSync(await migratedDataDir(), tmp, { recursive: true });
    // Imported here: the other helpers of this file are used by store tests that never load the server.
    const [{ parseConfig }, { startServer }, { pino }] = await Promise.all([
      import('../../server/config.ts'),
      import('../../server/server.ts'),
      import('pino'),
    ]);
    const config = parseConfig(['--port', '0', '--data-dir', tmp, '--demo', '--no-settlement'], {
      LOG_LEVEL: 'silent',
      WEBHOOK_WORKER: 'false',
    });
    const running = await startServer(config, pino({ level: 'silent' }));
    await running.close();
  });
  demoDir = { hour, dir };
  dir.catch(() => (demoDir = undefined));
  return dir;
}

/**
 * Fills the server's new, empty data directory (`config.dataDir`) with a copy of what its start would otherwise write:
 * demoDataDir() when its demo data is the one that directory holds (`--demo`, its own signing key: no
 * WEBHOOK_SIGNING_KEY), else migratedDataDir(). Nothing for a server on PostgreSQL.
 */
export async function prepareDataDir(config: Config): Promise<void> {
  if (config.databaseUrl) return;
  const demoAsMade = config.demo && !config.webhooks.signingKey;
  fs.cpSync(await (demoAsMade ? demoDataDir() : migratedDataDir()), config.dataDir, { recursive: true });
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
