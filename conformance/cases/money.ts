/**
 * Money conservation around the write part of the run. `money.before` (after every read, before the first write)
 * waits until no purchase of the `full` key's account is pending — one settling during the run would move the
 * balance by itself — and reads the balance. `money.after` (after every write) waits until none of the run's
 * purchases is pending, reads each one's final status and the balance again: balance before − after must be the sum
 * of the total_debit of the run's purchases that are neither failed nor reversed (money_conservation), to the kobo.
 * Both assume that nothing else uses that account meanwhile (a shared sandbox key would make the check lie).
 */
import { moneyConservation, type Spent } from '../checks/money_conservation.ts';
import type { CaseContext, CaseDef } from '../context.ts';
import { kobo } from './purchase-support.ts';

const SETTLE_BOUND_MS = 30_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function balance(
  t: CaseContext,
): Promise<{ kobo: bigint; ex: Awaited<ReturnType<CaseContext['send']>> } | undefined> {
  const ex = await t.send({ operationId: 'getAccountBalance' }, 'full', { status: 200 });
  const body = t.ok<{ data: { balance: string } }>(ex, 'getAccountBalance');
  const k = body ? kobo(body.data.balance) : null;
  return k === null ? undefined : { kobo: k, ex };
}

async function pendingPurchases(t: CaseContext): Promise<number | undefined> {
  const ex = await t.send(
    { operationId: 'listTransactions', query: { status: 'pending', category: 'purchase', per_page: 1 } },
    'full',
    { status: 200 },
  );
  return t.ok<{ pagination: { total_count: number } }>(ex, 'listTransactions')?.pagination.total_count;
}

export function moneyBeforeCase(): CaseDef {
  return {
    id: 'money.before',
    group: 'money',
    operationId: 'getAccountBalance',
    needs: ['full'],
    writes: true,
    title: 'before the first write: no purchase of the account pending; the balance',
    async run(t) {
      const deadline = Date.now() + SETTLE_BOUND_MS;
      let pending = await pendingPurchases(t);
      while (pending !== undefined && pending > 0 && Date.now() < deadline) {
        await sleep(500);
        pending = await pendingPurchases(t);
      }
      if (pending === undefined) return;
      if (pending > 0)
        t.skip(
          `${pending} purchases of the account stay pending: the balance would move on its own, money_conservation cannot be judged`,
        );
      const b = await balance(t);
      if (b) t.shared.balanceBefore = { kobo: b.kobo, exchange: b.ex };
    },
  };
}

export function moneyAfterCase(): CaseDef {
  return {
    id: 'money.conservation',
    group: 'money',
    operationId: 'getAccountBalance',
    needs: ['full'],
    writes: true,
    title:
      "after the last write: balance before − after = Σ total_debit of the run's purchases neither failed nor reversed",
    async run(t) {
      const before = t.shared.balanceBefore;
      if (!before) return t.skip('the balance before the writes could not be read (see money.before)');
      const mine = [...t.shared.purchases.values()].filter((p) => p.role === 'full');
      const spent: Spent[] = [];
      const deadline = Date.now() + SETTLE_BOUND_MS;
      for (const p of mine) {
        let status: string | undefined;
        for (;;) {
          const ex = await t.send({ operationId: 'getTransaction', pathParams: { id: p.id } }, 'full', { status: 200 });
          status = t.ok<{ data: { attributes: { status: string } } }>(ex, 'getTransaction')?.data.attributes.status;
          if (status !== 'pending' || Date.now() > deadline) break;
          await sleep(500);
        }
        if (status === undefined) return; // reported by the response checks
        const total = kobo(p.totalDebit);
        if (total === null)
          return t.fail(
            'money_conservation',
            t.op(),
            `purchase ${p.id} (${p.caseId}) has no total_debit`,
            p.exchange,
            'price.total_debit',
          );
        if (status === 'pending')
          return t.fail(
            'money_conservation',
            t.op(),
            `purchase ${p.id} (${p.caseId}) is still pending after ${SETTLE_BOUND_MS / 1000} s`,
            p.exchange,
            'a final state',
          );
        p.status = status;
        spent.push({ id: p.id, status, totalDebitKobo: total });
      }
      const after = await balance(t);
      if (after) t.report('money_conservation', moneyConservation(before.kobo, after.kobo, spent), after.ex);
    },
  };
}
