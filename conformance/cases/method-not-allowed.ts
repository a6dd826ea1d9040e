/**
 * 405 on every operation's path for a method the contract does not document, provoked with safe methods only
 * (RFC 9110 §9.2.1: they change nothing): OPTIONS everywhere, and GET on a write's path — the likely mistake of a
 * client, and a 405 a read-only run reaches too. `Allow` must list the path's method (and HEAD with GET).
 */
import type { CaseDef } from '../context.ts';
import type { Contract } from '../contract/operations.ts';
import { pathParamsFor } from './common.ts';

export function methodNotAllowedCases(contract: Contract): CaseDef[] {
  const hasGet = (path: string) => contract.operations.some((o) => o.path === path && o.method === 'GET');
  return contract.operations.flatMap((op) =>
    (op.writes && !hasGet(op.path) ? (['OPTIONS', 'GET'] as const) : (['OPTIONS'] as const)).map((method): CaseDef => ({
      id: `method.${op.operationId}.${method}`,
      group: 'methods',
      operationId: op.operationId,
      title: `${method} ${op.path} → 405 METHOD_NOT_ALLOWED with Allow naming ${op.method === 'GET' ? 'GET, HEAD' : op.method}`,
      needs: op.scope ? ['full'] : [],
      async run(t) {
        const pathParams = pathParamsFor(t, op, false) ?? {};
        await t.send({ method, ...(pathParams ? { pathParams } : {}) }, op.scope ? 'full' : 'none', {
          status: 405,
          code: 'METHOD_NOT_ALLOWED',
        });
      },
    })),
  );
}
