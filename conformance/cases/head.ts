/**
 * HEAD on every GET operation: the GET's status and headers (Content-Length of the GET's body), and no body. On a
 * write's path, where there is no GET, HEAD is a method not allowed: 405 with `Allow` naming the path's method, and
 * no body (head_not_allowed_without_get).
 */
import { headMirrorsGet, headWithoutGet } from '../checks/head_mirrors_get.ts';
import type { CaseDef } from '../context.ts';
import type { Contract } from '../contract/operations.ts';
import { pathParamsFor } from './common.ts';
import { sendUnverified } from './unrouted.ts';

export function headCases(contract: Contract): CaseDef[] {
  const reads = contract.operations
    .filter((op) => op.method === 'GET')
    .map((op): CaseDef => ({
      id: `head.${op.operationId}`,
      group: 'head',
      operationId: op.operationId,
      title: `HEAD ${op.path} → the GET's status and headers, no body`,
      needs: op.scope ? ['full'] : [],
      async run(t) {
        const pathParams = pathParamsFor(t, op, true);
        const who = op.scope ? 'full' : 'none';
        const get = await t.send({ ...(pathParams ? { pathParams } : {}) }, who, { status: 200 });
        const head = await sendUnverified(
          t,
          { method: 'HEAD', path: op.path, ...(pathParams ? { pathParams } : {}) },
          who,
        );
        if (get.response && head.response)
          t.report('head_mirrors_get', headMirrorsGet(get.response, head.response), head.ex);
      },
    }));
  const paths = [...new Set(contract.operations.map((o) => o.path))].filter(
    (p) => !contract.operations.some((o) => o.path === p && o.method === 'GET'),
  );
  const writes = paths.map((path): CaseDef => {
    const methods = contract.operations.filter((o) => o.path === path).map((o) => o.method);
    const op = contract.operations.find((o) => o.path === path)!;
    return {
      id: `head.${op.operationId}`,
      group: 'head',
      operationId: op.operationId,
      title: `HEAD ${path} (no GET there) → 405, Allow: ${methods.join(', ')}, no body`,
      needs: op.scope ? ['full'] : [],
      async run(t) {
        const head = await sendUnverified(t, { method: 'HEAD', path }, op.scope ? 'full' : 'none');
        if (head.response) t.report('head_not_allowed_without_get', headWithoutGet(head.response, methods), head.ex);
      },
    };
  });
  return [...reads, ...writes];
}
