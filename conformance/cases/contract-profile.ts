/**
 * The `contract` profile, for targets without our semantics (the Prism mock: base paths ignored, any bearer
 * accepted, examples returned): per operation one GET with a bearer key, and every response check on what comes
 * back — status, content type, envelope, status echo, schema, headers. Path parameters take the parameter's first
 * documented example.
 */
import type { CaseDef } from '../context.ts';
import type { Contract } from '../contract/operations.ts';
import { randomKey } from './common.ts';

export function contractProfileCases(contract: Contract): CaseDef[] {
  return contract.operations.map((op) => ({
    id: `contract.${op.operationId}`,
    group: 'contract',
    operationId: op.operationId,
    title: `${op.method} ${op.path} with a bearer key → 200 matching the contract`,
    async run(t) {
      const pathParams = Object.fromEntries(op.params.filter((p) => p.in === 'path').map((p) => [p.name, p.examples[0] ?? 'example']));
      const key = t.target.keys.full ?? randomKey(t.target.env);
      const who = { authorization: `Bearer ${key}`, label: t.target.keys.full ? 'full' : 'generated key' };
      await t.send({ pathParams }, who, { status: 200 });
    },
  }));
}
