/**
 * Is an answer one the contract documents for the operation? Status documented, application/json, X-Request-Id,
 * the documented headers of that status, the body valid against that status's schema (AJV over the bundle, by JSON
 * pointer — conformance/contract-schemas.ts), status.code = HTTP status, and error.code one of the codes the
 * contract's examples give that status. Returns what is wrong; empty when nothing is.
 */
import type { Contract, OperationModel } from '../../../conformance/contract/operations.ts';
import type { Answer } from './http-client.ts';

export const ERROR_RESPONSE = '#/components/schemas/ErrorResponse';

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function errorCodeOf(a: Answer): string | undefined {
  const body = parseJson(a.body) as { error?: { code?: unknown } } | undefined;
  return typeof body?.error?.code === 'string' ? body.error.code : undefined;
}

export function undocumented(contract: Contract, op: OperationModel, a: Answer): string[] {
  if (a.status >= 500) return [`${a.status} (a 5xx): ${a.body.slice(0, 200)}`];
  const res = op.responses.get(a.status);
  if (!res)
    return [
      `status ${a.status} is not documented for ${op.operationId} (documented: ${[...op.responses.keys()].join(', ')}); body ${a.body.slice(0, 200)}`,
    ];
  const out: string[] = [];
  if (!/^application\/json\b/.test(a.headers['content-type'] ?? ''))
    out.push(`content-type '${a.headers['content-type'] ?? ''}'`);
  if (!a.headers['x-request-id']) out.push('no X-Request-Id');
  for (const h of res.headers)
    if (h.required && a.headers[h.name.toLowerCase()] === undefined) out.push(`no ${h.name} on ${a.status}`);
  const body = parseJson(a.body) as { status?: { code?: unknown } } | undefined;
  if (body === undefined) return [...out, `body is not JSON: ${a.body.slice(0, 200)}`];
  if (res.schemaPointer)
    for (const p of contract.schemas.validate(res.schemaPointer, body)) out.push(`body ${p.path} ${p.message}`);
  if (body.status?.code !== a.status) out.push(`status.code ${String(body.status?.code)} ≠ ${a.status}`);
  const code = errorCodeOf(a);
  if (a.status >= 400 && res.codes.length && (code === undefined || !res.codes.includes(code))) {
    out.push(`error.code ${String(code)} is not documented on ${a.status} (documented: ${res.codes.join(', ')})`);
  }
  return out;
}

/** A 404 NOT_FOUND in the error envelope: what a path that is no route must get. Empty when it is one. */
export function notNotFound(contract: Contract, a: Answer): string[] {
  const out: string[] = [];
  if (a.status !== 404 || errorCodeOf(a) !== 'NOT_FOUND') out.push(`${a.status} ${errorCodeOf(a) ?? ''}`.trim());
  const body = parseJson(a.body);
  if (body === undefined) return [...out, `body is not JSON`];
  for (const p of contract.schemas.validate(ERROR_RESPONSE, body)) out.push(`body ${p.path} ${p.message}`);
  return out;
}
