/**
 * The retry-storm part of a run's results (phases/storm.ts): its goal — replays of known Idempotency-Keys answered
 * no slower than the new purchases sent beside them (p50), with not one 5xx — and its section of the report.
 */
import type { StormResults } from '../phases/storm.ts';
import type { Goal } from './report.ts';
import { f0 } from './stats.ts';

/** The storm goal; none for results from before the phase existed (no `storm` member at all). */
export function stormGoals(s: StormResults | null | undefined): Goal[] {
  if (s === undefined) return [];
  const what =
    'retry storm: replays of known Idempotency-Keys beside new purchases, all at once, one wallet, default pool';
  if (s === null)
    return [{ id: 'Retry storm', what, measured: 'not measured', target: 'replays p50 ≤ new p50, 0 × 5xx', met: null }];
  return [
    {
      id: 'Retry storm',
      what: `${what} (${s.repeats_per_round} replays of ${s.keys} keys + ${s.new_per_round} new, ${s.rounds} rounds)`,
      measured: `replays p50 ${f0(s.replays.p50_ms)} ms (p99 ${f0(s.replays.p99_ms)}), new p50 ${f0(s.new_purchases.p50_ms)} ms (p99 ${f0(s.new_purchases.p99_ms)}), ${s.five_xx} × 5xx`,
      target: 'replays p50 ≤ new p50, 0 × 5xx',
      met: s.replays.p50_ms <= s.new_purchases.p50_ms && s.five_xx === 0,
    },
  ];
}

export function stormSection(s: StormResults | null | undefined): string[] {
  if (s === undefined) return [];
  const L = ['## Retry storm (PostgreSQL)', ''];
  if (s === null) return [...L, 'not measured', ''];
  L.push(
    `Each round: ${s.repeats_per_round} requests repeating ${s.keys} completed Idempotency-Keys (${s.repeats_per_round / s.keys} each, replays) and ${s.new_per_round} purchases with new keys, sent at once, each on a connection of its own, to one server on one wallet. ${s.rounds} rounds.`,
    '',
  );
  L.push('| | requests | p50 ms | p99 ms | status codes |', '|---|--:|--:|--:|---|');
  for (const [label, k] of [
    ['replays of known keys', s.replays],
    ['new purchases beside them', s.new_purchases],
  ] as const) {
    L.push(
      `| ${label} | ${k.requests} | ${f0(k.p50_ms)} | ${f0(k.p99_ms)} | ${Object.entries(k.status_codes)
        .map(([c, n]) => `${c}: ${n}`)
        .join(', ')} |`,
    );
  }
  L.push(
    '',
    `Per round, p50 replays / new (ms): ${s.round_p50s.map((r) => `${f0(r.replays_ms)} / ${f0(r.new_ms)}`).join(', ')}. 5xx: ${s.five_xx}; replays not marked replayed: ${s.not_replayed}.`,
    '',
  );
  return L;
}
