/** The semantic checks on canned data: pagination, partition, ordering, filters, lookups, products, categories. */
import { describe, expect, it } from 'vitest';
import { categoryEndpoints } from '../../conformance/checks/category_endpoints.ts';
import { filterConformance } from '../../conformance/checks/filter_conformance.ts';
import { lookupConformance } from '../../conformance/checks/lookup_conformance.ts';
import { orderingConformance } from '../../conformance/checks/ordering_conformance.ts';
import { pagesPartition } from '../../conformance/checks/pages_partition.ts';
import { paginationConformance, type Pagination } from '../../conformance/checks/pagination_conformance.ts';
import { productInvariants } from '../../conformance/checks/product_invariants.ts';
import { example } from './support/canned.ts';

const messages = (ps: { message: string }[]) => ps.map((p) => p.message);
const p = (
  page: number,
  per_page: number,
  total_count: number,
  total_pages = Math.ceil(total_count / per_page),
): Pagination => ({ page, per_page, total_count, total_pages });

describe('pagination_conformance', () => {
  it.each([
    ['a full first page', p(1, 20, 45), { page: 1, per_page: 20 }, 20, []],
    ['the last page', p(3, 20, 45), { page: 3, per_page: 20 }, 5, []],
    ['a page past the end', p(4, 20, 45), { page: 4, per_page: 20 }, 0, []],
    ['an empty list', p(1, 20, 0, 0), { page: 1, per_page: 20 }, 0, []],
    ['total_pages off by one', p(1, 20, 45, 4), { page: 1, per_page: 20 }, 20, ['total_pages is 4']],
    [
      'per_page not echoed (default 20)',
      p(1, 10, 45),
      { page: 1, per_page: 20 },
      10,
      ['per_page is 10', 'holds 10 items'],
    ],
    ['items past the end', p(4, 20, 45), { page: 4, per_page: 20 }, 5, ['page 4 holds 5 items']],
    ['page not echoed', p(1, 20, 45), { page: 2, per_page: 20 }, 20, ['pagination.page is 1']],
  ] as const)('%s', (_n, pag, req, len, want) => {
    const got = messages(paginationConformance(pag, req, len));
    expect(got).toHaveLength(want.length);
    want.forEach((w, i) => expect(got[i]).toContain(w));
  });
});

describe('pages_partition', () => {
  const page = (n: number, ids: string[], total = 5) => ({ page: n, ids, pagination: p(n, 2, total) });
  it('accepts a partition', () =>
    expect(pagesPartition([page(1, ['a', 'b']), page(2, ['c', 'd']), page(3, ['e'])], true)).toEqual([]));
  it('finds a duplicate across pages', () =>
    expect(messages(pagesPartition([page(1, ['a', 'b']), page(2, ['b', 'd']), page(3, ['e'])], true))).toEqual([
      '1 duplicate ids: b on pages 1 and 2',
      'the 3 pages hold 4 distinct ids',
    ]));
  it('finds a missing item', () =>
    expect(messages(pagesPartition([page(1, ['a', 'b']), page(2, ['c', 'd'])], true))[0]).toContain(
      'hold 4 distinct ids',
    ));
  it('does not count a sample', () => expect(pagesPartition([page(1, ['a', 'b'])], false)).toEqual([]));
  it('finds totals that change between pages', () =>
    expect(messages(pagesPartition([page(1, ['a', 'b']), page(2, ['c', 'd'], 6)], false))[0]).toContain(
      'page 2 reports total_count 6',
    ));
});

describe('ordering_conformance', () => {
  const t = (id: string, created_at: string) => ({ id, created_at });
  it('accepts newest first, ties by id desc', () =>
    expect(
      orderingConformance([
        t('b', '2026-11-02T00:00:00.000Z'),
        t('z', '2026-11-01T00:00:00.000Z'),
        t('a', '2026-11-01T00:00:00.000Z'),
      ]),
    ).toEqual([]));
  it('rejects oldest first', () =>
    expect(
      orderingConformance([t('a', '2026-11-01T00:00:00.000Z'), t('b', '2026-11-02T00:00:00.000Z')])[0]?.index,
    ).toBe(1));
  it('rejects ids ascending within a tie', () =>
    expect(orderingConformance([t('a', '2026-11-01T00:00:00.000Z'), t('b', '2026-11-01T00:00:00.000Z')])).toHaveLength(
      1,
    ));
});

