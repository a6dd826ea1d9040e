/**
 * The purchases part of a run's results (phases/purchases.ts): its goals — purchases per second against pgbench's
 * TPC-B-like TPS on the same PostgreSQL, one hot wallet ≥ 0.30×, many wallets ≥ 0.40× — for each form of purchase
 * (keyed: a fresh Idempotency-Key per purchase; by reference: `POST /purchases` with a fresh `external_reference`
 * and no key), and its section of the Markdown report (the loads, the cost of a purchase on each side, the reads
 * while purchases flow, the profile).
 */
import type { PurchaseLoad, PurchaseRound, PurchasesResults } from '../phases/purchases.ts';
import type { Goal } from './report.ts';
import { f0, f1, f2, median } from './stats.ts';

const pct = (x: number) => `${(x * 100).toFixed(0)} %`;

export const PURCHASE_TARGETS = { hot_wallet: 0.3, many_wallets: 0.4 } as const;

const loadOf = (p: PurchasesResults, id: PurchaseLoad['id']) => p.loads.find((l) => l.id === id);

type Wallets = 'hot_wallet' | 'many_wallets';
/** How the purchases were made safe to retry: a fresh Idempotency-Key each, or a fresh `external_reference` each. */
export type PurchaseForm = 'key' | 'reference';

const roundRate = (r: PurchaseRound, id: Wallets, form: PurchaseForm): number | undefined => {
  const from = form === 'key' ? r : r.reference;
  return from && (id === 'hot_wallet' ? from.hot_wallet_rps : from.many_wallets_rps);
};
const roundRatio = (r: PurchaseRound, id: Wallets, form: PurchaseForm = 'key') =>
  roundRate(r, id, form)! / r.pgbench_tps;
/** The rounds that measured the form against pgbench. */
const roundsOf = (p: PurchasesResults | null | undefined, form: PurchaseForm) =>
  p?.rounds?.filter((r) => r.pgbench_tps > 0 && roundRate(r, 'hot_wallet', form) !== undefined) ?? [];
/** Whether results hold the by-reference form at all (runs from before it was measured do not). */
const measuresReference = (p: PurchasesResults) =>
  p.loads.some((l) => l.id === 'hot_wallet_reference') || roundsOf(p, 'reference').length > 0;

/**
 * Purchases per second of a load as a share of pgbench's TPS, or null when either is missing: the median of the
 * interleaved rounds' ratios when the run has rounds, else (keyed form, results from before rounds) the one load over
 * the one pgbench run. The by-reference form counts purchases created (201s) only.
 */
export function purchaseRatio(
  p: PurchasesResults | null | undefined,
  id: Wallets,
  form: PurchaseForm = 'key',
): number | null {
  const rounds = roundsOf(p, form);
  if (rounds.length) return median(rounds.map((r) => roundRatio(r, id, form)));
  if (form === 'reference') return null;
  const l = p ? loadOf(p, id) : undefined;
  return l && p?.pgbench && p.pgbench.tps > 0 ? l.rps / p.pgbench.tps : null;
}

function measuredText(p: PurchasesResults, id: Wallets, form: PurchaseForm, ratio: number): string {
  const rounds = roundsOf(p, form);
  if (rounds.length > 1) {
    const each = rounds.map((r) => `${f0(roundRate(r, id, form))}/${f0(r.pgbench_tps)}`).join(', ');
    return `${f2(ratio)}× (median of ${rounds.length} interleaved rounds, purchases/s / tps: ${each})`;
  }
  const rate = rounds.length ? roundRate(rounds[0]!, id, form)! : loadOf(p, id)!.rps;
  const tps = rounds.length ? rounds[0]!.pgbench_tps : p.pgbench!.tps;
  return `${f2(ratio)}× (${f0(rate)} purchases/s vs ${f0(tps)} tps)`;
}

/**
 * P5 and P6 for each form; none for results from before the purchases phase existed (no `purchases` member at all),
 * and only the keyed pair for results from before the by-reference form was measured.
 */
