/**
 * Purchases per second on PostgreSQL, against pgbench's TPC-B-like transaction on the same database in the same run.
 * The production server (the bundle, NODE_ENV=production, no rate limit) buys sandbox airtime at the scenario that
 * succeeds at once (08011111111), every request with a fresh Idempotency-Key, 50 connections:
 *   - one hot wallet: every purchase debits the same wallet (they queue on its row lock);
 *   - many wallets: the same purchase, each request from the next of 200 partners (own key, own wallet);
 *   - the same two loads the way a partner of the published API buys: `POST /purchases` by the airtime product's id
 *     with a fresh `external_reference` per request and no Idempotency-Key (the reference is what deduplicates);
 *   - reads alone, then the same reads with 1 purchase in 10 (a data plan): the reads' figures while purchases flow.
 * Then, with the server stopped, `pgbench -c 50 -j 2` (lib/pgbench.ts). For each load, CPU per request of the
 * server and of PostgreSQL and database transactions per request (lib/cpu.ts): where the time goes. In a full run,
 * also a CPU profile of the server under the hot-wallet load.
 *
 * pgbench's TPS on a small machine drifts by a third between runs seconds apart (WAL, checkpoints, the disk), so a
 * full run measures ROUNDS interleaved rounds — the two purchase loads, then pgbench — and P5/P6 are the median of
 * the rounds' ratios: both sides of a ratio see the same state of the machine.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Part } from '../lib/collect.ts';
import { costOf, type CostPerRequest } from '../lib/cpu.ts';
import { BASE } from '../lib/endpoints.ts';
import { measure, type LoadRequest, type LoadResult } from '../lib/load.ts';
import { runPgbench, type PgbenchResult } from '../lib/pgbench.ts';
import { PROJECT_ROOT } from '../lib/dataset.ts';
import { startProcess, startReferenceServer, type Proc } from '../lib/procs.ts';
import { summarizeProfile, type ProfileSummary } from '../lib/profile.ts';
import { purchaseWorld, type BenchPartner, type PurchaseWorld } from '../lib/purchase-setup.ts';
import { buyingByReference, createdPerSecond } from '../lib/reference-purchases.ts';
import { authHeaders, type PhaseContext } from './common.ts';

export const MANY_WALLETS = 200;
const AIRTIME = JSON.stringify({ network: 'MTN', phone_number: '08011111111', amount: '100.00' });
const READS = ['/account/balance', '/account/transactions?per_page=20', '/products/dataplans?network=MTN', '/account'];

export interface PurchaseLoad extends LoadResult {
  id:
    | 'hot_wallet'
    | 'many_wallets'
    | 'hot_wallet_reference'
    | 'many_wallets_reference'
    | 'reads_alone'
    | 'mixed'
    | 'mixed_hanging_webhooks'
    | 'floor_hot_wallet'
    | 'floor_many_wallets'
    | 'floor_grouped_hot_wallet'
    | 'floor_grouped_many_wallets';
  cost: CostPerRequest;
}

/** One interleaved round: the purchase loads, then pgbench with the server stopped. */
export interface PurchaseRound {
  hot_wallet_rps: number;
  many_wallets_rps: number;
  pgbench_tps: number;
  /**
   * The same two loads by `external_reference` without an Idempotency-Key: purchases created (201) per second. Absent
   * in results from before that form was measured.
   */
  reference?: { hot_wallet_rps: number; many_wallets_rps: number };
  /** The same loads against the floor server (purchase-floor-server.mjs); absent in results from before it. */
  floor?: {
    hot_wallet_rps: number;
    many_wallets_rps: number;
    grouped_hot_wallet_rps: number;
    grouped_many_wallets_rps: number;
  };
}

export interface PurchasesResults {
  many_wallets: number;
  /** Absent in results from before rounds were measured: the ratio is then loads ÷ pgbench. */
  rounds?: PurchaseRound[];
  loads: PurchaseLoad[];
  pgbench: PgbenchResult | null;
  /** Purchases in the schema at the end (warm-ups included) and their 201s in the measured parts. */
  purchases_recorded: number;
  profile: { rps_under_profile: number; requests: number; summary: ProfileSummary } | null;
  /** During `mixed_hanging_webhooks`: every partner's endpoint points at a receiver that never answers. */
  webhooks?: { pending_after: number; attempts_started_or_recorded: number; receiver_connections: number };
  notes: string[];
}

