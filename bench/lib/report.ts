/** Results of a run: the JSON shape, the goals (met / missed) and the Markdown report. */
import type { EndpointId } from './endpoints.ts';
import { ENDPOINTS, PRODUCTS } from './endpoints.ts';
import type { LoadResult } from './load.ts';
import type { MachineInfo } from './machine.ts';
import type { ProfileSummary } from './profile.ts';
import type { PurchasesResults } from '../phases/purchases.ts';
import { purchaseGoals, purchasesSection } from './purchases-report.ts';
import type { RealisticResults } from '../phases/realistic.ts';
import { realisticGoals, realisticSection } from './realistic-report.ts';
import type { DeepPageCase } from '../phases/deep-pages.ts';
import { deepPageGoals, deepPagesSection } from './deep-pages-report.ts';
import type { StormResults } from '../phases/storm.ts';
import { stormGoals, stormSection } from './storm-report.ts';
import { sizeLabel } from './dataset.ts';
import { f0, f1, f2 } from './stats.ts';

export type TargetKind = 'baseline' | 'express' | 'embedded' | 'postgres' | 'prism';

/** Variant of the embedded server with STORE_READ_CACHE=false: every request reaches the database. */
export const READ_CACHE_OFF = 'read cache off';

export interface Measurement extends LoadResult {
  target: TargetKind;
  size: number | null;
  endpoint: EndpointId;
  variant?: string | undefined;
}

export interface BenchResults {
  generated_at: string;
  mode: 'full' | 'quick';
  restricted: boolean;
  machine: MachineInfo;
  settings: {
    connections: number;
    duration_sec: number;
    warmup_sec: number;
    sizes: number[];
    soak_sec: number;
    postgres: string | null;
  };
  measurements: Measurement[];
  cold_start: { target: TargetKind; size: number; variant?: string | undefined; ms_to_first_200: number }[];
  validation: {
    endpoint: EndpointId;
    rps_off: number;
    rps_on: number;
    p50_off_ms: number;
    p50_on_ms: number;
    errors_on: number;
  }[];
  auth: {
    store_us: { ping: number; find_key_by_hash: number; get_wallet: number; list_transactions_100: number };
    store_driver: string;
    store_size: number;
  } | null;
  soak: {
    size: number;
    seconds: number;
    warmup_sec: number;
    rps: number;
    p99_ms: number;
    errors: number;
    rss_after_warmup_mib: number;
    rss_end_mib: number;
    rss_max_mib: number;
    growth_pct: number;
    max_growth_pct: number;
    samples: { t: number; rss_mib: number }[];
  } | null;
  conformance: { seconds: number | null; exit_code: number | null; summary: string } | null;
  /** P1 measured in interleaved rounds (server, then baseline, on the 100-row page); P1 is their median ratio. */
  p1_rounds?: { round: number; server_rps: number; baseline_rps: number; ratio: number }[];
  /** CPU profile of the production server serving the 100-row page (phases/profile.ts). */
  profile?: {
    endpoint: EndpointId;
    size: number;
    rps_under_profile: number;
    requests: number;
    summary: ProfileSummary;
  } | null;
  /** Purchases per second on PostgreSQL against pgbench (phases/purchases.ts); absent in runs before it existed. */
  purchases?: PurchasesResults | null;
  /** The realistic mix on both stores against direct queries (phases/realistic.ts); absent in runs before it existed. */
  realistic?: RealisticResults | null;
  /** Deep pages against page 1 on the largest dataset of each store (phases/deep-pages.ts). */
  deep_pages?: DeepPageCase[];
  /** Replays of known Idempotency-Keys beside new purchases (phases/storm.ts); absent in runs before it existed. */
  storm?: StormResults | null;
  notes: string[];
  total_seconds?: number;
}

export interface Goal {
  id: string;
  what: string;
  measured: string;
  target: string;
  met: boolean | null;
}

export const find = (
  r: BenchResults,
  target: TargetKind,
  size: number | null,
  endpoint: EndpointId,
  variant?: string,
) =>
  r.measurements.find(
    (m) => m.target === target && m.size === size && m.endpoint === endpoint && m.variant === variant,
  );

