/**
 * Renders the table of RELIABILITY.md from the figures of the last robustness run (reports/robustness-figures.json,
 * written by `npm run test:robustness`): `npm run reliability:table`. Only the part between the two markers is
 * replaced; a check missing from the run is shown as "not run".
 */
import { readFileSync, writeFileSync } from 'node:fs';

const ROOT = new URL('..', import.meta.url).pathname;
const FIGURES = `${ROOT}reports/robustness-figures.json`;
const DOC = `${ROOT}RELIABILITY.md`;
const START = '<!-- figures:start (npm run reliability:table) -->';
const END = '<!-- figures:end -->';

interface Row {
  id: string;
  check: string;
  threat: string;
  file: string;
}

/** The checks, in the order of the table; `id` is what the spec writes with recordFigures. */
export const ROWS: Row[] = [
  {
    id: 'contract-fuzz',
    check: 'Contract fuzz (≥ 10,000 generated requests, response validation on)',
    threat: 'API8:2023, API4:2023; ASVS V5.1.3, V5.1.4, V7.4.1, V13.2.1',
    file: 'fuzz.spec.ts',
  },
  {
    id: 'query-header-torture',
    check: 'Query and header torture',
    threat: 'API8:2023; ASVS V5.1.1, V5.1.3, V8.3.1, V13.1.3; RFC 6750 §2.3, §5.3',
    file: 'torture.spec.ts',
  },
  {
    id: 'slow-clients',
    check: 'Slow clients (slowloris)',
    threat: 'API4:2023; ASVS V11.1.4',
    file: 'slow-clients.spec.ts',
  },
  {
    id: 'sigterm-under-load',
    check: 'SIGTERM under load',
    threat: 'availability (graceful shutdown)',
    file: 'sigterm.spec.ts',
  },
  {
    id: 'database-loss',
    check: 'Database loss (backends terminated, database unreachable)',
    threat: 'availability; API8:2023; ASVS V7.4.1',
    file: 'database-loss.spec.ts',
  },
  {
    id: 'revocation-under-load',
    check: 'Revocation under load (2 instances, regenerate + revoke)',
    threat: 'API2:2023; RFC 6750 §3.1 (invalid_token)',
    file: 'revocation.spec.ts',
  },
  {
    id: 'secrets',
    check: 'Secrets in logs, database and responses',
    threat: 'API2:2023, API8:2023; ASVS V7.1.1, V7.1.2, V8.3.1, V13.1.3; RFC 6750 §5.3',
    file: 'secrets.spec.ts',
  },
  {
    id: 'allow-list',
    check: 'IP allow-list by bind address, IPv4-mapped callers, X-Forwarded-For',
    threat: 'API2:2023, API8:2023; ASVS V4.1.1',
    file: 'allow-list.spec.ts',
  },
  {
    id: 'rate-limit-shared-redis',
    check: 'Rate limit shared by 2 instances through Redis',
    threat: 'API4:2023, API2:2023; ASVS V2.2.1, V11.1.4',
    file: 'rate-limit-redis.spec.ts',
  },
  {
    id: 'rate-limit-redis-unreachable',
    check: 'Rate limit with Redis unreachable from the start',
    threat: 'API4:2023; availability',
    file: 'rate-limit-redis.spec.ts',
  },
  {
    id: 'rate-limit-redis-killed',
    check: 'Rate limit with Redis killed and restarted mid-run',
    threat: 'API4:2023; availability',
    file: 'rate-limit-redis.spec.ts',
  },
  {
    id: 'purchases-one-wallet',
    check: '200 concurrent purchases on one wallet from 2 instances',
    threat: 'money: overspending under concurrency; ASVS V11.1.6 (race conditions)',
    file: 'purchases-one-wallet.spec.ts',
  },
  {
    id: 'purchases-idempotency',
    check: 'One Idempotency-Key sent 50 times at once over 2 instances',
    threat: 'money: a retry charged twice; ASVS V11.1.6 (race conditions)',
    file: 'purchases-idempotency.spec.ts',
  },
  {
    id: 'purchases-sigkill',
    check: 'SIGKILL in the middle of purchases, restart, clients retry',
    threat: 'money: partial writes, lost or doubled debits; availability',
    file: 'purchases-sigkill.spec.ts',
  },
  {
    id: 'purchases-reference-two-instances',
    check: 'One partner external_reference sent 50 times at once, no key, over 2 instances',
    threat: 'money: an order bought twice; ASVS V11.1.6 (race conditions)',
    file: 'purchases-reference.spec.ts',
  },
  {
    id: 'purchases-reference-sigkill',
    check: 'SIGKILL mid-burst of purchases by external_reference, restart, orders sent again',
    threat: 'money: partial writes, an order bought twice after a crash',
    file: 'purchases-reference.spec.ts',
  },
  {
    id: 'purchases-settlement',
    check: 'Settlement workers on 2 instances',
    threat: 'money: double settlement, double refund',
    file: 'purchases-settlement.spec.ts',
  },
  {
    id: 'purchases-retry-storm',
    check: 'Retry storm over 2 instances: 5 keys × 40 at once beside 100 new keys, twice, then after settling',
    threat:
      'availability: repeats queued behind writes, 503 after recording; money: a retry charged twice; ASVS V11.1.6 (race conditions)',
    file: 'purchases-retry-storm.spec.ts',
  },
  {
    id: 'product-price-race',
    check: '120 purchases of one fixed-price product over 2 instances, its price changed mid-burst with the console',
    threat:
      'money: a purchase charged a mix of two prices, or the old price after the change; ASVS V11.1.6 (race conditions)',
    file: 'product-price-race.spec.ts',
  },
  {
    id: 'low-balance-once',
    check: "100 concurrent purchases over 2 instances across the account's low-balance threshold",
    threat:
      'notifications: account.low_balance lost or sent more than once per crossing; ASVS V11.1.6 (race conditions)',
    file: 'low-balance-once.spec.ts',
  },
  {
    id: 'webhooks-delivery',
    check: '1,000 webhook events over 2 instances, 30 % of first attempts failing',
    threat: 'lost or duplicated notifications; ASVS V11.1.6 (race conditions)',
    file: 'webhooks-delivery.spec.ts',
  },
  {
    id: 'webhooks-sigkill',
    check: 'A delivering instance killed with SIGKILL',
    threat: 'lost notifications (at least once)',
    file: 'webhooks-delivery.spec.ts',
  },
  {
    id: 'webhooks-garbage-receiver',
    check:
      'A receiver answering garbage (NUL body, status 999/000/65535, non-UTF-8, cut, endless) for a whole schedule, 2 instances',
    threat: 'API10:2023 (unsafe consumption of APIs); lost notifications',
    file: 'webhooks-garbage-receiver.spec.ts',
  },
];

