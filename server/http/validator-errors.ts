/**
 * express-openapi-validator's errors (its HttpError family, recognised by class) as our errors, with messages from
 * one table (contract/parameter-forms.ts): the expected form in words, never the validator's wording or a regular
 * expression. The pipeline routes before the validator runs, so its 404/405 cannot occur for API paths; a path
 * parameter it rejects is the operation's "not found", as any identifier that matches nothing.
 */
import { HttpError } from 'express-openapi-validator/dist/framework/types.js';
import type { AnyRoute } from '../contract/route-table.ts';
import { bodyMemberMessage, invalidValue, unknownParameter } from '../contract/parameter-forms.ts';
import { ApiError, errors } from '../errors.ts';
import { notFoundOf } from './path-params.ts';

export const isValidatorError = (e: unknown): e is HttpError => e instanceof HttpError;

/** `/query/per_page` → ['query', 'per_page']; `/query/` (a nameless `?=1`) → ['query', '']. */
function locationOf(path: string | undefined): [string, string] {
  const m = /^\/(query|params|path|headers|body)\/?(.*)$/.exec(path ?? '');
  return m ? [m[1]!, m[2]!.split('/')[0]!] : ['request', 'request'];
}

export function fromValidatorError(e: HttpError, route: AnyRoute, query: Record<string, unknown>): ApiError {
  if (e.status === 405) return errors.methodNotAllowed(String(e.headers?.Allow ?? 'GET').split(/,\s*/));
  if (e.status === 404) return errors.notFound();
  if (e.status !== 400) return errors.internal(e); // e.g. a response that breaks the contract: our fault
  const first = e.errors?.[0];
  const [where, parameter] = locationOf(first?.path);
  if (where === 'params' || where === 'path') return notFoundOf(route, parameter);
  if (where === 'body') return bodyError(route, parameter, first?.errorCode ?? '');
  if (where !== 'query') return errors.invalidParameter('request', 'the request is not valid');
  const unknown = /^Unknown query parameter/.test(first?.message ?? '') || !route.query.includes(parameter);
  return errors.invalidParameter(
    parameter,
    unknown ? unknownParameter(parameter, route.query) : invalidValue(parameter, Array.isArray(query[parameter]), route.operationId),
  );
}

/** A body member's error, named by its JSON pointer (`/amount`): missing, not a member, or not of its form. */
function bodyError(route: AnyRoute, member: string, errorCode: string): ApiError {
  if (member === '') return errors.invalidParameter('body', `must be one JSON object with the members ${route.bodyMembers.join(', ')}`);
  const problem = errorCode.startsWith('required.') ? 'missing'
    : errorCode.startsWith('additionalProperties.') || errorCode.startsWith('unevaluatedProperties.') ? 'unknown'
      : 'invalid';
  return errors.invalidParameter(`/${member}`, bodyMemberMessage(member, problem, route.bodyMembers));
}