const pct = (x: number | null | undefined) =>
  x === null || x === undefined || Number.isNaN(x) ? '–' : `${(x * 100).toFixed(0)} %`;
const mark = (met: boolean | null) => (met === null ? 'not measured' : met ? '**met**' : '**missed**');

function midSize(r: BenchResults): number {
  return r.settings.sizes.includes(100_000) ? 100_000 : r.settings.sizes[Math.floor(r.settings.sizes.length / 2)]!;
}

/** Express 5 alone replaying the same bytes, as a share of the baseline: the ceiling of any Express server here. */
function expressShare(r: BenchResults): string {
  const e = find(r, 'express', null, 'list100');
  const b = find(r, 'baseline', null, 'list100');
  return e && b ? `; Express alone: ${pct(e.rps / b.rps)}` : '';
}

export function goals(r: BenchResults): Goal[] {
  const mid = midSize(r);
  const small = Math.min(...r.settings.sizes);
  const large = Math.max(...r.settings.sizes);
  const out: Goal[] = [];

  const rounds = r.p1_rounds ?? [];
  if (rounds.length > 0) {
    const sorted = [...rounds].sort((a, b) => a.ratio - b.ratio);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    out.push({
      id: 'P1',
      what: `/account/transactions?per_page=100, ${sizeLabel(mid)} transactions, embedded store: req/s vs the baseline, median of ${rounds.length} interleaved rounds`,
      measured: `${pct(median.ratio)} (${f0(median.server_rps)} / ${f0(median.baseline_rps)} req/s; rounds ${rounds.map((x) => pct(x.ratio)).join(', ')})${expressShare(r)}`,
      target: '≥ 30 %',
      met: median.ratio >= 0.3,
    });
  } else {
    const srv = find(r, 'embedded', mid, 'list100');
    const base = find(r, 'baseline', null, 'list100');
    const p1 = srv && base ? srv.rps / base.rps : null;
    out.push({
      id: 'P1',
      what: `/account/transactions?per_page=100, ${sizeLabel(mid)} transactions, embedded store: req/s vs the baseline`,
      measured:
        p1 === null ? 'not measured' : `${pct(p1)} (${f0(srv!.rps)} / ${f0(base!.rps)} req/s)${expressShare(r)}`,
      target: '≥ 30 %',
      met: p1 === null ? null : p1 >= 0.3,
    });
  }

  // P2 is about the store's design (the count behind total_count), so the embedded figure is taken with the read
  // cache off: with it on, a repeated request never reaches the database at all.
  for (const target of ['embedded', 'postgres'] as const) {
    const variant = target === 'embedded' ? READ_CACHE_OFF : undefined;
    const a = find(r, target, large, 'filtered', variant);
    const b = find(r, target, small, 'filtered', variant);
    if (!a || !b) {
      if (target === 'embedded')
        out.push({
          id: 'P2',
          what: 'filtered list p50 at 1M / at 10k (embedded)',
          measured: 'not measured',
          target: '≤ 1.5×',
          met: null,
        });
      continue;
    }
    const ratio = a.p50_ms / b.p50_ms;
    out.push({
      id: target === 'embedded' ? 'P2' : 'P2 (PostgreSQL, informative)',
      what: `filtered list (status + category + from/to) p50 at ${sizeLabel(large)} / at ${sizeLabel(small)}, ${target === 'embedded' ? 'embedded store, read cache off' : 'PostgreSQL'}`,
      measured: `${f2(ratio)}× (${f1(a.p50_ms)} / ${f1(b.p50_ms)} ms)`,
      target: '≤ 1.5×',
      met: ratio <= 1.5,
    });
  }

  const ratios = ENDPOINTS.map((ep) => {
    const s = find(r, 'embedded', mid, ep.id);
    const p = find(r, 'prism', null, ep.id);
    return s && p ? { ep: ep.id, ratio: s.rps / p.rps } : null;
  }).filter((x): x is { ep: EndpointId; ratio: number } => x !== null);
  const worst = ratios.sort((x, y) => x.ratio - y.ratio)[0];
  out.push({
    id: 'P3',
    what: `reference server (embedded, ${sizeLabel(mid)}, real data) vs the Prism mock, same endpoint: lowest ratio over the ${ENDPOINTS.length} endpoints`,
    measured: worst ? `${f1(worst.ratio)}× (${worst.ep})` : 'not measured',
    target: '≥ 4×',
    met: worst ? worst.ratio >= 4 : null,
  });

  const cold = r.cold_start.filter((c) => c.target === 'embedded'); // every embedded start, variants included
  const coldMax = cold.length ? Math.max(...cold.map((c) => c.ms_to_first_200)) : null;
  out.push({
    id: 'P4 cold start',
    what: 'existing data directory → first authenticated 200 (`/account/transactions?per_page=100`), slowest of all embedded starts of the run',
    measured: coldMax === null ? 'not measured' : `${f2(coldMax / 1000)} s`,
    target: '≤ 2 s',
    met: coldMax === null ? null : coldMax <= 2000,
  });
  const c = r.conformance;
  out.push({
    id: 'P4 conformance',
    what: '`npm run conformance -- --keys FILE --env sandbox` against the local server (rate limiting off), wall time',
    measured: c?.seconds ? `${f1(c.seconds)} s (exit ${c.exit_code})` : 'not measured',
    target: '≤ 15 s',
    met: c?.seconds ? c.seconds <= 15 && c.exit_code === 0 : null,
  });
  const s = r.soak;
  out.push({
    id: 'Memory',
    what: `RSS over a ${s?.seconds ?? '–'} s soak (mixed endpoints), growth after a ${s?.warmup_sec ?? '–'} s warm-up`,
    measured: s
      ? `${s.growth_pct >= 0 ? '+' : ''}${f1(s.growth_pct)} % (${f0(s.rss_after_warmup_mib)} → ${f0(s.rss_end_mib)} MiB, max ${f0(s.rss_max_mib)})`
      : 'not measured',
    target: '≤ 10 %',
    met: s ? s.growth_pct <= 10 : null, // growth = end vs after warm-up (the issue's words); the peak is shown
  });
  out.push(...purchaseGoals(r.purchases));
  out.push(...realisticGoals(r.realistic));
  out.push(...deepPageGoals(r.deep_pages));
  out.push(...stormGoals(r.storm));
  return out;
}