export function purchaseGoals(p: PurchasesResults | null | undefined): Goal[] {
  if (p === undefined) return [];
  const forms: PurchaseForm[] = p === null || measuresReference(p) ? ['key', 'reference'] : ['key'];
  return forms.flatMap((form) =>
    (['hot_wallet', 'many_wallets'] as const).map((id) => {
      const ratio = purchaseRatio(p, id, form);
      const target = PURCHASE_TARGETS[id];
      const who =
        id === 'hot_wallet'
          ? 'every purchase from one wallet'
          : `each from the next of ${p?.many_wallets ?? '–'} partners`;
      const name = id === 'hot_wallet' ? 'P5 purchases, one wallet' : 'P6 purchases, many wallets';
      return {
        id: form === 'key' ? name : `${name}, by reference`,
        what:
          form === 'key'
            ? `sandbox airtime purchases per second on PostgreSQL (unique Idempotency-Keys, ${who}) vs pgbench's TPC-B-like TPS on the same database`
            : `sandbox airtime purchases created per second on PostgreSQL by \`POST /purchases\` with a unique \`external_reference\` and no Idempotency-Key (${who}) vs pgbench's TPC-B-like TPS on the same database`,
        measured: ratio === null ? 'not measured' : measuredText(p!, id, form, ratio),
        target: `≥ ${target.toFixed(2)}×`,
        met: ratio === null ? null : ratio >= target,
      };
    }),
  );
}

const LOAD_LABEL: Record<PurchaseLoad['id'], string> = {
  hot_wallet: 'purchases, one hot wallet',
  many_wallets: 'purchases, many wallets',
  hot_wallet_reference: 'purchases by reference (no Idempotency-Key), one hot wallet',
  many_wallets_reference: 'purchases by reference (no Idempotency-Key), many wallets',
  reads_alone: 'reads alone (balance, transactions, data plans, account)',
  mixed: 'the same reads + 1 data purchase in 10',
  mixed_hanging_webhooks: 'the same mix, every partner subscribed to a webhook receiver that hangs',
  floor_hot_wallet: 'floor server, one hot wallet',
  floor_many_wallets: 'floor server, many wallets',
  floor_grouped_hot_wallet: 'floor server in group commits, one hot wallet',
  floor_grouped_many_wallets: 'floor server in group commits, many wallets',
};

type FloorKey = keyof NonNullable<PurchaseRound['floor']>;

/** The floor server's rate as a share of pgbench's TPS, median over the rounds that measured it; null without any. */
export function floorRatio(p: PurchasesResults, key: FloorKey): number | null {
  const rounds = p.rounds?.filter((r) => r.pgbench_tps > 0 && r.floor) ?? [];
  return rounds.length ? median(rounds.map((r) => r.floor![key] / r.pgbench_tps)) : null;
}

