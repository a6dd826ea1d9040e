/**
 * CPU seconds spent, from /proc (Linux): by one process (the server), by every PostgreSQL process of the machine
 * (its backends serve the server, pgbench — and anyone else using that PostgreSQL, so the figures are only clean on a
 * quiet machine), and PostgreSQL's own count of committed transactions. Used to say where the time of a purchase
 * goes: divided by the requests of a measurement, they give CPU per request on each side and database transactions
 * per request. Null where /proc or the statistics are not readable.
 */
import fs from 'node:fs';
import pg from 'pg';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function ticksOf(stat: string): number {
  // Fields after the command name (which may hold spaces, inside parentheses): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

export function processCpuSeconds(pid: number): number | null {
  try {
    return ticksOf(fs.readFileSync(`/proc/${pid}/stat`, 'utf8')) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** CPU ticks of every process named `postgres` now (the postmaster, backends, background workers), by pid. */
function postgresTicks(): Map<number, number> {
  const out = new Map<number, number>();
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.includes('(postgres)')) out.set(Number(pid), ticksOf(stat));
    } catch {
      /* gone meanwhile */
    }
  }
  return out;
}

export interface CpuSampler {
  /** CPU seconds the PostgreSQL processes spent since start(), or null when /proc is not readable. */
  stop(): number | null;
}

/**
 * PostgreSQL's CPU over a window. Backends that exit during it (pgbench's, at its end) take their counters with
 * them, so the processes are sampled every 100 ms and each is counted up to its last sample; a process born in the
 * window counts from zero. Backends that live through the window (the server's pool) are counted exactly.
 */
export function postgresCpu(): CpuSampler {
  let first: Map<number, number>;
  try {
    first = postgresTicks();
  } catch {
    return { stop: () => null };
  }
  const last = new Map(first);
  const sample = () => {
    for (const [pid, t] of postgresTicks()) last.set(pid, t);
  };
  const timer = setInterval(sample, 100);
  return {
    stop() {
      clearInterval(timer);
      sample();
      let ticks = 0;
      for (const [pid, t] of last) ticks += t - (first.get(pid) ?? 0);
      return ticks / TICKS_PER_SECOND;
    },
  };
}

/** Committed + rolled back transactions of the database so far (statistics flushed at least once a second). */
export async function databaseTransactions(url: string): Promise<number | null> {
  const c = new pg.Client({ connectionString: url });
  try {
    await c.connect();
    const {
      rows: [r],
    } = await c.query<{ n: string }>(
      'SELECT (xact_commit + xact_rollback)::text AS n FROM pg_stat_database WHERE datname = current_database()',
    );
    return Number(r!.n);
  } catch {
    return null;
  } finally {
    await c.end().catch(() => undefined);
  }
}

/** Statistics reach pg_stat_database when a backend flushes them (PostgreSQL 15: at most once a second). */
const STATS_FLUSH_MS = 1_500;

/** The database's transaction count once the statistics of everything before this moment have been flushed. */
export async function flushedTransactions(url: string): Promise<number | null> {
  await new Promise((r) => setTimeout(r, STATS_FLUSH_MS));
  return databaseTransactions(url);
}

/** Per request of a measurement: server CPU µs, PostgreSQL CPU µs, database transactions. */
export interface CostPerRequest {
  server_cpu_us: number | null;
  postgres_cpu_us: number | null;
  db_transactions: number | null;
}

/** Measures `fn` (which returns its request count): server and PostgreSQL CPU and database transactions per request. */
export async function costOf<T extends { requests: number }>(
  serverPid: number,
  url: string,
  fn: () => Promise<T>,
): Promise<T & { cost: CostPerRequest }> {
  const transactionsBefore = await flushedTransactions(url);
  const serverBefore = processCpuSeconds(serverPid);
  const pgCpu = postgresCpu();
  const r = await fn();
  const postgres = pgCpu.stop();
  const serverAfter = processCpuSeconds(serverPid);
  const transactionsAfter = await flushedTransactions(url);
  const per = (v: number | null, scale: number) => (v === null || r.requests === 0 ? null : (v * scale) / r.requests);
  return {
    ...r,
    cost: {
      server_cpu_us: per(serverBefore === null || serverAfter === null ? null : serverAfter - serverBefore, 1e6),
      postgres_cpu_us: per(postgres, 1e6),
      db_transactions: per(
        transactionsBefore === null || transactionsAfter === null ? null : transactionsAfter - transactionsBefore,
        1,
      ),
    },
  };
}
