/**
 * express-openapi-validator's errors (its HttpError family, recognised by class) as our errors, with messages from
 * one table (contract/parameter-forms.ts): the expected form in words, never the validator's wording or a regular
 * expression. The pipeline routes before the validator runs, so its 404/405 cannot occur for API paths; a path
 * parameter it rejects is the operation's "not found", as any identifier that matches nothing.
 */
import { HttpError } from 'express-openapi-validator/dist/framework/types.js';
import type { AnyRoute } from '../contract/route-table.ts';
import { bodyMemberMessage, invalidValue, unknownParameter } from '../contract/parameter-forms.ts';
import { type ApiError, type ErrorDetail, errors } from '../errors.ts';
import { notFoundOf } from './path-params.ts';

export const isValidatorError = (e: unknown): e is HttpError => e instanceof HttpError;

/**
 * Where the validator's error is and what it names: `/query/per_page` → ['query', 'per_page'], `/query/` (a nameless
 * `?=1`) → ['query', '']; in a body, the JSON pointer under `/body` (RFC 6901, escaped by the validator — see
 * patches/README.md), `/body/a~1b` → ['body', '/a~1b'], the body as a whole → ['body', ''].
 */
function locationOf(error: ValidatorProblem | undefined): [string, string] {
  const m = /^\/(query|params|path|headers|body)(\/.*)?$/s.exec(error?.path ?? ''); // s: a name may hold a line break
  if (!m) return ['request', 'request'];
  const [, where, rest = ''] = m as unknown as [string, string, string | undefined];
  if (where === 'body') return ['body', rest];
  // The validator's own query checks (an unknown or empty parameter) name it as sent; AJV's errors as a pointer.
  const name = rest.slice(1);
  return [where, isQueryCheck(error) ? name : unescapeToken(name.split('/')[0]!)];
}

type ValidatorProblem = { path?: string; message?: string; errorCode?: string };

/** The validator's own check of the query's names (before its schema): it stops at the first it finds. */
const isQueryCheck = (error: ValidatorProblem | undefined) =>
  /^(Unknown|Empty value found for) query parameter/.test(error?.message ?? '');

const unescapeToken = (token: string) => token.replace(/~1/g, '/').replace(/~0/g, '~');

/**
 * `earlier`: problems the pipeline found before the validator ran (http/request-guards.ts), listed first. With the
 * validator's `allErrors` (server/app.ts) a 400 lists every problem its schema check found, query parameters then
 * body members, in its order; its check of the query's names stops at the first, so the others are found here.
 */
export function fromValidatorError(
  e: HttpError,
  route: AnyRoute,
  query: Record<string, unknown>,
  earlier: readonly ErrorDetail[] = [],
): ApiError {
  if (earlier.length > 0 && e.status < 500)
    return errors.invalidParameters([...earlier, ...problemsOf(e, route, query)]);
  if (e.status === 405) return errors.methodNotAllowed(String(e.headers?.Allow ?? 'GET').split(/,\s*/));
  if (e.status === 404) return errors.notFound();
  if (e.status !== 400) return errors.internal(e); // e.g. a response that breaks the contract: our fault
  const [where, parameter] = locationOf(e.errors?.[0]);
  if (where === 'params' || where === 'path') return notFoundOf(route, parameter);
  const problems = problemsOf(e, route, query);
  // An error the validator places nowhere we name (none today): the request as a whole.
  return errors.invalidParameters(
    problems.length > 0 ? problems : [{ parameter: 'request', message: 'the request is not valid' }],
  );
}

/** Each query parameter and body member a 400 of the validator names (a path parameter is the lookup's affair). */
function problemsOf(e: HttpError, route: AnyRoute, query: Record<string, unknown>): ErrorDetail[] {
  if (e.status !== 400) return [];
  const found = (e.errors ?? []) as ValidatorProblem[];
  const problems: ErrorDetail[] = [];
  for (const error of found) {
    const [where, parameter] = locationOf(error);
    if (where === 'params' || where === 'path') continue;
    if (where === 'body') problems.push(bodyError(route, parameter, error.errorCode ?? ''));
    else if (where !== 'query') problems.push({ parameter: 'request', message: 'the request is not valid' });
    else problems.push(queryProblem(route, query, parameter, /^Unknown query parameter/.test(error.message ?? '')));
  }
  if (isQueryCheck(found[0])) {
    // The rest of the names that check would refuse, in the query's order: unknown, or known and empty.
    for (const [name, value] of Object.entries(query)) {
      if (!route.query.includes(name) || value === '') problems.push(queryProblem(route, query, name, false));
    }
  }
  return problems;
}

function queryProblem(
  route: AnyRoute,
  query: Record<string, unknown>,
  parameter: string,
  unknownByValidator: boolean,
): ErrorDetail {
  const unknown = unknownByValidator || !route.query.includes(parameter);
  return {
    parameter,
    message: unknown
      ? unknownParameter(parameter, route.query)
      : invalidValue(parameter, Array.isArray(query[parameter]), route.operationId),
  };
}

/**
 * A body member's error, named by its JSON pointer (`/amount`, `/events/0`, `/a~1b` for a member named `a/b`):
 * missing, not a member, or not of its form (the form of the top-level member it is in).
 */
function bodyError(route: AnyRoute, pointer: string, errorCode: string): ErrorDetail {
  if (pointer === '')
    return { parameter: 'body', message: `must be one JSON object with the members ${route.bodyMembers.join(', ')}` };
  const tokens = pointer.slice(1).split('/');
  const member = unescapeToken(tokens[0]!);
  const problem = errorCode.startsWith('required.')
    ? 'missing'
    : errorCode.startsWith('additionalProperties.') || errorCode.startsWith('unevaluatedProperties.')
      ? 'unknown'
      : 'invalid';
  if (problem === 'unknown' && tokens.length > 1)
    return { parameter: pointer, message: 'is not a member this object takes' };
  return { parameter: pointer, message: bodyMemberMessage(member, problem, route.bodyMembers) };
}
