/**
 * The purchases phase's parts that decide its figures: pgbench's output read right, the two goals computed from the
 * measurements (and able to come out either way), the load generator sending a fresh Idempotency-Key per request and
 * telling reads from purchases.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { measure } from '../../bench/lib/load.ts';
import { parsePgbenchRun, type PgbenchResult } from '../../bench/lib/pgbench.ts';
import { floorRatio, purchaseGoals, purchaseRatio, purchasesSection } from '../../bench/lib/purchases-report.ts';
import type { PurchaseLoad, PurchasesResults } from '../../bench/phases/purchases.ts';

const PGBENCH_STDOUT = `pgbench (15.20 (Debian 15.20-0+deb12u1))
transaction type: <builtin: TPC-B (sort of)>
scaling factor: 1
query mode: simple
number of clients: 2
number of threads: 1
maximum number of tries: 1
duration: 1 s
number of transactions actually processed: 2329
number of failed transactions: 0 (0.000%)
latency average = 0.856 ms
initial connection time = 5.406 ms
tps = 2337.546068 (without initial connection time)
`;

describe('parsePgbenchRun', () => {
  it('takes TPS, counts and the latency percentiles of the per-transaction log (µs, third field)', () => {
    const log = [
      '1 1 1822 0 1795456380 956603',
      '1 2 481 0 1795456380 957096',
      '0 1 455 0 1795456380 957557',
      '0 2 10000 0 1795456380 967557',
      '',
    ].join('\n');
    const r = parsePgbenchRun(PGBENCH_STDOUT, log);
    expect(r).toMatchObject({ tps: 2337.546068, transactions: 2329, failed: 0, p50_ms: 0.481, p99_ms: 10 });
    expect(r.mean_ms).toBeCloseTo((1822 + 481 + 455 + 10000) / 4000, 6);
  });

  it('reads failures, and gives NaN rather than a number it did not see', () => {
    const r = parsePgbenchRun('number of failed transactions: 7 (0.1%)\n', '');
    expect(r.failed).toBe(7);
    expect(Number.isNaN(r.tps) && Number.isNaN(r.p50_ms)).toBe(true);
  });
});

const load = (id: PurchaseLoad['id'], rps: number, kinds?: PurchaseLoad['by_kind']): PurchaseLoad => ({
  id,
  rps,
  p50_ms: 10,
  p99_ms: 30,
  mean_ms: 12,
  requests: rps * 3,
  errors: 0,
  non2xx: 0,
  socket_errors: 0,
  status_codes: {},
  bytes_per_response: 700,
  rss_mib_max: null,
  rss_mib_end: null,
  cost: { server_cpu_us: 1000, postgres_cpu_us: 2000, db_transactions: 7 },
  ...(kinds ? { by_kind: kinds } : {}),
});
const pgbench = (tps: number): PgbenchResult => ({
  scale: 10,
  clients: 50,
  threads: 2,
  seconds: 3,
  warmupSec: 1,
  tps,
  transactions: tps * 3,
  failed: 0,
  p50_ms: 10,
  p99_ms: 50,
  mean_ms: 12,
  init_seconds: 1,
  postgres_cpu_us: 400,
});
const results = (hot: number, many: number, tps: number | null): PurchasesResults => ({
  many_wallets: 200,
  purchases_recorded: 1,
  profile: null,
  notes: [],
  loads: [
    load('hot_wallet', hot),
    load('many_wallets', many),
    load('reads_alone', 1000, { read: { requests: 3000, p50_ms: 20, p99_ms: 60, status_codes: { 200: 3000 } } }),
    load('mixed', 600, {
      read: { requests: 1620, p50_ms: 30, p99_ms: 80, status_codes: { 200: 1620 } },
      purchase: { requests: 180, p50_ms: 150, p99_ms: 200, status_codes: { 201: 180 } },
    }),
  ],
  pgbench: tps === null ? null : pgbench(tps),
});

describe('purchase goals', () => {
  it('are met at and above 0.30× (one wallet) and 0.40× (many wallets) of pgbench', () => {
    expect(purchaseGoals(results(300, 400, 1000)).map((g) => g.met)).toEqual([true, true]);
    expect(purchaseRatio(results(300, 400, 1000), 'many_wallets')).toBeCloseTo(0.4, 10);
  });

  it('are missed below, each on its own figure', () => {
    expect(purchaseGoals(results(299, 400, 1000)).map((g) => g.met)).toEqual([false, true]);
    expect(purchaseGoals(results(300, 399, 1000)).map((g) => g.met)).toEqual([true, false]);
  });

  it('are "not measured" without pgbench or without the phase, and absent from runs before the phase existed', () => {
    expect(purchaseGoals(results(300, 400, null)).map((g) => g.met)).toEqual([null, null]);
    // Both forms (keyed, by reference) are goals of a run that could not measure them.
    expect(purchaseGoals(null).map((g) => g.measured)).toEqual(Array(4).fill('not measured'));
    expect(purchaseGoals(undefined)).toEqual([]);
  });

  it("take the median of interleaved rounds' ratios when the run has rounds, and show every round", () => {
    const rounds = [
      { hot_wallet_rps: 100, many_wallets_rps: 200, pgbench_tps: 1000 }, // 0.10 / 0.20
      { hot_wallet_rps: 350, many_wallets_rps: 450, pgbench_tps: 1000 }, // 0.35 / 0.45
      { hot_wallet_rps: 160, many_wallets_rps: 200, pgbench_tps: 400 }, // 0.40 / 0.50
    ];
    const r = { ...results(1, 1, 1000), rounds };
    expect(purchaseRatio(r, 'hot_wallet')).toBeCloseTo(0.35, 10);
    expect(purchaseRatio(r, 'many_wallets')).toBeCloseTo(0.45, 10);
    expect(purchaseGoals(r).map((g) => g.met)).toEqual([true, true]);
    expect(purchaseGoals({ ...r, rounds: rounds.slice(0, 2) }).map((g) => g.met)).toEqual([false, false]); // median of two: 0.225 / 0.325
    expect(purchaseGoals(r)[0]!.measured).toBe(
      '0.35× (median of 3 interleaved rounds, purchases/s / tps: 100/1000, 350/1000, 160/400)',
    );
    expect(purchasesSection(r).join('\n')).toContain('| 3 | 160 | 200 | 400 | 0.40× | 0.50× |');
  });

  it("the floor server's ratios are the medians of the rounds that measured it, and the report puts the server against them", () => {
    const floor = (hot: number, many: number, gh: number, gm: number) => ({
      hot_wallet_rps: hot,
      many_wallets_rps: many,
      grouped_hot_wallet_rps: gh,
      grouped_many_wallets_rps: gm,
    });
    const rounds = [
      { hot_wallet_rps: 100, many_wallets_rps: 200, pgbench_tps: 1000, floor: floor(200, 400, 300, 500) }, // floor 0.20 / 0.40
      { hot_wallet_rps: 100, many_wallets_rps: 200, pgbench_tps: 1000, floor: floor(300, 600, 400, 700) }, // floor 0.30 / 0.60
      { hot_wallet_rps: 100, many_wallets_rps: 200, pgbench_tps: 500, floor: floor(200, 250, 250, 300) }, // floor 0.40 / 0.50
      { hot_wallet_rps: 100, many_wallets_rps: 200, pgbench_tps: 1000 }, // before the floor existed: not counted
    ];
    const r = { ...results(1, 1, 1000), rounds };
    expect(floorRatio(r, 'hot_wallet_rps')).toBeCloseTo(0.3, 10);
    expect(floorRatio(r, 'many_wallets_rps')).toBeCloseTo(0.5, 10);
    expect(floorRatio(r, 'grouped_many_wallets_rps')).toBeCloseTo(0.6, 10);
    expect(floorRatio({ ...r, rounds: rounds.slice(3) }, 'hot_wallet_rps')).toBeNull();
    const text = purchasesSection(r).join('\n');
    expect(text).toContain('| 1 | 100 | 200 | 1000 | 0.10× | 0.20× | 0.20× / 0.40× | 0.30× / 0.50× |');
    expect(text).toContain('| 4 | 100 | 200 | 1000 | 0.10× | 0.20× | – / – | – / – |');
    // the server's medians (0.10 / 0.20) against the floor's (0.30 / 0.50)
    expect(text).toContain(
      'reaches 0.30× (one hot wallet) and 0.50× (many wallets) of pgbench with one purchase per statement, and 0.40× and 0.60× when it records',
    );
    expect(text).toContain(
      'at the floor, one purchase per statement meets both targets, group commits meets both targets. The reference server reaches 33 % and 40 % of the first pair.',
    );
    const below = rounds.map((r) => ({
      ...r,
      floor: r.floor && {
        ...r.floor,
        many_wallets_rps: r.floor.many_wallets_rps / 2,
        grouped_hot_wallet_rps: r.floor.hot_wallet_rps / 2,
      },
    }));
    expect(purchasesSection({ ...r, rounds: below }).join('\n')).toContain(
      'one purchase per statement meets P5 only, group commits meets P6 only',
    );
    expect(purchasesSection({ ...r, rounds: rounds.slice(3) }).join('\n')).not.toContain('The floor');
  });

  it('the report compares the mix with and without a webhook receiver that hangs', () => {
    const base = results(60, 100, 1000);
    const hung = load('mixed_hanging_webhooks', 590, {
      read: { requests: 1600, p50_ms: 31, p99_ms: 85, status_codes: { 200: 1600 } },
      purchase: { requests: 170, p50_ms: 160, p99_ms: 210, status_codes: { 201: 170 } },
    });
    const text = purchasesSection({
      ...base,
      loads: [...base.loads, hung],
      webhooks: { pending_after: 40, attempts_started_or_recorded: 0, receiver_connections: 16 },
    }).join('\n');
    expect(text).toMatch(
      /\| same, webhooks to a receiver that hangs \| 533 \| 31\.0 \| 85\.0 \| 57 \| 160\.0 \| 210\.0 \|/,
    );
    expect(text).toContain(
      "a read's p99 is 85.0 ms against 80.0 ms without webhooks, and a purchase's p99 210.0 ms against 200.0 ms",
    );
    expect(purchasesSection(base).join('\n')).not.toContain('receiver that hangs');
  });

  it('the report shows the ratios and the reads while purchases flow', () => {
    const text = purchasesSection(results(60, 100, 1000)).join('\n');
    expect(text).toContain('one hot wallet 0.06× (target 0.30×), many wallets 0.10× (target 0.40×)');
    expect(text).toMatch(/\| 90 % reads, 10 % purchases \| 540 \| 30\.0 \| 80\.0 \| 60 \| 150\.0 \| 200\.0 \|/);
  });
});

describe('measure with a request generator', () => {
  it('sends a fresh key per request and counts each kind on its own', async () => {
    const seen: IncomingHttpHeaders[] = [];
    const server = createServer((req, res) => {
      seen.push(req.headers);
      req.resume().on('end', () => res.writeHead(req.method === 'POST' ? 201 : 200).end('{}'));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    let n = 0;
    try {
      const r = await measure({
        origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        connections: 4,
        durationSec: 0.5,
        warmupSec: 0,
        requests: [
          { path: '/read', kind: 'read' },
          { path: '/read', kind: 'read' },
          {
            method: 'POST',
            path: '/buy',
            body: '{"a":1}',
            kind: 'purchase',
            setupRequest: (req) => {
              req.headers['idempotency-key'] = `k-${n++}`;
              return req;
            },
          },
        ],
      });
      const keys = seen.map((h) => h['idempotency-key']).filter((k): k is string => typeof k === 'string');
      expect(keys.length).toBeGreaterThan(10);
      expect(new Set(keys).size).toBe(keys.length);
      expect(r.by_kind!.purchase!.status_codes).toEqual({ 201: r.by_kind!.purchase!.requests });
      expect(r.by_kind!.read!.status_codes).toEqual({ 200: r.by_kind!.read!.requests });
      // Each connection cycles read, read, purchase: twice as many reads as purchases, give or take one cycle each.
      expect(Math.abs(r.by_kind!.read!.requests - 2 * r.by_kind!.purchase!.requests)).toBeLessThanOrEqual(2 * 4);
    } finally {
      server.close();
    }
  });
});
