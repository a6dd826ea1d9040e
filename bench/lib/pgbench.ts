/**
 * pgbench's built-in TPC-B-like transaction on the same PostgreSQL as the purchases: the yardstick of what this
 * database does per second on this machine. It works in a schema of its own — the connection's `options` set the
 * search_path, so `pgbench -i` creates (and drops, when it re-initialises) its four tables there and touches no other
 * schema or database — and the schema is dropped at the end. Latencies come from pgbench's per-transaction log (-l).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { postgresCpu } from './cpu.ts';

export interface PgbenchSettings {
  scale: number;
  clients: number;
  threads: number;
  seconds: number;
  warmupSec: number;
}

export interface PgbenchResult extends PgbenchSettings {
  tps: number;
  transactions: number;
  failed: number;
  p50_ms: number;
  p99_ms: number;
  mean_ms: number;
  init_seconds: number;
  /** CPU of the PostgreSQL processes per transaction during the measured run (lib/cpu.ts), or null. */
  postgres_cpu_us: number | null;
}

/** Per run: two runs on one database never share (or drop) each other's tables. */
export const PGBENCH_SCHEMA = `bench_pgbench_${process.pid}`;

/** The URL with every connection's search_path set to `schema` (libpq's `options`). */
export function inSchema(url: string, schema: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
}

function pgbench(args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('pgbench', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('error', reject); // not installed
    child.on('close', (code) => resolve({ code, out }));
  });
}

async function admin(url: string, statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

/**
 * What a run printed (its summary on stdout) and logged (`-l`: one line per transaction, `client_id transaction_no
 * time_us script_no epoch_s epoch_us` — the third field is its latency in microseconds).
 */
export function parsePgbenchRun(
  stdout: string,
  log: string,
): Pick<PgbenchResult, 'tps' | 'transactions' | 'failed' | 'p50_ms' | 'p99_ms' | 'mean_ms'> {
  const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1] ?? NaN);
  const transactions = Number(/number of transactions actually processed: (\d+)/.exec(stdout)?.[1] ?? NaN);
  const failed = Number(/number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? 0);
  const lat = Float64Array.from(
    log
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => Number(l.trim().split(/\s+/)[2]) / 1000),
  ).sort();
  const at = (p: number) => (lat.length ? lat[Math.min(lat.length - 1, Math.ceil((p / 100) * lat.length) - 1)]! : NaN);
  const mean = lat.length ? lat.reduce((a, b) => a + b, 0) / lat.length : NaN;
  return { tps, transactions, failed, p50_ms: at(50), p99_ms: at(99), mean_ms: mean };
}

/** `pgbench -i -s scale`, a warm-up, then `pgbench -c clients -j threads -T seconds` with the per-transaction log. */
export async function runPgbench(url: string, s: PgbenchSettings, log: (line: string) => void): Promise<PgbenchResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pgbench-'));
  const target = inSchema(url, PGBENCH_SCHEMA);
  await admin(url, `CREATE SCHEMA IF NOT EXISTS ${PGBENCH_SCHEMA}`);
  try {
    const t0 = performance.now();
    const init = await pgbench(['-i', '-q', '-s', String(s.scale), target]);
    if (init.code !== 0) throw new Error(`pgbench -i failed: ${init.out.slice(-500)}`);
    const init_seconds = (performance.now() - t0) / 1000;
    log(`pgbench: scale ${s.scale} initialised in ${init_seconds.toFixed(1)} s (schema ${PGBENCH_SCHEMA})`);
    const common = ['-c', String(s.clients), '-j', String(s.threads), '-n'];
    if (s.warmupSec > 0) await pgbench([...common, '-T', String(Math.max(1, Math.round(s.warmupSec))), target]);
    const cpu = postgresCpu();
    const run = await pgbench([...common, '-T', String(s.seconds), '-l', '--log-prefix', path.join(dir, 'tx'), target]);
    const cpuSeconds = cpu.stop();
    if (run.code !== 0) throw new Error(`pgbench failed: ${run.out.slice(-500)}`);
    const logs = fs
      .readdirSync(dir)
      .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
      .join('\n');
    const parsed = parsePgbenchRun(run.out, logs);
    const postgres_cpu_us =
      cpuSeconds !== null && parsed.transactions > 0 ? (cpuSeconds * 1e6) / parsed.transactions : null;
    return { ...s, ...parsed, init_seconds, postgres_cpu_us };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await admin(url, `DROP SCHEMA IF EXISTS ${PGBENCH_SCHEMA} CASCADE`);
  }
}
