/**
 * A check on the raw query that the validator cannot make, run after authentication and before it: integers must be
 * written as plain decimal digits, because AJV's type coercion would also take `+5`, ` 5`, `1e1` or `0x10`. Its
 * problems are listed before the validator's in one 400 (http/pipeline.ts).
 */
import type { AnyRoute } from '../contract/route-table.ts';
import { invalidValue } from '../contract/parameter-forms.ts';
import type { ErrorDetail } from '../errors.ts';

const DECIMAL_INTEGER = /^-?[0-9]{1,16}$/;

/** Every integer query parameter of `route` not written in decimal digits, in the route's order of its parameters. */
export function integerQueryProblems(route: AnyRoute, query: Record<string, unknown>): ErrorDetail[] {
  return route.integerQuery
    .filter((name) => typeof query[name] === 'string' && !DECIMAL_INTEGER.test(query[name]))
    .map((name) => ({ parameter: name, message: invalidValue(name, false) }));
}
