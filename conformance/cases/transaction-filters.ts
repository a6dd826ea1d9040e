/**
 * Transaction filters that take a value from the data: `reference` (exact external reference), `from` and `to`
 * (inclusive instants), both together, and two filters combined. Each must return only matching transactions and
 * at least the one the value was taken from.
 */
import { filterConformance } from '../checks/filter_conformance.ts';
import type { CaseContext, CaseDef } from '../context.ts';
import type { Item } from '../shared.ts';
import { TRANSACTIONS, walkedTransactions, type ListBody } from './common.ts';
import type { QueryOf } from '../client/api.ts';

type Query = QueryOf<'/account/transactions'>;
const attr = (i: Item, k: string) => i.attributes[k];
const at = (i: Item) => Date.parse(String(attr(i, 'created_at')));

async function filtered(t: CaseContext, query: Query, filter: string, matches: (i: Item) => boolean) {
  const ex = await t.get('/account/transactions', { query: { ...query, per_page: 100 } }, 'full', { status: 200 });
  const body = t.ok<ListBody>(ex);
  if (!body) return;
  const describe = (i: Item) => `${i.id} (created_at ${String(attr(i, 'created_at'))}, status ${String(attr(i, 'status'))}, category ${String(attr(i, 'category'))}, external_reference ${String(attr(i, 'external_reference'))})`;
  t.report('filter_conformance', filterConformance({ items: body.data, filter, matches, present: true, describe }), ex);
}

const middle = (t: CaseContext) => {
  const items = walkedTransactions(t);
  return items[Math.floor(items.length / 2)]!;
};

export function transactionFilterCases(): CaseDef[] {
  const c = (id: string, title: string, run: (t: CaseContext) => Promise<void>): CaseDef =>
    ({ id: `filters.${TRANSACTIONS}.${id}`, group: 'filters', operationId: TRANSACTIONS, title, needs: ['full'], run });
  return [
    c('reference', '?reference=<an external reference> → only that transaction', async (t) => {
      const item = walkedTransactions(t).find((i) => typeof attr(i, 'external_reference') === 'string');
      if (!item) return t.skip('no transaction with an external_reference in the data');
      const ref = String(attr(item, 'external_reference'));
      await filtered(t, { reference: ref }, `reference=${ref}`, (i) => attr(i, 'external_reference') === ref);
    }),
    c('from', '?from=<a created_at> → only transactions at or after it', async (t) => {
      const x = String(attr(middle(t), 'created_at'));
      await filtered(t, { from: x }, `from=${x}`, (i) => at(i) >= Date.parse(x));
    }),
    c('to', '?to=<a created_at> → only transactions at or before it', async (t) => {
      const x = String(attr(middle(t), 'created_at'));
      await filtered(t, { to: x }, `to=${x}`, (i) => at(i) <= Date.parse(x));
    }),
    c('from_to', '?from=X&to=X → only transactions created at X (both inclusive)', async (t) => {
      const x = String(attr(middle(t), 'created_at'));
      await filtered(t, { from: x, to: x }, `from=to=${x}`, (i) => at(i) === Date.parse(x));
    }),
    c('from_to_offset', '?from=X&to=X written with a +01:00 offset → the same instant', async (t) => {
      const x = String(attr(middle(t), 'created_at'));
      const plusOne = new Date(Date.parse(x) + 3_600_000).toISOString().replace('Z', '+01:00');
      await filtered(t, { from: plusOne, to: plusOne }, `from=to=${plusOne}`, (i) => at(i) === Date.parse(x));
    }),
    c('combined', '?status=…&category=… → transactions matching both', async (t) => {
      const item = middle(t);
      const status = attr(item, 'status') as Query['status'];
      const category = attr(item, 'category') as Query['category'];
      await filtered(t, { status, category }, `status=${status}&category=${category}`, (i) => attr(i, 'status') === status && attr(i, 'category') === category);
    }),
  ];
}