let sequence = 0;
/** A fresh Idempotency-Key per request (and, with `partners`, the next partner's key). Also bench/compare.ts's load. */
export function buying(
  partners: BenchPartner[],
  kind?: string,
  body = AIRTIME,
  path = '/purchases/airtime',
): LoadRequest {
  return {
    method: 'POST',
    path: `${BASE}${path}`,
    body,
    kind,
    headers: { ...authHeaders(partners[0]!.key), 'content-type': 'application/json' },
    setupRequest: (req) => {
      const n = sequence++;
      req.headers['idempotency-key'] = `bench-${process.pid}-${n}`;
      if (partners.length > 1) req.headers.authorization = `Bearer ${partners[n % partners.length]!.key}`;
      return req;
    },
  };
}

function reading(partners: BenchPartner[], p: string): LoadRequest {
  return {
    path: `${BASE}${p}`,
    kind: 'read',
    headers: authHeaders(partners[0]!.key),
    setupRequest: (req) => {
      req.headers.authorization = `Bearer ${partners[sequence++ % partners.length]!.key}`;
      return req;
    },
  };
}

async function load(
  ctx: PhaseContext,
  proc: Proc,
  url: string,
  id: PurchaseLoad['id'],
  requests: LoadRequest[],
): Promise<PurchaseLoad> {
  const { plan, log } = ctx;
  const base = { origin: proc.origin, requests, connections: plan.connections, warmupSec: 0 };
  if (plan.warmupSec > 0) await measure({ ...base, durationSec: plan.warmupSec });
  const { cost, ...r } = await costOf(proc.pid, url, () =>
    measure({ ...base, durationSec: plan.durationSec, rss: () => proc.rssMiB() }),
  );
  const kinds = r.by_kind
    ? ` (${Object.entries(r.by_kind)
        .map(
          ([k, v]) =>
            `${k} ${(v.requests / plan.durationSec).toFixed(0)}/s p50 ${v.p50_ms.toFixed(1)} p99 ${v.p99_ms.toFixed(1)}`,
        )
        .join('; ')})`
    : '';
  log(
    `purchases ${id.padEnd(13)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50_ms.toFixed(1).padStart(6)} ms  p99 ${r.p99_ms.toFixed(1).padStart(6)} ms  errors ${r.errors}${kinds}; per request: server ${cost.server_cpu_us?.toFixed(0) ?? '?'} µs CPU, PostgreSQL ${cost.postgres_cpu_us?.toFixed(0) ?? '?'} µs CPU, ${cost.db_transactions?.toFixed(1) ?? '?'} db transactions`,
  );
  if (r.errors > 0) log(`  status codes: ${JSON.stringify(r.status_codes)}`);
  return { id, ...r, cost };
}

