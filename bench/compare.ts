/**
 * Before and after in one run: the keyed purchase loads of the purchases phase (phases/purchases.ts: sandbox
 * airtime, a fresh Idempotency-Key per request, 50 connections, one hot wallet and 200 wallets) against several
 * builds of the server, their rounds alternating, so every build meets the same states of the machine.
 *
 *   npm run bench:compare -- [--rounds 5] [--seconds 10] [--warmup 3] [--partners 200] [--loads many,hot] DIR DIR …
 *
 * Each DIR is a checkout with its bundle built (`npm run build`), e.g. `git worktree add /tmp/before <commit>`,
 * `npm ci` there (or a symlink to this node_modules when the lockfile is the same), `npm run build`. Every build runs
 * on a schema set up by its own bench/lib/purchase-setup.ts, so by its own migrations and SQL functions; the setup
 * runs in a child process of that checkout, which prints the world and exits, and the schemas are dropped at the end.
 *
 * Why not each commit's own `npm run bench -- --targets purchases`: their rounds differ (a later bench also buys by
 * reference between the keyed loads, which grows the schema the next load meets), and two runs minutes apart see
 * two machines (pgbench's TPS moves by a third). Here only the server differs. The figures are purchases per second
 * and, per purchase, CPU of the server process and of every PostgreSQL process (lib/cpu.ts; autovacuum of the
 * previous load included, which is why a build's first round can read high): medians and means over the rounds.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { costOf } from './lib/cpu.ts';
import { BASE } from './lib/endpoints.ts';
import { measure } from './lib/load.ts';
import { startReferenceServer } from './lib/procs.ts';
import type { BenchPartner } from './lib/purchase-setup.ts';
import { compareSummary, parseCompareArgs, type CompareSample } from './lib/compare.ts';
import { authHeaders } from './phases/common.ts';
import { buying, WEBHOOK_ENV } from './phases/purchases.ts';

interface World {
  schema: string;
  url: string;
  hot: BenchPartner;
  many: BenchPartner[];
}

const POSTGRES_URL = process.env['TEST_DATABASE_URL'] ?? process.env['DATABASE_URL'];

/** The child that sets a world up with a build's own purchase-setup.ts: prints it as JSON on its last line. */
const SETUP = `
const { purchaseWorld } = await import(process.argv[1]);
const w = await purchaseWorld(process.argv[2], Number(process.argv[3]));
console.log(JSON.stringify({ schema: w.schema, url: w.url, hot: w.hot, many: w.many }));
process.exit(0);
`;

function worldOf(dir: string, partners: number): World {
  const setup = path.join(dir, 'bench/lib/purchase-setup.ts');
  if (!fs.existsSync(path.join(dir, 'dist/server.mjs'))) throw new Error(`${dir}: no dist/server.mjs (npm run build)`);
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', SETUP, setup, POSTGRES_URL!, String(partners)],
    { cwd: dir, encoding: 'utf8', maxBuffer: 64 << 20 },
  );
  if (r.status !== 0) throw new Error(`${dir}: world setup failed:\n${r.stderr.slice(-2000)}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as World;
}

async function main(): Promise<void> {
  if (!POSTGRES_URL) throw new Error('set TEST_DATABASE_URL (or DATABASE_URL) to the PostgreSQL to measure on');
  const opts = parseCompareArgs(process.argv.slice(2));
  const worlds: World[] = [];
  const samples: CompareSample[] = [];
  try {
    for (const b of opts.builds) worlds.push(worldOf(b.dir, opts.partners));
    for (let round = 1; round <= opts.rounds; round++) {
      for (const [i, b] of opts.builds.entries()) {
        const w = worlds[i]!;
        const proc = await startReferenceServer(
          { DATABASE_URL: w.url, ...WEBHOOK_ENV },
          `${BASE}/account/balance`,
          authHeaders(w.hot.key),
          [],
          path.join(b.dir, 'dist/server.mjs'),
        );
        try {
          for (const load of opts.loads) {
            const requests = [buying(load === 'hot' ? [w.hot] : w.many)];
            const base = { origin: proc.origin, requests, connections: opts.connections, warmupSec: 0 };
            if (opts.warmupSec > 0) await measure({ ...base, durationSec: opts.warmupSec });
            const { cost, ...m } = await costOf(proc.pid, POSTGRES_URL, () =>
              measure({ ...base, durationSec: opts.seconds }),
            );
            const s: CompareSample = {
              build: b.label,
              load,
              round,
              rps: m.rps,
              errors: m.errors,
              server_cpu_us: cost.server_cpu_us,
              postgres_cpu_us: cost.postgres_cpu_us,
            };
            samples.push(s);
            console.log(
              `round ${round} ${b.label} ${load}: ${m.rps.toFixed(0)} purchases/s, errors ${m.errors}, per purchase server ${cost.server_cpu_us?.toFixed(0) ?? '?'} µs / PostgreSQL ${cost.postgres_cpu_us?.toFixed(0) ?? '?'} µs CPU`,
            );
          }
        } finally {
          await proc.stop();
        }
      }
    }
  } finally {
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    for (const w of worlds)
      if (/^[a-z_][a-z0-9_]*$/.test(w.schema)) await admin.query(`DROP SCHEMA IF EXISTS ${w.schema} CASCADE`);
    await admin.end();
  }
  console.log(
    `\n${compareSummary(
      samples,
      opts.builds.map((b) => b.label),
      opts.loads,
    )}`,
  );
}

await main();
