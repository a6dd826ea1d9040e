/**
 * Every query parameter of the contract declares what it means (x-filter / x-paging, openapi/components/README.md)
 * and the declaration holds: well formed, its attribute a member of the operation's items (of the type a range
 * compares), paging exactly on the list operations. Then the reader and the matcher the filter cases are generated
 * with (conformance/contract/query-meaning.ts), over whole classes of declarations and values.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Bundle, type JsonObject } from '../../conformance/contract/bundle.ts';
import { Contract } from '../../conformance/contract/operations.ts';
import {
  attributeOf,
  attributeSchema,
  MATCH_KINDS,
  matchesFilter,
  queryMeaning,
} from '../../conformance/contract/query-meaning.ts';

const bundle = new Bundle();
const contract = new Contract(bundle);
const queryParams = contract.operations.flatMap((op) =>
  op.params.filter((p) => p.in === 'query').map((p) => [op.operationId, p.name, op, p] as const),
);

describe('the declarations of the contract', () => {
  it('has query parameters to judge', () => expect(queryParams.length).toBeGreaterThanOrEqual(12));

  it.each(queryParams)('%s: %s declares its meaning, well formed', (_id, _name, _op, p) => {
    expect(p.meaning?.problems).toEqual([]);
    expect(p.meaning?.filter ?? p.meaning?.paging).toBeTruthy();
  });

  const filters = queryParams.filter(([, , , p]) => p.meaning?.filter);
  it.each(filters)(
    '%s: the attribute %s filters on is a member of its items, of the kind its match compares',
    (_id, _name, op, p) => {
      const f = p.meaning!.filter!;
      const list = op.responses.get(200)?.schemaPointer;
      expect(list, `${op.operationId} has a 200 list body`).toBeTruthy();
      const schema = attributeSchema(bundle, list!, f.attribute);
      expect(schema, `${f.attribute} in the items of ${op.operationId}`).not.toBeNull();
      if (f.match === 'range-from' || f.match === 'range-to') {
        // A range compares instants when the parameter is a date-time, else numbers: the attribute must be the same.
        if (p.schema.format === 'date-time') expect(schema!.format).toBe('date-time');
        else
          expect([schema!.type].flat()).toEqual(expect.arrayContaining([expect.stringMatching(/^(integer|number)$/)]));
      }
    },
  );

  it.each(contract.operations.map((op) => [op.operationId, op] as const))(
    '%s: x-paging page and per_page exactly when it is a list',
    (_id, op) => {
      const roles = op.params
        .map((p) => p.meaning?.paging)
        .filter(Boolean)
        .sort();
      expect(roles).toEqual(op.paginated ? ['page', 'per_page'] : []);
    },
  );
});

describe('queryMeaning (the reader)', () => {
  const param = (extra: JsonObject): JsonObject => ({ name: 'network', in: 'query', ...extra });
  it.each(MATCH_KINDS.map((m) => [m]))('reads x-filter with match %s', (match) => {
    expect(queryMeaning(param({ 'x-filter': { attribute: 'price.currency', match } }))).toEqual({
      filter: { attribute: 'price.currency', match },
      paging: null,
      problems: [],
    });
  });
  it.each([['page'], ['per_page']])('reads x-paging %s', (role) => {
    expect(queryMeaning(param({ 'x-paging': role }))).toEqual({ filter: null, paging: role, problems: [] });
  });
  it.each([
    ['neither', {}, 'declares neither x-filter nor x-paging'],
    ['both', { 'x-filter': { attribute: 'network', match: 'exact' }, 'x-paging': 'page' }, 'declares both'],
    ['a string filter', { 'x-filter': 'network' }, 'x-filter must be an object'],
    [
      'an unknown member',
      { 'x-filter': { attribute: 'network', match: 'exact', values: [] } },
      'x-filter has unknown members values',
    ],
    [
      'a camelCase attribute',
      { 'x-filter': { attribute: 'bundleType', match: 'exact' } },
      'x-filter.attribute must name',
    ],
    ['no attribute', { 'x-filter': { match: 'exact' } }, 'x-filter.attribute must name'],
    [
      'an unknown match',
      { 'x-filter': { attribute: 'network', match: 'prefix' } },
      'x-filter.match must be one of exact, case-insensitive',
    ],
    ['an unknown paging role', { 'x-paging': 'offset' }, 'x-paging must be one of page, per_page'],
  ])('refuses %s, naming the parameter', (_what, extra, message) => {
    const m = queryMeaning(param(extra as JsonObject));
    expect(m.filter).toBeNull();
    expect(m.paging).toBeNull();
    expect(m.problems.join('\n')).toContain(`network: ${message}`);
  });
});

describe('attributeOf and matchesFilter (how the cases judge an item)', () => {
  it('reads the item’s attributes when it has them, else the item, and dotted paths', () => {
    expect(attributeOf({ id: 'x', type: 't', attributes: { status: 'failed' } }, 'status')).toBe('failed');
    expect(attributeOf({ id: 'x', type: 'transaction.failed' }, 'type')).toBe('transaction.failed');
    expect(attributeOf({ attributes: { price: { currency: 'NGN' } } }, 'price.currency')).toBe('NGN');
    expect(attributeOf({ attributes: { price: null } }, 'price.currency')).toBeUndefined();
  });

  const word = fc.stringMatching(/^[A-Za-z0-9]{1,8}$/);
  it('exact and lookup: equal as sent; case-insensitive: equal in any case', () => {
    fc.assert(
      fc.property(word, word, (a, b) => {
        expect(matchesFilter('exact', a, b, false)).toBe(a === b);
        expect(matchesFilter('lookup', a, b, false)).toBe(a === b);
        expect(matchesFilter('case-insensitive', a, b, false)).toBe(a.toLowerCase() === b.toLowerCase());
      }),
    );
  });

  it('ranges: inclusive bounds on instants (whatever the offset written) and on numbers', () => {
    const instant = fc.date({
      min: new Date('2000-01-01T00:00:00Z'),
      max: new Date('2099-12-31T00:00:00Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(instant, instant, (a, b) => {
        const sent = new Date(b.getTime() + 3_600_000).toISOString().replace('Z', '+01:00'); // b, written at +01:00
        expect(matchesFilter('range-from', a.toISOString(), sent, true)).toBe(a.getTime() >= b.getTime());
        expect(matchesFilter('range-to', a.toISOString(), sent, true)).toBe(a.getTime() <= b.getTime());
      }),
    );
    fc.assert(
      fc.property(fc.integer(), fc.integer(), (a, b) => {
        expect(matchesFilter('range-from', a, String(b), false)).toBe(a >= b);
        expect(matchesFilter('range-to', String(a), String(b), false)).toBe(a <= b);
      }),
    );
  });

  it.each(MATCH_KINDS.map((m) => [m]))('%s: an item without the attribute never matches', (match) => {
    for (const missing of [undefined, null, { a: 1 }, ['x']])
      expect(matchesFilter(match, missing, '1', false)).toBe(false);
  });
});