export function purchasesSection(p: PurchasesResults | null | undefined): string[] {
  const L: string[] = ['## Purchases on PostgreSQL', ''];
  if (!p) return [...L, 'not measured in this run (needs DATABASE_URL or TEST_DATABASE_URL)', ''];
  L.push(
    `The production server on a PostgreSQL schema of its own for the run; every purchase with a fresh Idempotency-Key, sandbox scenario "successful at once". pgbench: scale ${p.pgbench?.scale ?? '–'}, ${p.pgbench?.clients ?? '–'} clients, ${p.pgbench?.threads ?? '–'} threads, in a schema of its own, run with the server stopped. Per request: CPU of the server process and of every PostgreSQL process (clean on a quiet machine only), database transactions from pg_stat_database.`,
    '',
  );
  L.push(
    '| load | req/s | p50 ms | p99 ms | errors | server CPU µs / req | PostgreSQL CPU µs / req | db transactions / req |',
    '|---|--:|--:|--:|--:|--:|--:|--:|',
  );
  for (const l of p.loads) {
    L.push(
      `| ${LOAD_LABEL[l.id]} | ${f0(l.rps)} | ${f1(l.p50_ms)} | ${f1(l.p99_ms)} | ${l.errors} | ${f0(l.cost.server_cpu_us)} | ${f0(l.cost.postgres_cpu_us)} | ${f1(l.cost.db_transactions)} |`,
    );
  }
  const g = p.pgbench;
  if (g)
    L.push(
      `| pgbench TPC-B-like (tps) | ${f0(g.tps)} | ${f1(g.p50_ms)} | ${f1(g.p99_ms)} | ${g.failed} | – | ${f0(g.postgres_cpu_us)} | 1.0 |`,
    );
  L.push('');
  if ((p.rounds?.length ?? 0) > 1) {
    L.push(
      'Interleaved rounds (the goals take the median ratio; the table above is round 1). Floor: the floor server (bench/purchase-floor-server.mjs, the two money statements and nothing else); grouped: the same in group commits:',
      '',
      '| round | hot wallet purchases/s | many wallets purchases/s | pgbench tps | hot ÷ pgbench | many ÷ pgbench | floor hot / many ÷ pgbench | grouped hot / many ÷ pgbench |',
      '|--:|--:|--:|--:|--:|--:|--:|--:|',
    );
    const x = (r: PurchaseRound, key: FloorKey) => (r.floor ? `${f2(r.floor[key] / r.pgbench_tps)}×` : '–');
    p.rounds!.forEach((r, i) =>
      L.push(
        `| ${i + 1} | ${f0(r.hot_wallet_rps)} | ${f0(r.many_wallets_rps)} | ${f0(r.pgbench_tps)} | ${f2(roundRatio(r, 'hot_wallet'))}× | ${f2(roundRatio(r, 'many_wallets'))}× | ${x(r, 'hot_wallet_rps')} / ${x(r, 'many_wallets_rps')} | ${x(r, 'grouped_hot_wallet_rps')} / ${x(r, 'grouped_many_wallets_rps')} |`,
      ),
    );
    L.push('');
  }
  const byReference = roundsOf(p, 'reference');
  if (byReference.length) {
    L.push(
      'By reference: the same two loads as `POST /purchases` (airtime by product id) with a fresh `external_reference` per request and no Idempotency-Key, as a partner of the published API buys; purchases created (201) per second:',
      '',
      '| round | hot wallet purchases/s | many wallets purchases/s | pgbench tps | hot ÷ pgbench | many ÷ pgbench |',
      '|--:|--:|--:|--:|--:|--:|',
    );
    p.rounds!.forEach((r, i) => {
      if (r.reference && r.pgbench_tps > 0)
        L.push(
          `| ${i + 1} | ${f0(r.reference.hot_wallet_rps)} | ${f0(r.reference.many_wallets_rps)} | ${f0(r.pgbench_tps)} | ${f2(roundRatio(r, 'hot_wallet', 'reference'))}× | ${f2(roundRatio(r, 'many_wallets', 'reference'))}× |`,
        );
    });
    L.push('');
  }
  const hot = purchaseRatio(p, 'hot_wallet');
  const many = purchaseRatio(p, 'many_wallets');
  const refHot = purchaseRatio(p, 'hot_wallet', 'reference');
  const refMany = purchaseRatio(p, 'many_wallets', 'reference');
  L.push(
    `Ratios to pgbench: one hot wallet ${f2(hot)}× (target ${PURCHASE_TARGETS.hot_wallet.toFixed(2)}×), many wallets ${f2(many)}× (target ${PURCHASE_TARGETS.many_wallets.toFixed(2)}×)${refHot !== null || refMany !== null ? `; by reference, without a key, ${f2(refHot)}× and ${f2(refMany)}×` : ''}. A purchase is several database transactions (above), each a few statements; bench/README.md ("Purchases: where the time goes") breaks one down.`,
    '',
  );
  const floors = (
    ['hot_wallet_rps', 'many_wallets_rps', 'grouped_hot_wallet_rps', 'grouped_many_wallets_rps'] as const
  ).map((k) => floorRatio(p, k));
  if (floors.every((r) => r !== null)) {
    const [fh, fm, gh, gm] = floors as [number, number, number, number];
    const meets = (hot: number, many: number) => {
      const ok = [hot >= PURCHASE_TARGETS.hot_wallet, many >= PURCHASE_TARGETS.many_wallets];
      return ok[0] && ok[1]
        ? 'meets both targets'
        : ok[0]
          ? 'meets P5 only'
          : ok[1]
            ? 'meets P6 only'
            : 'meets neither target';
    };
    L.push(
      `The floor — a bare node:http server doing only the purchase's two money statements on the same schema — reaches ${f2(fh)}× (one hot wallet) and ${f2(fm)}× (many wallets) of pgbench with one purchase per statement, and ${f2(gh)}× and ${f2(gm)}× when it records and settles purchases in group commits (medians over the rounds): at the floor, one purchase per statement ${meets(fh, fm)}, group commits ${meets(gh, gm)}. The reference server reaches ${pct(hot! / fh)} and ${pct(many! / fm)} of the first pair.`,
      '',
    );
  }
  const alone = loadOf(p, 'reads_alone')?.by_kind?.read;
  const mixed = loadOf(p, 'mixed')?.by_kind;
  if (alone && mixed?.read) {
    const seconds = (l: PurchaseLoad | undefined) => (l && l.rps > 0 ? l.requests / l.rps : NaN);
    const aloneRps = alone.requests / seconds(loadOf(p, 'reads_alone'));
    const mixedRps = mixed.read.requests / seconds(loadOf(p, 'mixed'));
    L.push('Reads while purchases flow:', '');
    L.push(
      '| | reads/s | read p50 ms | read p99 ms | purchases/s | purchase p50 ms | purchase p99 ms |',
      '|---|--:|--:|--:|--:|--:|--:|',
    );
    L.push(`| reads alone | ${f0(aloneRps)} | ${f1(alone.p50_ms)} | ${f1(alone.p99_ms)} | – | – | – |`);
    const buy = mixed.purchase;
    L.push(
      `| 90 % reads, 10 % purchases | ${f0(mixedRps)} | ${f1(mixed.read.p50_ms)} | ${f1(mixed.read.p99_ms)} | ${buy ? f0(buy.requests / seconds(loadOf(p, 'mixed'))) : '–'} | ${f1(buy?.p50_ms)} | ${f1(buy?.p99_ms)} |`,
    );
    const hung = loadOf(p, 'mixed_hanging_webhooks');
    const hk = hung?.by_kind;
    if (hk?.read) {
      const hbuy = hk.purchase;
      L.push(
        `| same, webhooks to a receiver that hangs | ${f0(hk.read.requests / seconds(hung))} | ${f1(hk.read.p50_ms)} | ${f1(hk.read.p99_ms)} | ${hbuy ? f0(hbuy.requests / seconds(hung)) : '–'} | ${f1(hbuy?.p50_ms)} | ${f1(hbuy?.p99_ms)} |`,
      );
    }
    L.push(
      '',
      `While one request in ten is a purchase, a read's p50 goes from ${f1(alone.p50_ms)} to ${f1(mixed.read.p50_ms)} ms and its p99 from ${f1(alone.p99_ms)} to ${f1(mixed.read.p99_ms)} ms. The read rate (${pct(mixedRps / aloneRps)} of the rate alone) is a closed loop's: each of the connections also waits for its purchase between its reads.`,
      '',
    );
    if (hk?.read && p.webhooks) {
      L.push(
        `With every partner subscribed to a receiver that accepts each delivery and never answers (each attempt holds one of the worker's 16 slots for its 15 s timeout; ${p.webhooks.receiver_connections} connections held, ${p.webhooks.pending_after} deliveries still pending at the end), a read's p99 is ${f1(hk.read.p99_ms)} ms against ${f1(mixed.read.p99_ms)} ms without webhooks, and a purchase's p99 ${f1(hk.purchase?.p99_ms)} ms against ${f1(mixed.purchase?.p99_ms)} ms.`,
        '',
      );
    }
  }
  if (p.profile) {
    L.push(
      `CPU profile of the server under the hot-wallet load (${p.profile.requests} purchases, ${f0(p.profile.rps_under_profile)} req/s under the profiler), self time:`,
      '',
    );
    L.push('| package / file | share | function | share |', '|---|--:|---|--:|');
    const pk = p.profile.summary.self_by_package.slice(0, 8);
    const fn = p.profile.summary.self_by_function.slice(0, 8);
    for (let i = 0; i < Math.max(pk.length, fn.length); i++) {
      L.push(
        `| ${pk[i]?.name ?? ''} | ${pk[i] ? pct(pk[i]!.share) : ''} | ${fn[i] ? `\`${fn[i]!.name}\`` : ''} | ${fn[i] ? pct(fn[i]!.share) : ''} |`,
      );
    }
    L.push('');
  }
  L.push(`Purchases recorded in the run's schema: ${p.purchases_recorded} (warm-ups included).`, '');
  if (p.notes.length) L.push(...p.notes.map((n) => `- ${n}`), '');
  return L;
}
