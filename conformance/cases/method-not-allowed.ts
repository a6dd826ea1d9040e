/**
 * 405 on every operation's path for a method the contract does not document. The suite only uses safe methods, so
 * it provokes the 405 with OPTIONS (safe per RFC 9110: it changes nothing on the server).
 */
import type { CaseDef } from '../context.ts';
import type { Contract } from '../contract/operations.ts';
import { pathParamsFor } from './common.ts';

export function methodNotAllowedCases(contract: Contract): CaseDef[] {
  return contract.operations.map((op) => ({
    id: `method.${op.operationId}.OPTIONS`,
    group: 'methods',
    operationId: op.operationId,
    title: `OPTIONS ${op.path} → 405 METHOD_NOT_ALLOWED with Allow: GET`,
    needs: op.scope ? ['full'] : [],
    async run(t) {
      const pathParams = pathParamsFor(t, op, false);
      await t.send({ method: 'OPTIONS', ...(pathParams ? { pathParams } : {}) }, op.scope ? 'full' : 'none', { status: 405, code: 'METHOD_NOT_ALLOWED' });
    },
  }));
}
