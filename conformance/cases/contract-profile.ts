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
      const pathParams = Object.fromEntries(op.params.filter((p) => p.in === 'path').map((p) => [p.name, p.examples[0] ?? 'example']));
      const key = t.target.keys.full ?? randomKey(t.target.env);
      const who = { authorization: `Bearer ${key}`, label: t.target.keys.full ? 'full' : 'generated key' };
      if (!op.writes) return void (await t.send({ pathParams }, who, { status: op.success }));
      const example = op.requestBody?.examples[0];
      if (example === undefined) return t.skip(`the contract has no example body for ${op.operationId}`);
      await t.post({ body: example }, who, { status: op.success });
    },
  }));
}
