/**
 * A class of bugs, not a case: an identifier in the path holding a control character (NUL above all, which
 * PostgreSQL's text cannot hold, so a lookup with it used to fail as a 500) matches nothing. Every operation of the
 * contract with a path parameter, every such parameter, each control character, both environments, with the full
 * key and a valid request otherwise (the contract's example body and a new Idempotency-Key for a write): the
 * operation's documented 404 for that parameter (the contract's examples), never a 5xx.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Contract } from '../../conformance/contract/operations.ts';
import { BASE_PATH, ENVIRONMENTS } from '../../server/domain.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const contract = new Contract();
const CONTROLS = ['%00', 'a%00b', '%01', '%07', '%0A', '%1F', '%7F'];
const cases = contract.operations.flatMap((op) =>
  op.params.filter((p) => p.in === 'path').flatMap((p) => CONTROLS.map((value) => ({ op, param: p.name, value }))),
);

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
}, 60_000);
afterAll(async () => {
  await srv?.stop();
});

describe('a control character in a path identifier', () => {
  it('reaches every path parameter of the contract', () => {
    expect(new Set(cases.map((c) => `${c.op.operationId} ${c.param}`)).size).toBeGreaterThanOrEqual(12);
  });

  for (const env of ENVIRONMENTS) {
    it.each(cases.map((c) => [`${c.op.operationId} {${c.param}} = ${c.value}`, c] as const))(
      `${env}: %s → its 404`,
      async (_, c) => {
        const path = c.op.path.replace(/\{([^}]+)\}/g, (_m, name: string) =>
          name === c.param ? c.value : encodeURIComponent(c.op.params.find((p) => p.name === name)!.examples[0] ?? '1'),
        );
        const headers: Record<string, string> = { authorization: `Bearer ${srv.demoKeys![env].keys.full}` };
        const example = c.op.requestBody?.examples[0];
        if (c.op.method === 'POST') headers['idempotency-key'] = randomUUID();
        if (example !== undefined) headers['content-type'] = 'application/json';
        const res = await fetch(srv.url + BASE_PATH[env] + path, {
          method: c.op.method,
          headers,
          ...(example !== undefined ? { body: JSON.stringify(example) } : {}),
        });
        const body = (await res.json()) as { error?: { code: string } };
        const documented = c.op.responses.get(404)?.codes ?? [];
        expect(res.status, JSON.stringify(body)).toBe(404);
        expect(documented, `${c.op.operationId} documents ${body.error?.code}`).toContain(body.error?.code);
      },
    );
  }
});
