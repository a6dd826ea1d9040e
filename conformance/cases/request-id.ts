/**
 * X-Request-Id: the client's id is echoed when it is a sane token (every request of the suite sends one, and
 * response_headers_conformance checks the echo); an unusable one — too long, or with other characters — is replaced
 * by a new id, never echoed.
 */
import type { CaseDef } from '../context.ts';
import type { Contract } from '../contract/operations.ts';

export function requestIdCases(contract: Contract): CaseDef[] {
  const op = contract.operations.find((o) => !o.scope) ?? contract.operations[0]!;
  const variants = [
    ['too_long', 'an X-Request-Id of 129 characters', (u: string) => `conformance-${u}-`.padEnd(129, 'x')],
    ['bad_characters', 'an X-Request-Id with a space and a "!"', (u: string) => `conformance ${u}!`],
  ] as const;
  return variants.map(([id, what, make]) => ({
    id: `request-id.${id}`,
    group: 'request-id',
    operationId: op.operationId,
    title: `${what} is replaced by a new id`,
    needs: op.scope ? ['full'] : [],
    async run(t) {
      await t.send({ requestId: make }, op.scope ? 'full' : 'none', { status: 200 });
    },
  }));
}
