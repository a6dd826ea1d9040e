/**
 * The profiles as phases of cases. `full`: the first phase reads the lists (walks) and the categories; the second
 * phase — whose filter cases take their values from that data — holds everything else. `contract`: one case per
 * operation, shapes only.
 */
import { authMatrixCases } from './cases/auth-matrix.ts';
import { checkOrderCases } from './cases/check-order.ts';
import { contractProfileCases } from './cases/contract-profile.ts';
import { filterCases } from './cases/filters.ts';
import { isolationCases } from './cases/isolation.ts';
import { lookupCases } from './cases/lookups.ts';
import { methodNotAllowedCases } from './cases/method-not-allowed.ts';
import { orderingCases } from './cases/ordering.ts';
import { paginationCases, walkCases } from './cases/pagination.ts';
import { parameterCases } from './cases/parameters.ts';
import { categoryReadCase, productCases } from './cases/products.ts';
import { publicCases } from './cases/public.ts';
import { requestIdCases } from './cases/request-id.ts';
import { responseCases } from './cases/responses.ts';
import { transactionFilterCases } from './cases/transaction-filters.ts';
import type { CaseDef, RunContext } from './context.ts';
import type { Profile } from './model.ts';

export type Phase = (run: RunContext) => CaseDef[];

export function phasesOf(profile: Profile): Phase[] {
  if (profile === 'contract') return [(run) => contractProfileCases(run.contract)];
  return [
    (run) => [...walkCases(run.contract), categoryReadCase()],
    (run) => [
      ...responseCases(run.contract),
      ...publicCases(run.contract),
      ...requestIdCases(run.contract),
      ...authMatrixCases(run.contract),
      ...checkOrderCases(),
      ...parameterCases(run.contract),
      ...methodNotAllowedCases(run.contract),
      ...paginationCases(run.contract),
      ...orderingCases(),
      ...filterCases(run),
      ...transactionFilterCases(),
      ...lookupCases(),
      ...productCases(),
      ...isolationCases(),
    ],
  ];
}
