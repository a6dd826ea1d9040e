/**
 * A check on the raw query that the validator cannot make, run after authentication and before it: integers must be
 * written as plain decimal digits, because AJV's type coercion would also take `+5`, ` 5`, `1e1` or `0x10`.
 */
import type { AnyRoute } from '../contract/route-table.ts';
import { invalidValue } from '../contract/parameter-forms.ts';
import { errors } from '../errors.ts';

const DECIMAL_INTEGER = /^-?[0-9]{1,16}$/;

export function checkIntegerQuery(route: AnyRoute, query: Record<string, unknown>): void {
  for (const name of route.integerQuery) {
    const value = query[name];
    if (typeof value === 'string' && !DECIMAL_INTEGER.test(value))
      throw errors.invalidParameter(name, invalidValue(name, false));
  }
}
