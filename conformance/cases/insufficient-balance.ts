/**
 * INSUFFICIENT_BALANCE, with the `low_balance` key (its own account, whose wallet holds little: 50.00 NGN in the
 * demo): a purchase costing more than the wallet holds → 422 INSUFFICIENT_BALANCE, and nothing recorded — the
 * balance and the transaction list are as before (nothing_recorded). The answer is the stored outcome of its
 * Idempotency-Key: the same request again is that 422 again, with `Idempotent-Replayed: true`.
 */
import { idempotentReplayConformance } from '../checks/idempotent_replay_conformance.ts';
import type { Problem } from '../checks/types.ts';
import type { CaseContext, CaseDef } from '../context.ts';
import type { Contract } from '../contract/operations.ts';
import type { Item } from '../shared.ts';
import { reordered } from './idempotency.ts';
import { kobo, naira, productsFor, PURCHASES, rangeOf, validBody, type Body } from './purchase-support.ts';

interface Wallet {
  balance: bigint;
  count: number;
  newest: string | undefined;
}

async function wallet(t: CaseContext): Promise<Wallet | undefined> {
  const b = await t.send({ operationId: 'getAccountBalance' }, 'low_balance', { status: 200 });
  const l = await t.send({ operationId: 'listTransactions', query: { per_page: 1 } }, 'low_balance', { status: 200 });
  const balance = kobo(t.ok<{ data: { balance: string } }>(b, 'getAccountBalance')?.data.balance);
  const list = t.ok<{ data: Item[]; pagination: { total_count: number } }>(l, 'listTransactions');
  return balance === null || !list
    ? undefined
    : { balance, count: list.pagination.total_count, newest: list.data[0]?.id };
}

/** A body costing more than `balance`: an amount just above it within a range, or a product priced above it. */
function tooDear(t: CaseContext, operationId: string, balance: bigint): Body | undefined {
  for (const p of productsFor(t, operationId)) {
    const range = rangeOf(p);
    const price = kobo((p.attributes.price as Record<string, unknown> | undefined)?.amount);
    if (range && range.max > balance)
      return validBody(t, operationId, { amount: naira(range.min > balance ? range.min : balance + 1n) }, p);
    if (!range && price !== null && price > balance) return validBody(t, operationId, {}, p);
  }
  return undefined;
}

export function insufficientBalanceCases(contract: Contract): CaseDef[] {
  return PURCHASES.filter((id) => contract.op(id).responses.get(422)?.codes.includes('INSUFFICIENT_BALANCE')).map(
    (operationId): CaseDef => ({
      id: `purchase-errors.${operationId}.insufficient_balance`,
      group: 'purchase-errors',
      operationId,
      title:
        'low_balance key, a purchase dearer than its wallet → 422 INSUFFICIENT_BALANCE, nothing recorded; replayed as such',
      needs: ['low_balance'],
      writes: true,
      async run(t) {
        const before = await wallet(t);
        if (!before) return;
        const body = tooDear(t, operationId, before.balance);
        if (!body) return t.skip(`no ${operationId} costs more than the low_balance wallet (${naira(before.balance)})`);
        const key = t.newIdempotencyKey();
        const first = await t.post({ body, idempotencyKey: key }, 'low_balance', {
          status: 422,
          code: 'INSUFFICIENT_BALANCE',
        });
        const again = await t.post({ raw: reordered(body), idempotencyKey: key }, 'low_balance', {
          status: 422,
          code: 'INSUFFICIENT_BALANCE',
        });
        if (first.response && again.response)
          t.report('idempotent_replay_conformance', idempotentReplayConformance(first.response, again.response), again);
        const after = await wallet(t);
        if (after) t.report('nothing_recorded', nothingRecorded(before, after), first);
      },
    }),
  );
}

/** nothing_recorded: a refused purchase leaves the wallet and the transaction list as they were. */
export function nothingRecorded(before: Wallet, after: Wallet): Problem[] {
  const out: Problem[] = [];
  if (after.balance !== before.balance)
    out.push({
      message: `the balance went from ${naira(before.balance)} to ${naira(after.balance)}`,
      documented: 'nothing debited',
    });
  if (after.count !== before.count || after.newest !== before.newest) {
    out.push({
      message: `the list went from ${before.count} transactions (newest ${before.newest ?? '-'}) to ${after.count} (newest ${after.newest ?? '-'})`,
      documented: 'nothing recorded',
    });
  }
  return out;
}
