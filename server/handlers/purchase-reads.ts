/**
 * GET /purchases/{id} — scope read_transactions: one purchase, the same transaction as GET /account/transactions/
 * {id} and looked up the same three ways. A transaction that is no purchase answers what an unknown id answers
 * (404 TRANSACTION_NOT_FOUND), as does another account's: lookups are by account, so it is never found.
 */
import { ok } from '../contract/envelope.ts';
import type { Handler } from '../contract/operations.ts';
import type { Principal } from '../contract/principal.ts';
import { errors } from '../errors.ts';
import type { Store, TransactionRow } from '../store/types.ts';
import { parseTransactionId, toTransaction } from './transactions.ts';

/** The purchase of this account named by `id` (any of the three forms), or 404 TRANSACTION_NOT_FOUND. */
export async function purchaseOf(
  store: Pick<Store, 'getTransactionById' | 'getTransactionByExternalReference'>,
  principal: Principal,
  id: string,
): Promise<TransactionRow> {
  const lookup = parseTransactionId(id);
  if (!lookup) throw errors.transactionNotFound();
  const row =
    lookup.by === 'id'
      ? await store.getTransactionById(principal.account_id, lookup.id)
      : await store.getTransactionByExternalReference(principal.account_id, lookup.ref);
  if (!row || row.category !== 'purchase') throw errors.transactionNotFound();
  return row;
}

export const getPurchase: Handler<'getPurchase'> = async (ctx) =>
  ok(toTransaction(await purchaseOf(ctx.store, ctx.principal, ctx.path.id)));
