/**
 * Purchases, one case per sandbox scenario of the contract (`info.x-sandbox-scenarios`, never a copy): the body is a
 * valid purchase with the scenario's magic values; the 201 is the transaction in the scenario's `outcome` state
 * (purchase_state_conformance), its Location points to it (location_conformance), it is on the first page of the
 * list, found by id, `txn_` + id and external reference (purchase_listed, lookup_conformance); polled, it reaches the
 * scenario's `then` within after_seconds × 3 + 5 s by documented moves only (purchase_settlement). A scenario whose
 * outcome is `not_found` is refused by the verification (404) and buys nothing. What it cost and what was refunded
 * shows in the balance: money_conservation (money.ts) at the end of the run.
 */
import { lookupConformance } from '../checks/lookup_conformance.ts';
import { locationConformance } from '../checks/location_conformance.ts';
import { orderingConformance } from '../checks/ordering_conformance.ts';
import { deliveryProblems, purchaseStateConformance } from '../checks/purchase_state_conformance.ts';
import { purchaseListed } from '../checks/purchase_listed.ts';
import { purchaseSettlement } from '../checks/purchase_settlement.ts';
import type { CaseContext, CaseDef } from '../context.ts';
import type { Contract } from '../contract/operations.ts';
import type { SandboxScenario } from '../contract/sandbox.ts';
import type { Item } from '../shared.ts';
import { choosePurchase, FEE_KOBO } from './purchase-choice.ts';
import { PURCHASE_KINDS, pollUntil, productAmountOf, type Body } from './purchase-support.ts';

type Tx = { id: string; attributes: Record<string, unknown> };

const boundMs = (s: SandboxScenario) => ((s.after_seconds ?? 0) * 3 + 5) * 1000;
const describe = (s: SandboxScenario) =>
  Object.entries(s.when)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');

export function purchaseCases(contract: Contract): CaseDef[] {
  return contract.scenarios
    .filter((s) => PURCHASE_KINDS[s.operation])
    .map((s): CaseDef => ({
      id: `purchases.${s.name}`,
      group: 'purchases',
      operationId: s.operation,
      title: `${contract.op(s.operation).path} with ${describe(s)} → ${s.outcome === 'not_found' ? '404' : `201 ${s.outcome}`}${s.then ? `, then ${s.then} within ${boundMs(s) / 1000} s` : ''}`,
      needs: ['full'],
      writes: true,
      waits: true,
      run: (t) => scenarioCase(t, s),
    }));
}

async function scenarioCase(t: CaseContext, s: SandboxScenario): Promise<void> {
  if (t.target.env !== 'sandbox') return t.skip('sandbox scenarios (magic values) exist only in the sandbox');
  const choice = await choosePurchase(t, s.operation, s.when);
  const body: Body = choice.body;
  if (s.outcome === 'not_found') {
    const codes = t.op().responses.get(404)?.codes ?? [];
    await t.post({ body }, 'full', { status: 404, ...(codes.length === 1 ? { code: codes[0]! } : {}) });
    return;
  }
  const ex = await t.post({ body }, 'full', { status: 201 });
  const created = t.ok<{ data: Tx }>(ex);
  if (!created) return;
  const tx = created.data;
  const kind = PURCHASE_KINDS[s.operation]!.kind;
  t.report(
    'purchase_state_conformance',
    purchaseStateConformance(tx, {
      status: s.outcome,
      productType: kind,
      body,
      productAmount: productAmountOf(body, choice.product),
      feeKobo: FEE_KOBO[kind] ?? 0n,
      prepaid: choice.prepaid,
    }),
    ex,
  );
  t.report('location_conformance', locationConformance(ex.response!, t.target.basePath), ex);
  await visible(t, tx, ex.response!.headers.location);
  if (!s.then) return;
  const seen = await pollUntil(t, tx.id, s.then, boundMs(s), String(tx.attributes.status));
  t.report(
    'purchase_settlement',
    purchaseSettlement(seen.statuses, s.then, seen.reached, boundMs(s)),
    seen.lastExchange ?? ex,
  );
  if (seen.reached && seen.last)
    t.report(
      'purchase_state_conformance',
      deliveryProblems(seen.last.attributes as Record<string, unknown>, choice.prepaid),
      seen.lastExchange,
    );
}

/** The new purchase is where a partner looks for it: Location, the first page of the list, `txn_` + id, external reference. */
async function visible(t: CaseContext, tx: Tx, location: string | undefined): Promise<void> {
  const read = async (req: Parameters<CaseContext['send']>[0], form: string) => {
    const ex = await t.send({ operationId: 'getTransaction', ...req }, 'full', { status: 200 });
    const found = t.ok<{ data: Item }>(ex, 'getTransaction');
    if (found) t.report('lookup_conformance', lookupConformance(tx, found.data, form), ex, t.op('getTransaction'));
  };
  if (location) await read({ baseUrl: t.target.origin, path: location }, `at its Location ${location}`);
  await read({ pathParams: { id: `txn_${tx.id}` } }, `by txn_${tx.id}`);
  const ref = tx.attributes.external_reference;
  if (typeof ref === 'string') await read({ pathParams: { id: ref } }, `by external reference ${ref}`);
  const ex = await t.send({ operationId: 'listTransactions', query: { per_page: 100 } }, 'full', { status: 200 });
  const page = t.ok<{ data: Item[] }>(ex, 'listTransactions');
  if (!page) return;
  const list = t.op('listTransactions');
  t.report('purchase_listed', purchaseListed(page.data, tx), ex, list);
  const ordered = page.data.map((i) => ({ id: i.id, created_at: String(i.attributes.created_at) }));
  t.report('ordering_conformance', orderingConformance(ordered), ex, list);
}
