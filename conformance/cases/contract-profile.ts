/**
 * The `contract` profile, for targets without our semantics (the Prism mock: base paths ignored, any bearer
 * accepted, examples returned): per operation one request with a bearer key — a GET, or for a write a POST of the
 * contract's own example body with an Idempotency-Key (a write case: sent only to a sandbox) — and every response
 * check on what comes back: status, content type, envelope, status echo, schema, headers. Path parameters take the
 * parameter's first documented example.
 */
import type { CaseDef } from '../context.ts';
import type { Contract } from '../contract/operations.ts';
import { randomKey } from './common.ts';

export function contractProfileCases(contract: Contract): CaseDef[] {
  return contract.operations.map((op) => ({
    id: `contract.${op.operationId}`,
    group: 'contract',
    operationId: op.operationId,
    title: `${op.method} ${op.path} with a bearer key${op.writes ? ' and its example body' : ''} → ${op.success} matching the contract`,
    ...(op.writes ? { writes: true } : {}),
    async run(t) {
      const pathParams = Object.fromEntries(
        op.params.filter((p) => p.in === 'path').map((p) => [p.name, p.examples[0] ?? 'example']),
      );
      const key = t.target.keys.full ?? randomKey(t.target.env);
      const who = { authorization: `Bearer ${key}`, label: t.target.keys.full ? 'full' : 'generated key' };
      const method = op.method as 'GET' | 'POST' | 'PATCH' | 'DELETE';
      if (!op.writes) return void (await t.send({ pathParams }, who, { status: op.success }));
      // A write without a body (DELETE): its method alone, and a success without content (204).
      if (!op.requestBody) return void (await t.send({ method, pathParams }, who, { status: op.success }));
      const example = op.requestBody.examples[0];
      if (example === undefined) return t.skip(`the contract has no example body for ${op.operationId}`);
      // POST or PATCH, on the path's example ids; an Idempotency-Key where the operation declares one (POSTs).
      const keyed = op.params.some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key');
      const headers = {
        'Content-Type': 'application/json',
        ...(keyed ? { 'Idempotency-Key': t.newIdempotencyKey() } : {}),
      };
      const ex = await t.send({ method, pathParams, body: JSON.stringify(example), headers }, who, {
        status: op.success,
      });
      t.enterPurchase(ex, op.operationId, who.label);
    },
  }));
}
