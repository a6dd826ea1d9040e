/**
 * The profiles as phases of cases. `full`: the first phase reads the lists (walks) and the categories; the second —
 * whose filter cases take their values from that data — every other read. Then the writes, between two readings of
 * the balance: `money.before`, every case that sends a POST (auth, parameters, check order, purchases, idempotency,
 * refusals), `money.conservation`. Reads come first because the reads judge a dataset that must hold still; every
 * POST comes after money.before, so that a refusal that debited all the same shows in the balance; `webhooks.retry`
 * ends the run beside money.conservation, so the retry it waits for comes while the writes run. `contract`: one
 * case per operation, shapes only.
 */
import { authMatrixCases } from './cases/auth-matrix.ts';
import { checkOrderCases } from './cases/check-order.ts';
import { contractProfileCases } from './cases/contract-profile.ts';
import { extremeDateCases } from './cases/extreme-dates.ts';
import { filterCases } from './cases/filters.ts';
import { headCases } from './cases/head.ts';
import { idempotencyCases } from './cases/idempotency.ts';
import { insufficientBalanceCases } from './cases/insufficient-balance.ts';
import { lowBalanceEventCase } from './cases/low-balance-event.ts';
import { productEventsCase } from './cases/product-events.ts';
import { isolationCases } from './cases/isolation.ts';
import { lookupCases } from './cases/lookups.ts';
import { methodNotAllowedCases } from './cases/method-not-allowed.ts';
import { moneyAfterCase, moneyBeforeCase } from './cases/money.ts';
import { orderingCases } from './cases/ordering.ts';
import { paginationCases, walkCases } from './cases/pagination.ts';
import { parameterCases } from './cases/parameters.ts';
import { pathVariantCases } from './cases/path-variants.ts';
import { categoryReadCase, productCases } from './cases/products.ts';
import { publicCases } from './cases/public.ts';
import { purchaseErrorCases } from './cases/purchase-errors.ts';
import { purchaseOrderCases } from './cases/purchase-order.ts';
import { purchaseCases } from './cases/purchases.ts';
import { referenceCases } from './cases/references.ts';
import { offlineProductCases, purchaseApiCases } from './cases/purchase-api.ts';
import { requestIdCases } from './cases/request-id.ts';
import { responseCases } from './cases/responses.ts';
import { verificationCases } from './cases/verifications.ts';
import { webhookCases, webhookRetryCase, webhookSetupCase } from './cases/webhooks.ts';
import type { CaseDef, RunContext } from './context.ts';
import type { Profile } from './model.ts';

export type Phase = (run: RunContext) => CaseDef[];

/** Every case after the first phase, reads and writes; a case that sends a POST says so (`writes`). */
function afterWalks(run: RunContext): CaseDef[] {
  return [
    ...responseCases(run.contract),
    ...publicCases(run.contract),
    ...requestIdCases(run.contract),
    ...authMatrixCases(run.contract),
    ...checkOrderCases(),
    ...purchaseOrderCases(run.contract),
    ...parameterCases(run.contract),
    ...methodNotAllowedCases(run.contract),
    ...headCases(run.contract),
    ...pathVariantCases(run.contract),
    ...paginationCases(run.contract),
    ...orderingCases(),
    ...filterCases(run),
    ...extremeDateCases(),
    ...lookupCases(),
    ...productCases(),
    ...isolationCases(),
    ...verificationCases(run.contract),
    ...webhookCases(),
    lowBalanceEventCase(),
    productEventsCase(),
    // Writes, in this order: the idempotency cases' slow purchases settle while the scenarios are polled.
    ...idempotencyCases(run.contract),
    ...referenceCases(run.contract),
    ...purchaseErrorCases(run.contract),
    ...insufficientBalanceCases(run.contract),
    ...purchaseCases(run.contract),
    ...purchaseApiCases(run.contract),
    ...offlineProductCases(run),
  ];
}

/**
 * `reads: false` leaves out the read cases after the walks: what the write cases need (the webhook setup, the walks,
 * the money readings) still runs.
 */
export function phasesOf(profile: Profile, { reads = true }: { reads?: boolean } = {}): Phase[] {
  if (profile === 'contract') return [(run) => contractProfileCases(run.contract)];
  return [
    // Writes before the reads (sandbox only): the webhook endpoint, its events and deliveries the reads judge.
    (run) => (run.writes ? [webhookSetupCase()] : []),
    (run) => [...walkCases(run.contract), categoryReadCase()],
    (run) => (reads ? afterWalks(run).filter((c) => !c.writes) : []),
    () => [moneyBeforeCase()],
    (run) => afterWalks(run).filter((c) => c.writes),
    (run) => [moneyAfterCase(), ...(run.writes ? [webhookRetryCase()] : [])],
  ];
}