describe('filter_conformance', () => {
  const items = [{ s: 'pending' }, { s: 'failed' }];
  const run = (list: { s: string }[], present: boolean) =>
    messages(
      filterConformance({
        items: list,
        filter: 'status=pending',
        matches: (i) => i.s === 'pending',
        present,
        describe: (i) => i.s,
      }),
    );
  it('finds items that do not match', () =>
    expect(run(items, true)[0]).toContain('1 of 2 items do not match status=pending: failed'));
  it('requires an item for a value that occurs', () =>
    expect(run([], true)[0]).toContain('no item for status=pending'));
  it('accepts an empty list for a value that does not occur', () => expect(run([], false)).toEqual([]));
  it('holds a lookup to at most one item', () => {
    const lookup = (list: { s: string }[]) =>
      messages(
        filterConformance({
          items: list,
          filter: 'reference=R',
          matches: (i) => i.s === 'R',
          present: true,
          atMostOne: true,
          describe: (i) => i.s,
        }),
      );
    expect(lookup([{ s: 'R' }])).toEqual([]);
    expect(lookup([{ s: 'R' }, { s: 'R' }])[0]).toContain('2 items for reference=R, a lookup');
  });
});

describe('lookup_conformance', () => {
  const tx = () => example('TransactionDataPlan').data;
  it('accepts the same transaction', () => expect(lookupConformance(tx(), tx(), 'by id')).toEqual([]));
  it('rejects another transaction', () =>
    expect(messages(lookupConformance(tx(), { ...tx(), id: 'x' }, 'by id'))[0]).toContain('returned transaction x'));
  it('rejects a changed amount', () => {
    const other = tx();
    other.attributes.amount = '1.00';
    expect(messages(lookupConformance(tx(), other, 'by txn_'))[0]).toContain('differs from the list on amount');
  });
});

describe('product_invariants', () => {
  const list = (name: string) => example(name).data as unknown[];
  it.each(
    ['AirtimeListOk', 'DataPlanListOk', 'ElectricityListOk', 'CableTvListOk'].map((n, i) => [
      n,
      ['airtime', 'dataplan', 'electricity', 'cabletv'][i]!,
    ]),
  )('the contract example %s satisfies them', (name, kind) => expect(productInvariants(kind, list(name))).toEqual([]));
  it.each([
    [
      'airtime',
      'AirtimeListOk',
      (a: any) => {
        a.display_name = 'Airtime';
      },
      'display_name "Airtime" for network MTN',
    ],
    [
      'airtime',
      'AirtimeListOk',
      (a: any) => {
        a.network = 'mtn';
      },
      'network "mtn"',
    ],
    [
      'airtime',
      'AirtimeListOk',
      (a: any) => {
        a.min_amount = '60000.00';
      },
      'min_amount "60000.00"',
    ],
    [
      'dataplan',
      'DataPlanListOk',
      (a: any) => {
        a.validity_days = 7;
      },
      'validity_days 7 for bundle_type monthly',
    ],
    [
      'dataplan',
      'DataPlanListOk',
      (a: any) => {
        a.price.amount = '1200.5';
      },
      'price.amount "1200.5"',
    ],
    [
      'cabletv',
      'CableTvListOk',
      (a: any) => {
        a.display_name = ' ';
      },
      'display_name " "',
    ],
  ] as const)('%s: %#', (kind, name, edit, want) => {
    const items = list(name) as { attributes: unknown }[];
    edit(items[0]!.attributes);
    expect(messages(productInvariants(kind, items))[0]).toContain(want);
  });
});

describe('category_endpoints', () => {
  const cats = () => example('ProductCategoriesOk').data as { attributes: { endpoint: string } }[];
  it('accepts the example on production', () => expect(categoryEndpoints(cats(), '/api/partners/v1')).toEqual([]));
  it('rejects production endpoints on sandbox', () =>
    expect(categoryEndpoints(cats(), '/api/partners/sandbox/v1').length).toBe(5));
  it('rejects a kind listed twice', () => {
    const c = cats();
    c[1]!.attributes.endpoint = c[0]!.attributes.endpoint;
    expect(messages(categoryEndpoints(c, '/api/partners/v1'))[0]).toContain('categories for airtimes, airtimes');
  });
});
