/**
 * Deep pages (issue 14, item 3): on the largest dataset of each store, p50 of a page two from the end of the list
 * against p50 of page 1, per_page=100, for the unfiltered list and three filters (status; status + category; a
 * one-year window). One connection, requests alternating page 1 / deep page so the machine's noise moves both
 * alike; the production server, the read cache off (an exact repeat would otherwise be answered from memory).
 */
import { sizeLabel, type Dataset } from '../lib/dataset.ts';
import { BASE } from '../lib/endpoints.ts';
import { ANCHOR } from '../lib/generate-sql.ts';
import { percentileOf } from '../lib/stats.ts';
import { authHeaders, withServer, type PhaseContext } from './common.ts';

export interface DeepPageCase {
  store: 'embedded' | 'postgres';
  size: number;
  filter: string;
  total_count: number;
  deep_page: number;
  page1_p50_ms: number;
  deep_p50_ms: number;
  ratio: number;
  /** The deep page reported the same total_count as page 1 and held per_page rows. */
  exact: boolean;
}

const YEAR_AGO = new Date(ANCHOR.getTime() - 365 * 86_400_000);
const FILTERS: { label: string; query: string }[] = [
  { label: 'none', query: '' },
  { label: 'status', query: 'status=successful&' },
  { label: 'status + category', query: 'status=successful&category=purchase&' },
  {
    label: 'one-year window',
    query: `from=${encodeURIComponent(YEAR_AGO.toISOString())}&to=${encodeURIComponent(ANCHOR.toISOString())}&`,
  },
];
const WARMUP = 3;
const RUNS = 30;

async function timed(
  url: string,
  headers: Record<string, string>,
): Promise<{ ms: number; body: { data: unknown[]; pagination: { total_count: number; total_pages: number } } }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers });
  const body = (await res.json()) as { data: unknown[]; pagination: { total_count: number; total_pages: number } };
  if (res.status !== 200) throw new Error(`${url} → ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return { ms: performance.now() - t0, body };
}

export async function measureDeepPages(ctx: PhaseContext, d: Dataset): Promise<DeepPageCase[]> {
  const store = d.driver === 'pglite' ? ('embedded' as const) : ('postgres' as const);
  const env: Record<string, string> = store === 'embedded' ? { STORE_READ_CACHE: 'false' } : {};
  const { value } = await withServer(
    ctx,
    env,
    d,
    `deep pages, ${store} ${sizeLabel(d.size)}`,
    async (proc): Promise<DeepPageCase[]> => {
      const headers = authHeaders(d.key);
      const out: DeepPageCase[] = [];
      for (const f of FILTERS) {
        const url = (page: number) => `${proc.origin}${BASE}/account/transactions?${f.query}page=${page}&per_page=100`;
        const first = await timed(url(1), headers);
        const deep = Math.max(1, first.body.pagination.total_pages - 2);
        const page1: number[] = [];
        const deepMs: number[] = [];
        let exact = true;
        for (let i = 0; i < WARMUP + RUNS; i++) {
          const a = await timed(url(1), headers);
          const b = await timed(url(deep), headers);
          exact &&= b.body.pagination.total_count === first.body.pagination.total_count && b.body.data.length === 100;
          if (i >= WARMUP) {
            page1.push(a.ms);
            deepMs.push(b.ms);
          }
        }
        const c: DeepPageCase = {
          store,
          size: d.size,
          filter: f.label,
          total_count: first.body.pagination.total_count,
          deep_page: deep,
          page1_p50_ms: percentileOf(page1, 50),
          deep_p50_ms: percentileOf(deepMs, 50),
          ratio: percentileOf(deepMs, 50) / percentileOf(page1, 50),
          exact,
        };
        ctx.log(
          `deep pages ${store} ${sizeLabel(d.size)} [${f.label}]: page 1 ${c.page1_p50_ms.toFixed(1)} ms, page ${deep} of ${first.body.pagination.total_pages} ${c.deep_p50_ms.toFixed(1)} ms (${c.ratio.toFixed(2)}×)${exact ? '' : ' — TOTAL OR PAGE SIZE DIFFERS'}`,
        );
        out.push(c);
      }
      return out;
    },
  );
  return value;
}