interface Run {
  finished_at: string;
  node: string;
  cpus: number;
  checks: { check: string; passed: boolean; skipped?: string; figures: Record<string, unknown>; at: string }[];
}

export function renderTable(run: Run): string {
  const lines = [
    `Last run: ${run.finished_at} (Node ${run.node}, ${run.cpus} CPUs). Figures are copied from \`reports/robustness-figures.json\`.`,
    '',
    '| check | result | figures of the last run | threat answered | rerun |',
    '|---|---|---|---|---|',
  ];
  for (const row of ROWS) {
    const c = run.checks.find((x) => x.check === row.id);
    const result = !c ? 'not run' : c.skipped ? `skipped (${c.skipped})` : c.passed ? 'pass' : '**FAIL**';
    const figures = c
      ? Object.entries(c.figures)
          .map(([k, v]) => `${k.replace(/_/g, ' ')} ${v === null ? '—' : String(v)}`)
          .join(', ')
      : '';
    lines.push(
      `| ${row.check} | ${result} | ${figures || '—'} | ${row.threat} | \`npm run test:robustness -- test/robustness/${row.file}\` |`,
    );
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const run = JSON.parse(readFileSync(FIGURES, 'utf8')) as Run;
  const doc = readFileSync(DOC, 'utf8');
  const i = doc.indexOf(START);
  const j = doc.indexOf(END);
  if (i === -1 || j < i) throw new Error(`${DOC} has no ${START} … ${END} section`);
  writeFileSync(DOC, `${doc.slice(0, i + START.length)}\n${renderTable(run)}\n${doc.slice(j)}`);
  console.log(`RELIABILITY.md: table refreshed from ${FIGURES} (${run.finished_at})`);
}
