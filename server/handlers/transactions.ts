/** GET /account/transactions and GET /account/transactions/{id} — scope read_transactions. */
import { EXTERNAL_REFERENCE_PATTERN } from '../domain.ts';
import { invalidValue } from '../contract/parameter-forms.ts';
import { errors } from '../errors.ts';
import { ok, okList } from '../contract/envelope.ts';
import { transactionOf } from '../contract/transaction.ts';
import type { TransactionRow } from '../store/types.ts';
import { mapOnce } from './memo.ts';
import { pageOf } from './paging.ts';
import { queryHandler, type Handler } from '../contract/operations.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const toTransaction = mapOnce(transactionOf);
const toTransactions = mapOnce((rows: readonly TransactionRow[]) => rows.map(toTransaction));

/** A leap second (`…:60`, which RFC 3339 and the contract accept but `Date` does not), fraction included. */
const LEAP_SECOND = /^([0-9]{4}-[0-9]{2}-[0-9]{2}[Tt][0-9]{2}:[0-9]{2}:)60(?:\.[0-9]+)?/;

/**
 * The instant of a date-time the contract accepted. Any year 0000–9999 and offset is an instant `Date` holds (the
 * store answers for all of them). A leap second is read as the last millisecond of its minute, the finest instant
 * the store keeps; anything that still is no instant is a 400 in the words of every other date-time error.
 */
export function instantOf(name: 'from' | 'to', value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const d = new Date(value.replace(LEAP_SECOND, '$159.999'));
  if (Number.isNaN(d.getTime())) throw errors.invalidParameter(name, invalidValue(name, false));
  return d;
}

/** Every query parameter of the operation is read here and handed on: its filters to the store, page and per_page
 * to pageOf() (the map after the operationId declares them: queryHandler, ARCHITECTURE.md step 3). */
export const listTransactions = queryHandler(
  'listTransactions',
  {
    status: true,
    category: true,
    reference: true,
    from: true,
    to: true,
    page: true,
    per_page: true,
  },
  async (ctx) => {
    const { account_id } = ctx.principal;
    const q = ctx.query;
    const from = instantOf('from', q.from);
    const to = instantOf('to', q.to);
    if (from && to && from.getTime() > to.getTime()) throw errors.invalidParameter('from', "must not be after 'to'");
    const page = pageOf(q);
    const result = await ctx.store.listTransactions(
      account_id,
      { status: q.status, category: q.category, external_reference: q.reference, from, to },
      page,
    );
    return okList(toTransactions(result.items), page, result.total_count);
  },
);

/** The three lookup forms: a UUID, `txn_` + UUID, or an external reference. Anything else matches nothing. */
export function parseTransactionId(
  id: string,
): { by: 'id'; id: string } | { by: 'external_reference'; ref: string } | null {
  const bare = id.startsWith('txn_') ? id.slice(4) : id;
  if (UUID.test(bare)) return { by: 'id', id: bare.toLowerCase() };
  if (bare === id && EXTERNAL_REFERENCE_PATTERN.test(id)) return { by: 'external_reference', ref: id };
  return null;
}

export const getTransaction: Handler<'getTransaction'> = async (ctx) => {
  const { account_id } = ctx.principal;
  const lookup = parseTransactionId(ctx.path.id);
  if (!lookup) throw errors.transactionNotFound();
  const row =
    lookup.by === 'id'
      ? await ctx.store.getTransactionById(account_id, lookup.id)
      : await ctx.store.getTransactionByExternalReference(account_id, lookup.ref);
  if (!row) throw errors.transactionNotFound();
  return ok(toTransaction(row));
};
