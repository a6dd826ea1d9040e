/**
 * GET /account/transactions/{id}: the id, `txn_` + id and the external reference return the same transaction as
 * the list; unknown ids of every form (random UUID, random `txn_` + UUID, random external reference, a junk id)
 * are 404 TRANSACTION_NOT_FOUND.
 */
import { lookupConformance } from '../checks/lookup_conformance.ts';
import type { CaseContext, CaseDef } from '../context.ts';
import type { Item } from '../shared.ts';
import { randomExternalReference, randomUUID, walkedTransactions } from './common.ts';
import type { OkBody } from '../client/api.ts';

const OP = 'getTransaction';
type Found = OkBody<'/account/transactions/{id}'>;

async function lookup(t: CaseContext, id: string, listed: Item, form: string) {
  const ex = await t.get('/account/transactions/{id}', { path: { id } }, 'full', { status: 200 });
  const body = t.ok<Found>(ex);
  if (!body) return;
  t.report('lookup_conformance', lookupConformance(listed, body.data, form), ex);
}

export function lookupCases(): CaseDef[] {
  const c = (id: string, title: string, run: (t: CaseContext) => Promise<void>): CaseDef => ({
    id: `lookups.${id}`,
    group: 'lookups',
    operationId: OP,
    title,
    needs: ['full'],
    run,
  });
  const forms = [
    c('by_id', 'by id → the transaction of the list', async (t) => {
      for (const item of sample(walkedTransactions(t))) await lookup(t, item.id, item, `by id ${item.id}`);
    }),
    c('by_txn_prefix', 'by txn_ + id → the same transaction', async (t) => {
      for (const item of sample(walkedTransactions(t))) await lookup(t, `txn_${item.id}`, item, `by txn_${item.id}`);
    }),
    c('by_external_reference', 'by external reference → the same transaction', async (t) => {
      const item = walkedTransactions(t).find((i) => typeof i.attributes.external_reference === 'string');
      if (!item) return t.skip('no transaction with an external_reference in the data');
      await lookup(
        t,
        String(item.attributes.external_reference),
        item,
        `by external reference ${String(item.attributes.external_reference)}`,
      );
    }),
  ];
  const unknown = [
    ['random_uuid', 'a random UUID', () => randomUUID()],
    ['random_txn_uuid', 'txn_ + a random UUID', () => `txn_${randomUUID()}`],
    ['random_external_reference', 'a random external reference', () => randomExternalReference()],
    ['junk', "a junk id ('not-a-transaction')", () => 'not-a-transaction'],
  ] as const;
  return [
    ...forms,
    ...unknown.map(([id, what, make]) =>
      c(`unknown.${id}`, `${what} → 404 TRANSACTION_NOT_FOUND`, async (t) => {
        await t.get('/account/transactions/{id}', { path: { id: make() } }, 'full', {
          status: 404,
          code: 'TRANSACTION_NOT_FOUND',
        });
      }),
    ),
  ];
}

/** The first, the middle and the last transaction read. */
function sample(items: Item[]): Item[] {
  return [...new Set([items[0]!, items[Math.floor(items.length / 2)]!, items[items.length - 1]!])];
}
