/**
 * Extreme date-times for `from` / `to`: years 0000 and 9999 with the widest offsets are valid RFC 3339, so the
 * list answers 200 (never a 5xx), holding exactly the transactions in range — all of them from year 0, none
 * from the end of year 9999 or up to year 0.
 */
import { filterConformance } from '../checks/filter_conformance.ts';
import type { CaseDef } from '../context.ts';
import type { Item } from '../shared.ts';
import { TRANSACTIONS, type ListBody } from './common.ts';

const at = (i: Item) => Date.parse(String(i.attributes.created_at));

const EXTREMES: { name: 'from' | 'to'; value: string; matches: (i: Item) => boolean; present: boolean }[] = [
  {
    name: 'from',
    value: '0000-01-01T00:00:00Z',
    matches: (i) => at(i) >= Date.parse('0000-01-01T00:00:00Z'),
    present: true,
  },
  {
    name: 'from',
    value: '9999-12-31T23:59:59-14:00',
    matches: (i) => at(i) >= Date.parse('9999-12-31T23:59:59-14:00'),
    present: false,
  },
  {
    name: 'to',
    value: '0000-01-01T00:00:00Z',
    matches: (i) => at(i) <= Date.parse('0000-01-01T00:00:00Z'),
    present: false,
  },
];

export function extremeDateCases(): CaseDef[] {
  return EXTREMES.map((x): CaseDef => ({
    id: `extreme-date.${TRANSACTIONS}.${x.name}.${x.value.slice(0, 4)}`,
    group: 'extreme-dates',
    operationId: TRANSACTIONS,
    title: `?${x.name}=${x.value} → 200 with the transactions in range`,
    needs: ['full'],
    async run(t) {
      const ex = await t.get('/account/transactions', { query: { [x.name]: x.value, per_page: 100 } }, 'full', {
        status: 200,
      });
      const body = t.ok<ListBody>(ex);
      if (!body) return;
      const describe = (i: Item) => `${i.id} (created_at ${String(i.attributes.created_at)})`;
      t.report(
        'filter_conformance',
        filterConformance({
          items: body.data,
          filter: `${x.name}=${x.value}`,
          matches: x.matches,
          present: x.present,
          describe,
        }),
        ex,
      );
    },
  }));
}
