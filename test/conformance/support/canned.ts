/** Canned exchanges for unit tests of the checks: a response built from a status, headers and a body. */
import { Contract } from '../../../conformance/contract/operations.ts';
import type { ResponseCheckInput } from '../../../conformance/checks/types.ts';
import type { Expectation, RecordedResponse } from '../../../conformance/model.ts';

export const contract = new Contract();

/** The value of a named example of the bundle (`AccountOk`, `ErrorTokenRevoked`…), deep-copied. */
export const example = (name: string): Record<string, any> =>
  structuredClone((contract.bundle.at(`#/components/examples/${name}`) as { value: Record<string, any> }).value);

export function response(status: number, body: unknown, headers: Record<string, string> = {}): RecordedResponse {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  let parsed: unknown;
  let isJson = true;
  try {
    parsed = JSON.parse(text);
  } catch {
    isJson = false;
  }
  return {
    status,
    text,
    body: parsed,
    isJson,
    headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': 'req-1', ...headers },
  };
}

export function input(
  operationId: string,
  res: RecordedResponse,
  opts: { expect?: Expectation; requestHeaders?: Record<string, string>; semantics?: boolean } = {},
): ResponseCheckInput {
  return {
    op: contract.op(operationId),
    request: { method: 'GET', url: 'http://api.test/x', headers: { 'x-request-id': 'req-1', ...opts.requestHeaders } },
    response: res,
    schemas: contract.schemas,
    semantics: opts.semantics ?? true,
    ...(opts.expect ? { expect: opts.expect } : {}),
  };
}
