/**
 * Every read operation answers 200 to a key with all scopes, with the documented envelope, schema and headers.
 * A write's success (201) needs a real purchase: the purchase cases (purchases.ts) exercise it.
 */
import type { CaseDef } from '../context.ts';
import type { Contract } from '../contract/operations.ts';
import { pathParamsFor } from './common.ts';

export function responseCases(contract: Contract): CaseDef[] {
  return contract.operations
    .filter((op) => !op.writes)
    .map((op) => ({
      id: `responses.${op.operationId}`,
      group: 'responses',
      operationId: op.operationId,
      title: `${op.method} ${op.path} with a full key → 200`,
      needs: op.scope ? ['full'] : [],
      async run(t) {
        const pathParams = pathParamsFor(t, op, true);
        await t.send({ ...(pathParams ? { pathParams } : {}) }, op.scope ? 'full' : 'none', { status: 200 });
      },
    }));
}
