import { describe, expect, it } from 'vitest';
import type { DeepPageCase } from '../../bench/phases/deep-pages.ts';
import { deepPageGoals, deepPagesSection } from '../../bench/lib/deep-pages-report.ts';

const c = (store: DeepPageCase['store'], filter: string, page1: number, deep: number, exact = true): DeepPageCase => ({
  store,
  size: 1_000_000,
  filter,
  total_count: 250_000,
  deep_page: 2498,
  page1_p50_ms: page1,
  deep_p50_ms: deep,
  ratio: deep / page1,
  exact,
});

describe('deep pages in the results', () => {
  it.each([
    [
      'met when the worst filter is within 2×',
      [c('postgres', 'none', 4, 7), c('postgres', 'status', 2, 3.9)],
      true,
      '1.95×',
    ],
    [
      'missed when one filter is above 2×',
      [c('postgres', 'none', 4, 7), c('postgres', 'status', 1.4, 6.8)],
      false,
      '4.86×',
    ],
    ['missed when a deep page changed the total, however fast', [c('postgres', 'none', 4, 4, false)], false, '1.00×'],
  ] as const)('%s', (_, cases, met, measured) => {
    const [pg, emb] = deepPageGoals([...cases]);
    expect(pg!.met).toBe(met);
    expect(pg!.measured.startsWith(measured)).toBe(true);
    expect(emb!.met).toBeNull();
  });

  it('lists every case in the section', () => {
    const md = deepPagesSection([c('embedded', 'one-year window', 10, 15)]).join('\n');
    expect(md).toContain('| embedded | 1M | one-year window | 250,000 | 2,498 | 10.0 | 15.0 | 1.50× | yes |');
  });
});
