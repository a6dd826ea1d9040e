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

/**
 * Where the validator's error is and what it names: `/query/per_page` → ['query', 'per_page'], `/query/` (a nameless
 * `?=1`) → ['query', '']; in a body, the JSON pointer under `/body` (RFC 6901, escaped by the validator — see
 * patches/README.md), `/body/a~1b` → ['body', '/a~1b'], the body as a whole → ['body', ''].
 */
function locationOf(first: { path?: string; message?: string } | undefined): [string, string] {
  const m = /^\/(query|params|path|headers|body)(\/.*)?$/s.exec(first?.path ?? ''); // s: a name may hold a line break
  if (!m) return ['request', 'request'];
  const [, where, rest = ''] = m as unknown as [string, string, string | undefined];
  if (where === 'body') return ['body', rest];
  // The validator's own query checks (an unknown or empty parameter) name it as sent; AJV's errors as a pointer.
  const raw = /^(Unknown|Empty value found for) query parameter/.test(first?.message ?? '');
  const name = rest.slice(1);
  return [where, raw ? name : unescapeToken(name.split('/')[0]!)];
}

const unescapeToken = (token: string) => token.replace(/~1/g, '/').replace(/~0/g, '~');

export function fromValidatorError(e: HttpError, route: AnyRoute, query: Record<string, unknown>): ApiError {
  if (e.status === 405) return errors.methodNotAllowed(String(e.headers?.Allow ?? 'GET').split(/,\s*/));
  if (e.status === 404) return errors.notFound();
  if (e.status !== 400) return errors.internal(e); // e.g. a response that breaks the contract: our fault
  const first = e.errors?.[0];
  const [where, parameter] = locationOf(first);
  if (where === 'params' || where === 'path') return notFoundOf(route, parameter);
  if (where === 'body') return bodyError(route, parameter, first?.errorCode ?? '');
  if (where !== 'query') return errors.invalidParameter('request', 'the request is not valid');
  const unknown = /^Unknown query parameter/.test(first?.message ?? '') || !route.query.includes(parameter);
  return errors.invalidParameter(
    parameter,
    unknown
      ? unknownParameter(parameter, route.query)
      : invalidValue(parameter, Array.isArray(query[parameter]), route.operationId),
  );
}

/**
 * A body member's error, named by its JSON pointer (`/amount`, `/events/0`, `/a~1b` for a member named `a/b`):
 * missing, not a member, or not of its form (the form of the top-level member it is in).
 */
function bodyError(route: AnyRoute, pointer: string, errorCode: string): ApiError {
  if (pointer === '')
    return errors.invalidParameter('body', `must be one JSON object with the members ${route.bodyMembers.join(', ')}`);
  const tokens = pointer.slice(1).split('/');
  const member = unescapeToken(tokens[0]!);
  const problem = errorCode.startsWith('required.')
    ? 'missing'
    : errorCode.startsWith('additionalProperties.') || errorCode.startsWith('unevaluatedProperties.')
      ? 'unknown'
      : 'invalid';
  if (problem === 'unknown' && tokens.length > 1)
    return errors.invalidParameter(pointer, 'is not a member this object takes');
  return errors.invalidParameter(pointer, bodyMemberMessage(member, problem, route.bodyMembers));
}