const TARGET_ORDER: TargetKind[] = ['baseline', 'express', 'embedded', 'postgres', 'prism'];
const label = (m: { target: TargetKind; size: number | null; variant?: string | undefined }) =>
  `${m.target}${m.size ? ` ${sizeLabel(m.size)}` : ''}${m.variant ? ` (${m.variant})` : ''}`;

export function renderMarkdown(
  r: BenchResults,
  opts: { chartFile: string; before: BenchResults | null; summaryOnly?: boolean },
): string {
  const L: string[] = [];
  const mid = midSize(r);
  const small = Math.min(...r.settings.sizes);
  const large = Math.max(...r.settings.sizes);
  const gs = goals(r);

  const goalTable = () => {
    L.push('| goal | what | measured | target | status |', '|---|---|---|---|---|');
    for (const g of gs) L.push(`| ${g.id} | ${g.what} | ${g.measured} | ${g.target} | ${mark(g.met)} |`);
  };
  if (opts.summaryOnly) {
    goalTable();
    return L.join('\n');
  }

  const m = r.machine;
  L.push(
    `# Benchmark results — ${r.mode} run, ${r.generated_at.slice(0, 16).replace('T', ' ')} UTC${r.restricted ? ' (restricted)' : ''}`,
    '',
  );
  L.push(
    `Machine: ${m.cpu_model}, ${m.cores} cores, ${m.memory_gib} GiB RAM, ${m.platform} (${m.kernel}), Node ${m.node}; load average at start ${m.load_average_at_start.join(' / ')} (a shared, noisy machine: compare ratios within one run).`,
    '',
  );
  L.push(
    `Load: autocannon, ${r.settings.connections} connections, ${r.settings.warmup_sec} s warm-up then ${r.settings.duration_sec} s per measurement, one endpoint at a time. Server: \`node dist/server.mjs\` (\`npm run build\`, what \`npm start\` runs) with \`NODE_ENV=production\` (response validation off) and \`RATE_LIMIT_RPS=0\`. PostgreSQL: ${r.settings.postgres ?? 'not set'}. Total run time ${f0(r.total_seconds)} s.`,
    '',
  );
  L.push(`![req/s and p99 per target and dataset size](${opts.chartFile})`, '');

  L.push('## Goals', '');
  goalTable();
  L.push('');
  const missed = gs.filter((g) => g.met === false).map((g) => g.id);
  if (missed.length) {
    L.push(
      `Missed in this run: ${missed.join(', ')}. Where the time goes is measured below ("Where the CPU of a request goes", "Cost of the auth lookup", "Response validation", "Purchases on PostgreSQL"); bench/README.md ("Why P1 and P3 were missed", "Purchases: where the time goes") explains what it would take on this design.`,
      '',
    );
  }

  L.push('## Throughput and latency', '');
  L.push(
    'Errors = non-2xx + socket errors. RSS = the server process at the end of the measurement. Bytes = per response, with headers.',
    '',
  );
  L.push(
    '| endpoint | target | req/s | p50 ms | p99 ms | errors | RSS MiB | bytes |',
    '|---|---|--:|--:|--:|--:|--:|--:|',
  );
  for (const ep of [...ENDPOINTS, PRODUCTS]) {
    const rows = r.measurements
      .filter((x) => x.endpoint === ep.id)
      .sort(
        (a, b) =>
          TARGET_ORDER.indexOf(a.target) - TARGET_ORDER.indexOf(b.target) ||
          (a.size ?? 0) - (b.size ?? 0) ||
          (a.variant ?? '').localeCompare(b.variant ?? ''),
      );
    for (const x of rows) {
      L.push(
        `| ${ep.label} | ${label(x)} | ${f0(x.rps)} | ${f1(x.p50_ms)} | ${f1(x.p99_ms)} | ${x.errors} | ${f0(x.rss_mib_end)} | ${x.bytes_per_response} |`,
      );
    }
  }
  L.push('');

  L.push('## Ratios (within this run)', '');
  L.push(
    `| endpoint | embedded ${sizeLabel(mid)} / baseline | postgres ${sizeLabel(mid)} / baseline | embedded ${sizeLabel(mid)} / Prism | p50 ${sizeLabel(large)} / ${sizeLabel(small)} embedded, ${READ_CACHE_OFF} | p50 ${sizeLabel(large)} / ${sizeLabel(small)} postgres |`,
    '|---|--:|--:|--:|--:|--:|',
  );
  for (const ep of ENDPOINTS) {
    const base = find(r, 'baseline', null, ep.id);
    const e = find(r, 'embedded', mid, ep.id);
    const p = find(r, 'postgres', mid, ep.id);
    const pr = find(r, 'prism', null, ep.id);
    const ratio = (a?: Measurement, b?: Measurement) => (a && b ? a.rps / b.rps : null);
    // Growth with history: on the embedded store with the read cache off (with it on, nothing reaches the store).
    const grow = (t: TargetKind) => {
      const variant = t === 'embedded' ? READ_CACHE_OFF : undefined;
      const a = find(r, t, large, ep.id, variant);
      const b = find(r, t, small, ep.id, variant);
      return a && b ? `${f2(a.p50_ms / b.p50_ms)}×` : '–';
    };
    L.push(
      `| ${ep.label} | ${pct(ratio(e, base))} | ${pct(ratio(p, base))} | ${ratio(e, pr) === null ? '–' : `${f1(ratio(e, pr))}×`} | ${grow('embedded')} | ${grow('postgres')} |`,
    );
  }
  L.push('');

  L.push('## Response validation: on vs off', '');
  if (r.validation.length) {
    L.push(
      `Embedded store, ${sizeLabel(mid)} transactions; "on" is a second server with \`VALIDATE_RESPONSES=true\`, measured right after "off".`,
      '',
    );
    L.push(
      '| endpoint | req/s off | req/s on | on / off | p50 off ms | p50 on ms | errors on |',
      '|---|--:|--:|--:|--:|--:|--:|',
    );
    for (const v of r.validation) {
      L.push(
        `| ${ENDPOINTS.find((e) => e.id === v.endpoint)?.label ?? v.endpoint} | ${f0(v.rps_off)} | ${f0(v.rps_on)} | ${pct(v.rps_on / v.rps_off)} | ${f1(v.p50_off_ms)} | ${f1(v.p50_on_ms)} | ${v.errors_on} |`,
      );
    }
    const list = r.validation.find((v) => v.endpoint === 'list100');
    L.push(
      '',
      `**Decision — production configuration:** response validation stays **off** when \`NODE_ENV=production\` (it is on in development and in the test suites, where every response is checked against the contract). ${list ? `It costs ${pct(1 - list.rps_on / list.rps_off)} of the throughput on the 100-row list (${f0(list.rps_on)} vs ${f0(list.rps_off)} req/s)` : 'Its cost is largest on the big list bodies'}, and it guards against our own bugs rather than the client's input: the conformance suite and the tests check the same schemas before a release. Request validation stays on everywhere.`,
    );
  } else L.push('not measured in this run');
  L.push('');

  L.push('## Cost of the auth lookup', '');
  const h = find(r, 'embedded', mid, 'health');
  const pr = find(r, 'embedded', mid, 'products');
  const bal = find(r, 'embedded', mid, 'balance');
  const balOff = find(r, 'embedded', mid, 'balance', READ_CACHE_OFF);
  if (h && pr) {
    L.push(`| endpoint (embedded ${sizeLabel(mid)}) | store calls | req/s | p50 ms |`, '|---|---|--:|--:|');
    L.push(`| /health | \`SELECT 1\`, batched per event-loop turn | ${f0(h.rps)} | ${f1(h.p50_ms)} |`);
    L.push(`| /products | key lookup (findKeyByHash) | ${f0(pr.rps)} | ${f1(pr.p50_ms)} |`);
    if (bal) L.push(`| /account/balance | key lookup + wallet (read cache) | ${f0(bal.rps)} | ${f1(bal.p50_ms)} |`);
    if (balOff)
      L.push(
        `| /account/balance | key lookup + wallet (${READ_CACHE_OFF}) | ${f0(balOff.rps)} | ${f1(balOff.p50_ms)} |`,
      );
    L.push('');
  }
  if (r.auth) {
    const s = r.auth.store_us;
    L.push(
      `Single store calls, in-process, ${r.auth.store_driver} ${sizeLabel(r.auth.store_size)} (µs per call, sequential): \`SELECT 1\` ${f0(s.ping)}, findKeyByHash ${f0(s.find_key_by_hash)}, getWallet ${f0(s.get_wallet)}, listTransactions (100 rows + total) ${f0(s.list_transactions_100)}.`,
      '',
    );
    L.push(
      `**Decision:** on PostgreSQL the key is looked up on every authenticated request, with no cache: other instances and the console change keys in that database, and a revoke, disable or regenerate must act on the very next request (test/robustness/revocation.spec.ts). On the embedded store the lookup goes through the read cache like every read (server/store/read-cache.ts): exact, because one process holds the data directory and every write empties the cache. The lookup is one indexed point query, ${f0(s.find_key_by_hash)} µs of PGlite on the event loop per request without the cache${balOff && bal ? `; /account/balance (lookup + wallet) runs at ${f0(balOff.rps)} req/s with the cache off and ${f0(bal.rps)} with it on` : ''}.`,
      '',
    );
  }

  L.push('## Where the CPU of a request goes', '');
  if (r.profile) {
    const pf = r.profile;
    L.push(
      `The production server on the embedded ${sizeLabel(pf.size)} store under \`--cpu-prof\`, serving \`/account/transactions?per_page=100\` (${pf.requests} requests, ${f0(pf.rps_under_profile)} req/s under the profiler; the profile covers the whole process, so its start-up — loading modules, booting PGlite, about 1.5 s — is in it too). Our code is the bundle \`dist/server.mjs\`; the validator is express-openapi-validator + ajv; Express is express + router; \`node:_http_*\`, \`writev\` and the GC are Node's HTTP work. Self time by package or file:`,
      '',
    );
    L.push('| package / file | share | ms |', '|---|--:|--:|');
    for (const x of pf.summary.self_by_package) L.push(`| ${x.name} | ${pct(x.share)} | ${f0(x.ms)} |`);
    L.push('', 'Heaviest functions (self time):', '');
    L.push('| function | share | ms |', '|---|--:|--:|');
    for (const x of pf.summary.self_by_function.slice(0, 10))
      L.push(`| \`${x.name}\` | ${pct(x.share)} | ${f0(x.ms)} |`);
    L.push('');
  } else L.push('not measured', '');

  L.push('## Cold start', '');
  L.push(
    'Spawn of `node dist/server.mjs` on an existing data directory (or database) until the first 200 of an authenticated `/account/transactions?per_page=100` (the validator loads the contract on the first request, so this includes that).',
    '',
  );
  L.push('| target | ms to first 200 |', '|---|--:|');
  for (const c of r.cold_start) L.push(`| ${label(c)} | ${f0(c.ms_to_first_200)} |`);
  L.push('');

  L.push('## Memory soak', '');
  if (r.soak) {
    const s = r.soak;
    L.push(
      `${s.seconds} s of the ${ENDPOINTS.length} endpoints in rotation on the embedded ${sizeLabel(s.size)} server: ${f0(s.rps)} req/s, p99 ${f1(s.p99_ms)} ms, ${s.errors} errors. RSS after ${s.warmup_sec} s: ${f0(s.rss_after_warmup_mib)} MiB, at the end ${f0(s.rss_end_mib)} MiB (${s.growth_pct >= 0 ? '+' : ''}${f1(s.growth_pct)} %), max ${f0(s.rss_max_mib)} MiB.`,
      '',
    );
    L.push(
      `RSS samples (s: MiB): ${s.samples
        .filter((_, i) => i % 5 === 0 || i === s.samples.length - 1)
        .map((x) => `${x.t}: ${f0(x.rss_mib)}`)
        .join(', ')}`,
      '',
    );
  } else L.push('not measured', '');

  L.push('## Conformance run', '');
  L.push(
    r.conformance
      ? r.conformance.seconds
        ? `${f1(r.conformance.seconds)} s, exit code ${r.conformance.exit_code}. ${r.conformance.summary}`
        : r.conformance.summary
      : 'not measured',
    '',
  );

  if (r.purchases !== undefined) L.push(...purchasesSection(r.purchases));
  if (r.realistic !== undefined) L.push(...realisticSection(r.realistic));
  L.push(...deepPagesSection(r.deep_pages));
  L.push(...stormSection(r.storm));

  if (opts.before) {
    const b = opts.before;
    L.push('## Before / after the store and HTTP changes', '');
    L.push(
      `"Before" is \`bench/results/before.json\` (${b.generated_at.slice(0, 16).replace('T', ' ')} UTC, the code before this work, load average ${b.machine.load_average_at_start.join(' / ')}); compare ratios rather than absolute figures across runs.`,
      '',
    );
    L.push(
      '| endpoint | target | req/s before | req/s after | p50 before ms | p50 after ms | vs baseline before | vs baseline after |',
      '|---|---|--:|--:|--:|--:|--:|--:|',
    );
    for (const ep of ENDPOINTS) {
      for (const t of ['embedded', 'postgres'] as const) {
        for (const size of r.settings.sizes) {
          const a = find(r, t, size, ep.id);
          const o = find(b, t, size, ep.id);
          if (!a || !o) continue;
          const ba = find(r, 'baseline', null, ep.id);
          const bo = find(b, 'baseline', null, ep.id);
          L.push(
            `| ${ep.label} | ${t} ${sizeLabel(size)} | ${f0(o.rps)} | ${f0(a.rps)} | ${f1(o.p50_ms)} | ${f1(a.p50_ms)} | ${bo ? pct(o.rps / bo.rps) : '–'} | ${ba ? pct(a.rps / ba.rps) : '–'} |`,
          );
        }
      }
    }
    L.push('');
    L.push('Goals before:', '');
    L.push('| goal | measured before | status before |', '|---|---|---|');
    for (const g of goals(b)) L.push(`| ${g.id} | ${g.measured} | ${mark(g.met)} |`);
    L.push('');
  }
  if (r.notes.length) L.push('## Notes', '', ...r.notes.map((n) => `- ${n}`), '');
  return L.join('\n');
}
