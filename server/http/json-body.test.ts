import { describe, expect, it } from 'vitest';
import { jsonBody } from './json-body.ts';

const frozenItems = Object.freeze([Object.freeze({ id: 'a', n: 1 }), Object.freeze({ id: 'b', when: new Date(0) })]);

describe('jsonBody', () => {
  it.each<[string, unknown]>([
    ['a list envelope with a frozen page', { status: { code: 200, message: 'OK' }, data: frozenItems, pagination: { page: 1, per_page: 2, total_pages: 1, total_count: 2 } }],
    ['an envelope with a plain array', { status: { code: 200, message: 'OK' }, data: [{ a: 1 }, { b: 'x"y' }] }],
    ['a single resource', { status: { code: 200, message: 'OK' }, data: { id: 'x', created_at: new Date(86_400_000) } }],
    ['undefined members left out', { a: undefined, b: 1, c: () => 1 }],
    ['an empty object', {}],
    ['a top-level array', [1, 2]],
    ['null', null],
    ['a string', 'text'],
    ['an object with toJSON', { toJSON: () => ({ replaced: true }) }],
    ['keys that need escaping', { 'quote"d': 1, 'uni\u2028code': [frozenItems] }],
  ])('equals JSON.stringify for %s', (_name, body) => {
    expect(jsonBody(body)).toBe(JSON.stringify(body));
  });

  it('serialises a frozen page once and reuses the text', () => {
    const items = Object.freeze([{ get id() { calls++; return 'x'; } }]);
    let calls = 0;
    jsonBody({ data: items });
    jsonBody({ data: items, pagination: { page: 2 } });
    expect(calls).toBe(1);
    expect(jsonBody({ data: items, pagination: { page: 2 } })).toBe('{"data":[{"id":"x"}],"pagination":{"page":2}}');
  });
});
