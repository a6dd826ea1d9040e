/**
 * The partner's external_reference on every purchase operation (contract decisions, "The seed's own system"): a
 * purchase needs an Idempotency-Key, an external_reference or both, and a reference buys at most once per account.
 * - duplicate: a purchase with a new reference and no key → 201 carrying it; the same purchase again without a key,
 *   then with a new key → 409 DUPLICATE_REFERENCE naming the first transaction, nothing bought
 *   (duplicate_reference_conformance; money_conservation sees any debit the 409s hide);
 * - concurrent: the same purchase with one new reference sent several times at once, no key → one 201, the others
 *   409 DUPLICATE_REFERENCE naming it.
 * A reference of another form (400 naming /external_reference) is purchase-errors' `wrong.external_reference`,
 * generated from the request schema like every member's.
 */
import { duplicateReferenceConformance } from '../checks/duplicate_reference_conformance.ts';
import type { CaseContext, CaseDef } from '../context.ts';
import type { Contract } from '../contract/operations.ts';
import type { RecordedResponse } from '../model.ts';
import { randomExternalReference } from './common.ts';
import { choosePurchase } from './purchase-choice.ts';
import { PURCHASES } from './purchase-support.ts';

/** How many purchases with one reference the concurrent case sends at once. */
export const CONCURRENT_REFERENCES = 4;

const DUPLICATE = { status: 409, code: 'DUPLICATE_REFERENCE', parameter: '/external_reference' } as const;

export function referenceCases(contract: Contract): CaseDef[] {
  return PURCHASES.filter((id) => {
    const op = contract.operations.find((o) => o.operationId === id);
    return op?.responses.get(409)?.codes.includes('DUPLICATE_REFERENCE') === true;
  }).flatMap((operationId): CaseDef[] => {
    const c = (name: string, title: string, run: (t: CaseContext) => Promise<void>): CaseDef => ({
      id: `references.${operationId}.${name}`,
      group: 'references',
      operationId,
      title,
      needs: ['full'],
      writes: true,
      run,
    });
    return [
      c(
        'duplicate',
        'a new external_reference without a key → 201 carrying it; again without a key, then with a new key → 409 DUPLICATE_REFERENCE naming it',
        async (t) => {
          const ref = randomExternalReference();
          const body = { ...(await choosePurchase(t, operationId)).body, external_reference: ref };
          const first = await t.post({ body, idempotencyKey: null }, 'full', { status: 201 });
          if (first.response?.status !== 201) return;
          const again = await t.post({ body, idempotencyKey: null }, 'full', DUPLICATE);
          const newKey = await t.post({ body }, 'full', DUPLICATE);
          const answers = [first, again, newKey].map((e) => e.response).filter((r) => r !== undefined);
          t.report('duplicate_reference_conformance', duplicateReferenceConformance(ref, answers), again);
        },
      ),
      c(
        'concurrent',
        `${CONCURRENT_REFERENCES} purchases with one new external_reference at once, no key → one 201, the others 409 DUPLICATE_REFERENCE naming it`,
        async (t) => {
          const ref = randomExternalReference();
          const body = { ...(await choosePurchase(t, operationId)).body, external_reference: ref };
          const exchanges = await Promise.all(
            Array.from({ length: CONCURRENT_REFERENCES }, () => t.post({ body, idempotencyKey: null }, 'full')),
          );
          const answers = exchanges.map((e) => e.response).filter((r): r is RecordedResponse => r !== undefined);
          if (answers.length < exchanges.length) return; // reported as response_received
          t.report('duplicate_reference_conformance', duplicateReferenceConformance(ref, answers), exchanges[0]);
        },
      ),
    ];
  });
}
