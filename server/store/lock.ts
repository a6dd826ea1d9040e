/**
 * Exclusive, process-lifetime lock on a PGlite data directory.
 *
 * PGlite has no multi-process protection of its own: two processes on one directory silently lose writes. The
 * lock is a `proper-lockfile` lock (atomic mkdir of `<dataDir>/.store.lock`, mtime refreshed every UPDATE_MS) plus
 * an owner file `<dataDir>/.store.lock.owner` ({ pid, hostname, started_at }) used for the error message and for
 * taking over the lock of a crashed process quickly:
 *
 * - lock held and its owner process alive          → fail at once with DataDirInUseError naming the pid;
 * - lock held, owner on this host and not running  → the lock is stale (kill -9, OOM, power loss): take it over as
 *   soon as its mtime is older than `freshMs` (so a lock that a live process has *just* created, before it wrote
 *   its owner file, is never mistaken for the previous owner's), i.e. within ~2 s of the crash;
 * - owner on another host, or unreadable owner file → only proper-lockfile's own staleness (no mtime refresh for
 *   STALE_MS) lets a new process in.
 *
 * STALE_MS is deliberately long: the owner marks its lock "compromised" when it could not refresh it for that
 * long (event loop blocked by a long synchronous PGlite query), and another host could steal it after that time.
 * A normal exit (close(), process.exit, SIGINT/SIGTERM) removes the lock through proper-lockfile's exit hook.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { DataDirInUseError } from './errors.ts';
import { stderrLog, type StoreLog } from './driver.ts';

const STALE_MS = 60_000;
const UPDATE_MS = 5_000;
const LOCK_NAME = '.store.lock';
const OWNER_NAME = '.store.lock.owner';

/** Directories locked by this process (a second open in the same process must fail too). */
const heldHere = new Set<string>();

export interface DataDirLock {
  /** Canonical (realpath) data directory. */
  readonly dataDir: string;
  /** Idempotent. */
  release(): Promise<void>;
}

export interface LockOptions {
  log?: StoreLog;
  /** A held lock whose owner is dead is taken over once its mtime is older than this (default 2000 ms). */
  freshMs?: number;
}

interface Owner {
  pid: number;
  hostname: string;
  started_at: string;
}

function readOwner(dataDir: string): Owner | null {
  try {
    const o = JSON.parse(fs.readFileSync(path.join(dataDir, OWNER_NAME), 'utf8')) as Partial<Owner>;
    return typeof o.pid === 'number' && typeof o.hostname === 'string'
      ? { pid: o.pid, hostname: o.hostname, started_at: String(o.started_at ?? '') }
      : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by another user
  }
}

function inUse(dataDir: string, owner: Owner | null): DataDirInUseError {
  const who =
    owner === null
      ? 'another process'
      : owner.pid === process.pid && owner.hostname === os.hostname()
        ? `this process (pid ${owner.pid})`
        : `another process (pid ${owner.pid}${owner.hostname === os.hostname() ? '' : ` on ${owner.hostname}`})`;
  return new DataDirInUseError(
    dataDir,
    `data directory ${dataDir} is in use by ${who}; stop it or use --data-dir`,
    owner?.pid,
  );
}

function tryLock(dataDir: string, log: StoreLog): Promise<() => Promise<void>> {
  return lockfile.lock(dataDir, {
    lockfilePath: path.join(dataDir, LOCK_NAME),
    realpath: false, // dataDir is already canonical
    stale: STALE_MS,
    update: UPDATE_MS,
    retries: 0,
    onCompromised: (err) => {
      // Never throw here (the default would crash the process from a timer). Keep serving, but say it loudly.
      log(`lock on data directory ${dataDir} was compromised; another process may be using it`, err);
    },
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Takes the lock or throws DataDirInUseError at once (a crashed owner's lock is taken over within ~freshMs). */
export async function acquireDataDirLock(dir: string, opts: LockOptions = {}): Promise<DataDirLock> {
  const log = opts.log ?? stderrLog;
  const freshMs = opts.freshMs ?? 2_000;
  fs.mkdirSync(dir, { recursive: true });
  const dataDir = fs.realpathSync(dir);
  if (heldHere.has(dataDir)) throw inUse(dataDir, { pid: process.pid, hostname: os.hostname(), started_at: '' });

  const lockPath = path.join(dataDir, LOCK_NAME);
  let release: (() => Promise<void>) | undefined;
  const deadline = Date.now() + freshMs + 1_000;
  for (;;) {
    try {
      release = await tryLock(dataDir, log);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
    }
    const owner = readOwner(dataDir);
    // Our own pid, but not locked by this process: a previous incarnation (e.g. pid 1 in a restarted container).
    const ownerDead =
      owner !== null && owner.hostname === os.hostname() && (owner.pid === process.pid || !isAlive(owner.pid));
    if (!ownerDead || Date.now() > deadline) throw inUse(dataDir, owner);
    let mtime: number;
    try {
      mtime = fs.statSync(lockPath).mtimeMs;
    } catch {
      continue; // released meanwhile: try again
    }
    const age = Date.now() - mtime;
    if (age < freshMs) {
      // Possibly a live process that has just created the lock and not yet written its owner file: look again.
      await sleep(Math.min(250, freshMs - age + 10));
      continue;
    }
    log(`taking over the lock on ${dataDir} left by process ${owner.pid}, which is no longer running`);
    fs.rmSync(lockPath, { recursive: true, force: true });
    // Loop: mkdir is atomic, so if two processes race for the takeover only one gets it.
  }

  heldHere.add(dataDir);
  const owner: Owner = { pid: process.pid, hostname: os.hostname(), started_at: new Date().toISOString() };
  const tmp = path.join(dataDir, `${OWNER_NAME}.${process.pid}.tmp`);
  fs.writeFileSync(tmp, JSON.stringify(owner));
  fs.renameSync(tmp, path.join(dataDir, OWNER_NAME));

  let released = false;
  const doRelease = release;
  return {
    dataDir,
    async release() {
      if (released) return;
      released = true;
      heldHere.delete(dataDir);
      try {
        fs.rmSync(path.join(dataDir, OWNER_NAME), { force: true });
        await doRelease();
      } catch (err) {
        // ERELEASED after a compromise, or the directory vanished: nothing left to release.
        log(`releasing the lock on ${dataDir} failed`, err);
      }
    },
  };
}
