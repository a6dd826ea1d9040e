/**
 * Negative cases generated from the contract: for every query parameter of every operation, each value that breaks
 * its schema (see contract/negative-values.ts) is a 400 INVALID_PARAMETER naming the parameter; an unknown
 * parameter is a 400 on every operation; `from` after `to` is a 400. On a write operation the unknown parameter
 * comes with an Idempotency-Key and a valid body, so that it is the only thing wrong (a write case).
 */
import type { CaseDef } from '../context.ts';
import type { Contract } from '../contract/operations.ts';
import { negativeValues } from '../contract/negative-values.ts';
import { randomUUID } from './common.ts';
import { webhookWrite } from './webhooks.ts';
import { PURCHASES } from './purchase-support.ts';
import { choosePurchase } from './purchase-choice.ts';

const UNKNOWN = 'unknown_param';

export function parameterCases(contract: Contract): CaseDef[] {
  const cases: CaseDef[] = [];
  for (const op of contract.operations) {
    const who = op.scope ? 'full' : 'none';
    const needs = op.scope ? (['full'] as const) : [];
    // Parameters are checked before the lookup, so a random id is as good as a real one here.
    const pathParams = Object.fromEntries(op.params.filter((p) => p.in === 'path').map((p) => [p.name, randomUUID()]));
    for (const param of op.params.filter((p) => p.in === 'query')) {
      for (const bad of negativeValues(param, contract.schemas)) {
        cases.push({
          id: `parameters.${op.operationId}.${param.name}=${JSON.stringify(bad.value)}`,
          group: 'parameters',
          operationId: op.operationId,
          title: `${op.path}?${param.name}=${bad.value} (${bad.why}) → 400 INVALID_PARAMETER`,
          needs: [...needs],
          async run(t) {
            await t.send({ pathParams, query: { [param.name]: bad.value } }, who, {
              status: 400,
              code: 'INVALID_PARAMETER',
              parameter: param.name,
            });
          },
        });
      }
    }
    const expect = { status: 400, code: 'INVALID_PARAMETER', parameter: UNKNOWN };
    cases.push({
      id: `parameters.${op.operationId}.${UNKNOWN}`,
      group: 'parameters',
      operationId: op.operationId,
      title: `${op.path}?${UNKNOWN}=1 (unknown parameter) → 400 INVALID_PARAMETER`,
      needs: [...needs],
      ...(op.writes ? { writes: true } : {}),
      async run(t) {
        if (PURCHASES.includes(op.operationId))
          await t.post({ body: (await choosePurchase(t, op.operationId)).body, query: { [UNKNOWN]: 1 } }, who, expect);
        // Another write: its contract example to a random id (parameters come before the lookup): nothing changes.
        else if (op.writes)
          await webhookWrite(
            t,
            op.operationId,
            op.requestBody?.examples[0],
            { pathParams, query: { [UNKNOWN]: 1 } },
            expect,
          );
        else await t.send({ pathParams, query: { [UNKNOWN]: 1 } }, who, expect);
      },
    });
    const names = op.params.map((p) => p.name);
    if (names.includes('from') && names.includes('to')) {
      cases.push({
        id: `parameters.${op.operationId}.from_after_to`,
        group: 'parameters',
        operationId: op.operationId,
        title: `${op.path}?from=… after to=… → 400 INVALID_PARAMETER`,
        needs: [...needs],
        async run(t) {
          const query = { from: '2026-02-01T00:00:00.000Z', to: '2026-01-01T00:00:00.000Z' };
          await t.send({ pathParams, query }, who, {
            status: 400,
            code: 'INVALID_PARAMETER',
            parameter: ['from', 'to'],
          });
        },
      });
    }
  }
  return cases;
}