/** The hot-wallet load once more under `--cpu-prof`: where the server's CPU goes per purchase. */
async function profileHot(ctx: PhaseContext, world: PurchaseWorld): Promise<NonNullable<PurchasesResults['profile']>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-purchases-profile-'));
  try {
    const proc = await startReferenceServer({ DATABASE_URL: world.url }, `${BASE}/health`, {}, [
      '--cpu-prof',
      '--cpu-prof-dir',
      dir,
    ]);
    let r: LoadResult;
    try {
      r = await measure({
        origin: proc.origin,
        requests: [buying([world.hot])],
        connections: ctx.plan.connections,
        durationSec: ctx.plan.durationSec,
        warmupSec: ctx.plan.warmupSec,
      });
    } finally {
      await proc.stop(); // the profile is written at exit
    }
    const file = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.cpuprofile'))
      .map((f) => path.join(dir, f))
      .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
    if (!file) throw new Error('no profile was written');
    return { rps_under_profile: r.rps, requests: r.requests, summary: summarizeProfile(file, 15) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const ROUNDS_FULL = 3;

async function pgbenchOnce(ctx: PhaseContext, postgresUrl: string): Promise<PgbenchResult> {
  const { plan, log } = ctx;
  const r = await runPgbench(
    postgresUrl,
    {
      scale: plan.quick ? 2 : 10,
      clients: plan.connections,
      threads: 2,
      seconds: plan.durationSec,
      warmupSec: plan.warmupSec,
    },
    log,
  );
  log(
    `pgbench TPC-B-like   ${r.tps.toFixed(0).padStart(6)} tps    p50 ${r.p50_ms.toFixed(1).padStart(6)} ms  p99 ${r.p99_ms.toFixed(1).padStart(6)} ms  failed ${r.failed}; per transaction: PostgreSQL ${r.postgres_cpu_us?.toFixed(0) ?? '?'} µs CPU`,
  );
  return r;
}

/**
 * The servers' webhook settings: a signing key, so every purchase's events are written and delivered as in a
 * deployment, and private addresses allowed, so a receiver on 127.0.0.1 can be subscribed.
 */
export const WEBHOOK_ENV = { WEBHOOK_SIGNING_KEY: randomBytes(32).toString('base64'), WEBHOOKS_ALLOW_PRIVATE: 'true' };

/** A receiver that accepts every delivery and never answers: each attempt holds a slot of the worker for 15 s. */
async function hangingReceiver(): Promise<{ url: string; connections: () => number; close: () => Promise<void> }> {
  let connections = 0;
  const server = createServer(() => {
    /* never answers */
  });
  server.on('connection', () => {
    connections++;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hangs`,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The same two purchase loads against the floor server (purchase-floor-server.mjs: the two money statements and
 * nothing else) on the same schema, one purchase per statement and then in group commits: the ceiling of a purchase
 * on this machine, measured next to pgbench.
 */
async function floorLoads(
  ctx: PhaseContext,
  world: PurchaseWorld,
  postgresUrl: string,
): Promise<{ floor: NonNullable<PurchaseRound['floor']>; loads: PurchaseLoad[] }> {
  const loads: PurchaseLoad[] = [];
  for (const grouped of [false, true]) {
    const args = (port: number) => [
      `${PROJECT_ROOT}bench/purchase-floor-server.mjs`,
      String(port),
      ...(grouped ? ['grouped'] : []),
    ];
    const proc = await startProcess(args, { env: { DATABASE_URL: world.url }, readyPath: '/__ready' });
    try {
      loads.push(
        await load(ctx, proc, postgresUrl, grouped ? 'floor_grouped_hot_wallet' : 'floor_hot_wallet', [
          buying([world.hot]),
        ]),
      );
      loads.push(
        await load(ctx, proc, postgresUrl, grouped ? 'floor_grouped_many_wallets' : 'floor_many_wallets', [
          buying(world.many),
        ]),
      );
    } finally {
      await proc.stop();
    }
  }
  const [hot, many, groupedHot, groupedMany] = loads.map((l) => l.rps) as [number, number, number, number];
  return {
    floor: {
      hot_wallet_rps: hot,
      many_wallets_rps: many,
      grouped_hot_wallet_rps: groupedHot,
      grouped_many_wallets_rps: groupedMany,
    },
    loads,
  };
}

/** The hot-wallet and many-wallets loads by `external_reference`, no Idempotency-Key (`POST /purchases`). */
async function referenceLoads(
  ctx: PhaseContext,
  proc: Proc,
  postgresUrl: string,
  world: PurchaseWorld,
): Promise<PurchaseLoad[]> {
  return [
    await load(ctx, proc, postgresUrl, 'hot_wallet_reference', [
      buyingByReference([world.hot], world.airtimeProductId),
    ]),
    await load(ctx, proc, postgresUrl, 'many_wallets_reference', [
      buyingByReference(world.many, world.airtimeProductId),
    ]),
  ];
}

/** A reference server on the world's schema for the length of `body`. */
async function withServer<T>(world: PurchaseWorld, body: (proc: Proc) => Promise<T>): Promise<T> {
  const proc = await startReferenceServer(
    { DATABASE_URL: world.url, ...WEBHOOK_ENV },
    `${BASE}/account/balance`,
    authHeaders(world.hot.key),
  );
  try {
    return await body(proc);
  } finally {
    await proc.stop();
  }
}

export async function measurePurchases(ctx: PhaseContext, postgresUrl: string): Promise<Part> {
  const { plan, log } = ctx;
  const notes: string[] = [];
  const world = await purchaseWorld(postgresUrl, MANY_WALLETS);
  log(`purchases: schema ${world.schema}, 1 hot wallet and ${MANY_WALLETS} partners with their own keys`);
  let webhooks: PurchasesResults['webhooks'];
  try {
    const loads = await withServer(world, async (proc) => {
      const out: PurchaseLoad[] = [];
      out.push(await load(ctx, proc, postgresUrl, 'hot_wallet', [buying([world.hot])]));
      out.push(await load(ctx, proc, postgresUrl, 'many_wallets', [buying(world.many)]));
      out.push(...(await referenceLoads(ctx, proc, postgresUrl, world)));
      const reads = Array.from({ length: 9 }, (_, i) => reading(world.many, READS[i % READS.length]!));
      out.push(await load(ctx, proc, postgresUrl, 'reads_alone', reads));
      const data = JSON.stringify({ product_id: world.dataPlanId, phone_number: '08011111111' });
      out.push(
        await load(ctx, proc, postgresUrl, 'mixed', [
          ...reads,
          buying(world.many, 'purchase', data, '/purchases/data'),
        ]),
      );
      // The same mix with every partner subscribed to a receiver that hangs: delivery must not slow the API.
      const receiver = await hangingReceiver();
      try {
        await world.subscribeAll(receiver.url);
        out.push(
          await load(ctx, proc, postgresUrl, 'mixed_hanging_webhooks', [
            ...reads,
            buying(world.many, 'purchase', data, '/purchases/data'),
          ]),
        );
        const d = await world.webhookDeliveries();
        webhooks = {
          pending_after: d.pending,
          attempts_started_or_recorded: d.attempts,
          receiver_connections: receiver.connections(),
        };
        log(
          `purchases webhooks: ${receiver.connections()} connections held by the hanging receiver, ${d.pending} deliveries pending`,
        );
      } finally {
        await receiver.close();
      }
      return out;
    });
    let profile: PurchasesResults['profile'] = null;
    if (!plan.quick) {
      try {
        const p = await profileHot(ctx, world);
        profile = p;
        log(
          `purchases profile (hot wallet): ${p.summary.self_by_package
            .slice(0, 6)
            .map((x) => `${x.name} ${(x.share * 100).toFixed(0)} %`)
            .join(', ')}`,
        );
      } catch (e) {
        notes.push(`purchases CPU profile not taken: ${(e as Error).message.split('\n')[0]}`);
      }
    }
    let pgbench: PgbenchResult | null = null;
    const rounds: PurchaseRound[] = [];
    try {
      const { floor, loads: floors } = await floorLoads(ctx, world, postgresUrl);
      loads.push(...floors);
      pgbench = await pgbenchOnce(ctx, postgresUrl);
      const rps = (id: PurchaseLoad['id']) => loads.find((l) => l.id === id)!.rps;
      const created = (id: PurchaseLoad['id']) => createdPerSecond(loads.find((l) => l.id === id)!);
      rounds.push({
        hot_wallet_rps: rps('hot_wallet'),
        many_wallets_rps: rps('many_wallets'),
        pgbench_tps: pgbench.tps,
        reference: {
          hot_wallet_rps: created('hot_wallet_reference'),
          many_wallets_rps: created('many_wallets_reference'),
        },
        floor,
      });
      for (let round = 2; round <= (plan.quick ? 1 : ROUNDS_FULL); round++) {
        const [hot, many, hotRef, manyRef] = await withServer(world, async (proc) => [
          await load(ctx, proc, postgresUrl, 'hot_wallet', [buying([world.hot])]),
          await load(ctx, proc, postgresUrl, 'many_wallets', [buying(world.many)]),
          ...(await referenceLoads(ctx, proc, postgresUrl, world)),
        ]);
        const { floor } = await floorLoads(ctx, world, postgresUrl);
        const tps = (await pgbenchOnce(ctx, postgresUrl)).tps;
        const reference = { hot_wallet_rps: createdPerSecond(hotRef!), many_wallets_rps: createdPerSecond(manyRef!) };
        rounds.push({ hot_wallet_rps: hot!.rps, many_wallets_rps: many!.rps, pgbench_tps: tps, reference, floor });
        const x = (n: number) => `${(n / tps).toFixed(2)}×`;
        log(
          `purchases round ${round}: hot wallet ${x(hot!.rps)} (by reference ${x(reference.hot_wallet_rps)}; floor ${x(floor.hot_wallet_rps)}, grouped ${x(floor.grouped_hot_wallet_rps)}), many wallets ${x(many!.rps)} (by reference ${x(reference.many_wallets_rps)}; floor ${x(floor.many_wallets_rps)}, grouped ${x(floor.grouped_many_wallets_rps)}) of pgbench`,
        );
      }
    } catch (e) {
      notes.push(`pgbench not measured: ${(e as Error).message.split('\n')[0]}`);
    }
    const { purchases } = await world.count();
    return {
      purchases: {
        many_wallets: MANY_WALLETS,
        rounds,
        loads,
        pgbench,
        purchases_recorded: purchases,
        profile,
        ...(webhooks ? { webhooks } : {}),
        notes,
      },
    };
  } finally {
    await world.close();
  }
}
