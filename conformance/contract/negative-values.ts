/**
 * Values that break a query parameter's schema, generated from the contract: wrong type, below the minimum, above
 * the maximum, outside the enum, breaking the pattern, not a date-time, empty. Each candidate is kept only when
 * AJV, validating against the parameter's own schema, rejects it — so the list follows the contract as it changes.
 */
import type { ContractSchemas } from '../contract-schemas.ts';
import type { ParamModel } from './operations.ts';

export interface NegativeValue {
  value: string;
  /** Why the value breaks the schema, for the case title. */
  why: string;
}

/** The typed value a server sees for a query string value (integers and numbers are coerced, like a validator does). */
export function wireValue(param: ParamModel, raw: string): unknown {
  const type = param.schema.type;
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(raw)) return Number(raw);
  return raw;
}

export function negativeValues(param: ParamModel, schemas: ContractSchemas): NegativeValue[] {
  const s = param.schema;
  const candidates: NegativeValue[] = [];
  const add = (value: string, why: string) => candidates.push({ value, why });
  if (s.type === 'integer' || s.type === 'number') {
    add('abc', 'not a number');
    if (s.type === 'integer') add('1.5', 'not an integer');
    if (typeof s.minimum === 'number') add(String(s.minimum - 1), `below the minimum ${s.minimum}`);
    if (typeof s.maximum === 'number') add(String(s.maximum + 1), `above the maximum ${s.maximum}`);
  }
  if (Array.isArray(s.enum)) {
    add('not_in_enum', 'not in the enum');
    const first = s.enum[0];
    if (typeof first === 'string' && !s.enum.includes(first.toUpperCase()))
      add(first.toUpperCase(), 'not in the enum (case differs)');
  }
  if (typeof s.pattern === 'string') {
    for (const example of param.examples) add(`${example}X`, 'breaks the pattern (one character too many)');
    add('not-valid!', 'breaks the pattern');
  }
  if (s.format === 'date-time') {
    add('not-a-date', 'not a date-time');
    add('2026-13-45T25:61:00Z', 'not a valid date-time (month 13)');
    add('2026-11-01', 'a date without a time');
  }
  add('', 'empty value');

  const seen = new Set<string>();
  return candidates.filter((c) => {
    if (seen.has(c.value)) return false;
    seen.add(c.value);
    return schemas.validate(param.schemaPointer, wireValue(param, c.value)).length > 0;
  });
}
