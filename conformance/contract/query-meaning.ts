/**
 * What each query parameter means, as the contract declares it (openapi/components/README.md): `x-filter` — the
 * member of each listed item it narrows on and how an item matches — or `x-paging` (page, per_page). The filter
 * cases (cases/filters.ts) are generated from these declarations, so a filter the contract gains is checked without
 * anyone editing the suite; test/contract/query-meaning.test.ts holds every declaration to its operation's items.
 */
import { Bundle, isObject, type JsonObject } from './bundle.ts';

export const MATCH_KINDS = ['exact', 'case-insensitive', 'range-from', 'range-to', 'lookup'] as const;
export type MatchKind = (typeof MATCH_KINDS)[number];
export const PAGING_ROLES = ['page', 'per_page'] as const;
export type PagingRole = (typeof PAGING_ROLES)[number];

export interface FilterDeclaration {
  /** A member of the item's `attributes` (of the item itself when it has none); dots for nested members. */
  attribute: string;
  match: MatchKind;
}

export interface QueryMeaning {
  filter: FilterDeclaration | null;
  paging: PagingRole | null;
  /** What is wrong with the declaration, in words (empty when it is well formed). */
  problems: string[];
}

const ATTRIBUTE = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$/;

/** Reads the declaration of one query parameter object (its `$ref` already followed). */
export function queryMeaning(param: JsonObject): QueryMeaning {
  const name = String(param.name);
  const problems: string[] = [];
  const raw = param['x-filter'];
  const paging = param['x-paging'];
  let filter: FilterDeclaration | null = null;
  if (raw !== undefined) {
    if (!isObject(raw)) problems.push(`${name}: x-filter must be an object { attribute, match }`);
    else {
      const extra = Object.keys(raw).filter((k) => k !== 'attribute' && k !== 'match');
      if (extra.length)
        problems.push(`${name}: x-filter has unknown members ${extra.join(', ')}; it takes attribute and match`);
      if (typeof raw.attribute !== 'string' || !ATTRIBUTE.test(raw.attribute)) {
        problems.push(
          `${name}: x-filter.attribute must name an item member in snake_case (dots for nested ones), got ${JSON.stringify(raw.attribute)}`,
        );
      }
      if (!(MATCH_KINDS as readonly unknown[]).includes(raw.match)) {
        problems.push(
          `${name}: x-filter.match must be one of ${MATCH_KINDS.join(', ')}, got ${JSON.stringify(raw.match)}`,
        );
      }
      filter = { attribute: String(raw.attribute), match: raw.match as MatchKind };
    }
  }
  if (paging !== undefined && !(PAGING_ROLES as readonly unknown[]).includes(paging)) {
    problems.push(`${name}: x-paging must be one of ${PAGING_ROLES.join(', ')}, got ${JSON.stringify(paging)}`);
  }
  if (raw === undefined && paging === undefined) problems.push(`${name}: declares neither x-filter nor x-paging`);
  if (raw !== undefined && paging !== undefined) problems.push(`${name}: declares both x-filter and x-paging`);
  if (problems.length) return { filter: null, paging: null, problems };
  return { filter, paging: (paging as PagingRole | undefined) ?? null, problems };
}

/** The value of a declared attribute in a listed item (undefined when it has none). */
export function attributeOf(item: unknown, attribute: string): unknown {
  const base = isObject(item) && isObject(item.attributes) ? item.attributes : item;
  return attribute.split('.').reduce<unknown>((v, k) => (isObject(v) ? v[k] : undefined), base);
}

/**
 * The schema of a declared attribute in the items of a list schema (`data: [item]`), or null when the items have
 * no such member: `$ref`s followed, `allOf` members merged, any `oneOf` / `anyOf` branch that has it.
 */
export function attributeSchema(bundle: Bundle, listSchemaPointer: string, attribute: string): JsonObject | null {
  const data = property(bundle, bundle.resolve(listSchemaPointer).node, 'data');
  const item = data && isObject(data.items) ? follow(bundle, data.items) : null;
  if (!item) return null;
  const attributes = property(bundle, item, 'attributes');
  return attribute
    .split('.')
    .reduce<JsonObject | null>((s, k) => (s ? property(bundle, s, k) : null), attributes ?? item);
}

function follow(bundle: Bundle, node: JsonObject): JsonObject {
  return typeof node.$ref === 'string' ? bundle.resolve(node.$ref).node : node;
}

function property(bundle: Bundle, schema: JsonObject, key: string): JsonObject | null {
  const s = follow(bundle, schema);
  if (isObject(s.properties) && isObject(s.properties[key])) return follow(bundle, s.properties[key]);
  for (const group of ['allOf', 'oneOf', 'anyOf'] as const) {
    const members = s[group];
    if (!Array.isArray(members)) continue;
    for (const m of members) {
      const found = isObject(m) ? property(bundle, m, key) : null;
      if (found) return found;
    }
  }
  return null;
}

/**
 * Whether an item matches a filter: its attribute's value `actual` against the value `sent`, by the declared match
 * kind. `instant`: the parameter is a date-time, so ranges compare instants (else numbers). No value never matches.
 */
export function matchesFilter(match: MatchKind, actual: unknown, sent: string, instant: boolean): boolean {
  if (actual === null || actual === undefined || typeof actual === 'object') return false;
  const value = String(actual);
  const order = () => (instant ? Date.parse(value) - Date.parse(sent) : Number(value) - Number(sent));
  switch (match) {
    case 'exact':
    case 'lookup':
      return value === sent;
    case 'case-insensitive':
      return value.toLowerCase() === sent.toLowerCase();
    case 'range-from':
      return order() >= 0;
    case 'range-to':
      return order() <= 0;
  }
}
