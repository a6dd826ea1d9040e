/**
 * The retry storm (target `storm`; issue 26): clients repeating Idempotency-Keys the server already knows — what the
 * contract tells them to do after a timeout — beside clients buying with new keys, at the same moment. The production
 * server (the bundle, NODE_ENV=production, no rate limit, the default pool of 10 connections) on a schema of its own
 * with one sandbox partner and its one wallet. KEYS keys are bought first (airtime, the scenario that succeeds at
 * once); then each round sends, all at once and each on a connection of its own, REPEATS requests repeating those
 * keys (REPEATS / KEYS each, the same body: replays) interleaved with NEW purchases with keys never seen. Measured:
 * p50 / p99 of each kind over all rounds, every answer's status. The goal: replays' p50 ≤ the new purchases' p50
 * (a replay is one read; it must never wait behind the writes), and not one 5xx.
 */
import { Agent, request } from 'node:http';
import type { Part } from '../lib/collect.ts';
import { BASE } from '../lib/endpoints.ts';
import { startReferenceServer } from '../lib/procs.ts';
import { purchaseWorld } from '../lib/purchase-setup.ts';
import { percentileOf } from '../lib/stats.ts';
import { authHeaders, type PhaseContext } from './common.ts';

const KEYS = 10;
const REPEATS = 200;
const NEW = 200;
const ROUNDS_FULL = 5;
const AIRTIME = JSON.stringify({ network: 'MTN', phone_number: '08011111111', amount: '100.00' });

export interface StormKind {
  requests: number;
  p50_ms: number;
  p99_ms: number;
  /** Answers by status code ("0": no answer). */
  status_codes: Record<string, number>;
}

export interface StormResults {
  keys: number;
  repeats_per_round: number;
  new_per_round: number;
  rounds: number;
  replays: StormKind;
  new_purchases: StormKind;
  /** Each round's p50 of both kinds, ms. */
  round_p50s: { replays_ms: number; new_ms: number }[];
  five_xx: number;
  /** Replays answered without `Idempotent-Replayed: true` (none expected: every key was completed first). */
  not_replayed: number;
}

interface Answer {
  kind: 'replay' | 'new';
  ms: number;
  status: number;
  replayed: boolean;
}

function post(
  origin: string,
  agent: Agent,
  key: string,
  idempotencyKey: string,
  kind: Answer['kind'],
): Promise<Answer> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = request(
      `${origin}${BASE}/purchases/airtime`,
      {
        method: 'POST',
        agent,
        headers: {
          ...authHeaders(key),
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(AIRTIME),
          'idempotency-key': idempotencyKey,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            kind,
            ms: performance.now() - t0,
            status: res.statusCode ?? 0,
            replayed: res.headers['idempotent-replayed'] === 'true',
          }),
        );
        res.on('error', () => resolve({ kind, ms: performance.now() - t0, status: 0, replayed: false }));
      },
    );
    req.on('error', () => resolve({ kind, ms: performance.now() - t0, status: 0, replayed: false }));
    req.end(AIRTIME);
  });
}

function kindOf(answers: Answer[]): StormKind {
  const ms = answers.map((a) => a.ms);
  const status_codes: Record<string, number> = {};
  for (const a of answers) status_codes[String(a.status)] = (status_codes[String(a.status)] ?? 0) + 1;
  return { requests: answers.length, p50_ms: percentileOf(ms, 50), p99_ms: percentileOf(ms, 99), status_codes };
}

export async function measureStorm(ctx: PhaseContext, postgresUrl: string): Promise<Part> {
  const { plan, log } = ctx;
  const rounds = plan.quick ? 2 : ROUNDS_FULL;
  const world = await purchaseWorld(postgresUrl, 0);
  try {
    const proc = await startReferenceServer(
      { DATABASE_URL: world.url },
      `${BASE}/account/balance`,
      authHeaders(world.hot.key),
    );
    // A connection per request, as clients retrying at once have (no pooling on the client's side to queue them).
    const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
    try {
      const keys = Array.from({ length: KEYS }, (_, i) => `storm-${process.pid}-known-${i}`);
      const firsts = await Promise.all(keys.map((k) => post(proc.origin, agent, world.hot.key, k, 'new')));
      if (firsts.some((a) => a.status !== 201))
        throw new Error(`the known keys' purchases answered ${firsts.map((a) => a.status).join(', ')}`);
      const all: Answer[] = [];
      const roundP50s: StormResults['round_p50s'] = [];
      for (let round = 1; round <= rounds; round++) {
        const sends = [
          ...Array.from(
            { length: REPEATS },
            (_, i) => () => post(proc.origin, agent, world.hot.key, keys[i % KEYS]!, 'replay'),
          ),
          ...Array.from(
            { length: NEW },
            (_, i) => () => post(proc.origin, agent, world.hot.key, `storm-${process.pid}-r${round}-new-${i}`, 'new'),
          ),
        ];
        // Interleaved (a fixed shuffle), so that neither kind is sent first.
        const order = sends
          .map((s, i) => ({ s, k: (i * 7919) % sends.length }))
          .sort((a, b) => a.k - b.k)
          .map((x) => x.s);
        const answers = await Promise.all(order.map((send) => send()));
        all.push(...answers);
        const r = {
          replays_ms: percentileOf(
            answers.filter((a) => a.kind === 'replay').map((a) => a.ms),
            50,
          ),
          new_ms: percentileOf(
            answers.filter((a) => a.kind === 'new').map((a) => a.ms),
            50,
          ),
        };
        roundP50s.push(r);
        log(
          `storm round ${round}: ${REPEATS} replays of ${KEYS} known keys p50 ${r.replays_ms.toFixed(0)} ms beside ${NEW} new purchases p50 ${r.new_ms.toFixed(0)} ms`,
        );
      }
      const replays = all.filter((a) => a.kind === 'replay');
      const results: StormResults = {
        keys: KEYS,
        repeats_per_round: REPEATS,
        new_per_round: NEW,
        rounds,
        replays: kindOf(replays),
        new_purchases: kindOf(all.filter((a) => a.kind === 'new')),
        round_p50s: roundP50s,
        five_xx: all.filter((a) => a.status >= 500 || a.status === 0).length,
        not_replayed: replays.filter((a) => a.status === 201 && !a.replayed).length,
      };
      log(
        `storm: replays p50 ${results.replays.p50_ms.toFixed(0)} ms p99 ${results.replays.p99_ms.toFixed(0)} ms, new purchases p50 ${results.new_purchases.p50_ms.toFixed(0)} ms p99 ${results.new_purchases.p99_ms.toFixed(0)} ms, ${results.five_xx} × 5xx`,
      );
      return { storm: results };
    } finally {
      agent.destroy();
      await proc.stop();
    }
  } finally {
    await world.close();
  }
}
