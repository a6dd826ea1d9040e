/** The deep-pages part of a run's results (phases/deep-pages.ts): its goal and its section of the report. */
import type { DeepPageCase } from '../phases/deep-pages.ts';
import { sizeLabel } from './dataset.ts';
import type { Goal } from './report.ts';
import { f1, f2 } from './stats.ts';

export const DEEP_PAGE_TARGET = 2;

export function deepPageGoals(cases: DeepPageCase[] | undefined): Goal[] {
  const out: Goal[] = [];
  for (const store of ['postgres', 'embedded'] as const) {
    const mine = (cases ?? []).filter((c) => c.store === store);
    const id = `P8 deep pages (${store === 'postgres' ? 'PostgreSQL' : 'embedded, read cache off'})`;
    const what = `p50 of the page two from the end ÷ p50 of page 1, per_page=100, largest history${mine[0] ? ` (${sizeLabel(mine[0].size)})` : ''}, worst of: no filter, status, status + category, a one-year window; totals exact`;
    if (mine.length === 0) {
      out.push({ id, what, measured: 'not measured', target: `≤ ${DEEP_PAGE_TARGET}×`, met: null });
      continue;
    }
    const worst = mine.reduce((a, b) => (b.ratio > a.ratio ? b : a));
    const exact = mine.every((c) => c.exact);
    out.push({
      id,
      what,
      target: `≤ ${DEEP_PAGE_TARGET}×`,
      measured: `${f2(worst.ratio)}× (${worst.filter}: ${f1(worst.deep_p50_ms)} / ${f1(worst.page1_p50_ms)} ms)${exact ? '' : '; a deep page changed the total or the page size'}`,
      met: worst.ratio <= DEEP_PAGE_TARGET && exact,
    });
  }
  return out;
}

export function deepPagesSection(cases: DeepPageCase[] | undefined): string[] {
  if (!cases?.length) return [];
  return [
    '## Deep pages',
    '',
    'One connection, page 1 and the page two from the end requested in turn, 3 warm-ups then 30 pairs; p50 of each. The deep page seeks from the per-day counters (server/store/page-seek.ts).',
    '',
    '| store | size | filter | total_count | deep page | page 1 p50 ms | deep p50 ms | deep ÷ page 1 | totals exact |',
    '|---|--:|---|--:|--:|--:|--:|--:|---|',
    ...cases.map(
      (c) =>
        `| ${c.store} | ${sizeLabel(c.size)} | ${c.filter} | ${c.total_count.toLocaleString('en')} | ${c.deep_page.toLocaleString('en')} | ${f1(c.page1_p50_ms)} | ${f1(c.deep_p50_ms)} | ${f2(c.ratio)}× | ${c.exact ? 'yes' : '**no**'} |`,
    ),
    '',
  ];
}
