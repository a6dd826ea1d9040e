/**
 * POST /purchases/{id}/query — scope read_transactions: ask the biller now how a pending purchase stands, and
 * answer the purchase as it stands after. The asking and settling is the settlement worker's own step
 * (biller/settlement.ts requeryAndSettle: decide() and one compare-and-set transaction of settle_purchase), so a
 * query, another query and the worker meeting on one purchase settle it once. A purchase that is not pending is
 * answered as it is, without asking. Creates nothing: no Idempotency-Key, safe to repeat.
 */
import { requeryAndSettle } from '../biller/settlement.ts';
import { ok } from '../contract/envelope.ts';
import type { Handler } from '../contract/operations.ts';
import { errors } from '../errors.ts';
import type { TransactionRow } from '../store/types.ts';
import { purchaseResponse } from './purchase-flow.ts';
import { purchaseOf } from './purchase-reads.ts';
import { toTransaction } from './transactions.ts';

export const queryPurchase: Handler<'queryPurchase'> = async (ctx) => {
  const row = await purchaseOf(ctx.store, ctx.principal, ctx.path.id);
  if (row.status !== 'pending') return ok(toTransaction(row));
  // What the biller's order needs beyond the row (claimDueChecks joins the same): the environment, and the meter
  // type of an electricity product (a prepaid meter's success carries a token).
  const product =
    row.product_type === 'electricity' && row.product_id
      ? await ctx.store.getProduct(ctx.environment, row.product_id)
      : null;
  const settled = await requeryAndSettle(
    { ...row, environment: ctx.environment, meter_type: product?.meter_type ?? null },
    {
      store: ctx.store,
      biller: ctx.biller,
      asked: 'partner',
      now: () => new Date(),
      // The 201 of the purchase, for its Idempotency-Key's record if the purchase's own request is still in flight.
      snapshot: (r: TransactionRow) => {
        const { body, location } = purchaseResponse(r, ctx.basePath);
        return { status: 201, body: JSON.stringify(body), location };
      },
    },
  );
  if (settled.kind !== 'lost') return ok(toTransaction(settled.row));
  // Settled by someone else meanwhile (the worker, another query, the purchase's own request): as it stands now.
  const now = await ctx.store.getTransactionById(ctx.principal.account_id, row.id);
  if (!now) throw errors.internal(new Error(`purchase ${row.id} vanished while it was queried`));
  return ok(toTransaction(now));
};
