import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../frozen.ts';
import { jsonBody, jsonBodyBytes } from './json-body.ts';

const frozenItems = deepFreeze([
  { id: 'a', n: 1 },
  { id: 'b', when: new Date(0) },
]);

describe('jsonBody', () => {
  it.each<[string, unknown]>([
    [
      'a list envelope with a frozen page',
      {
        status: { code: 200, message: 'OK' },
        data: frozenItems,
        pagination: { page: 1, per_page: 2, total_pages: 1, total_count: 2 },
      },
    ],
    ['an envelope with a plain array', { status: { code: 200, message: 'OK' }, data: [{ a: 1 }, { b: 'x"y' }] }],
    [
      'a single resource',
      { status: { code: 200, message: 'OK' }, data: { id: 'x', created_at: new Date(86_400_000) } },
    ],
    ['undefined members left out', { a: undefined, b: 1, c: () => 1 }],
    ['an empty object', {}],
    ['a top-level array', [1, 2]],
    ['null', null],
    ['a string', 'text'],
    ['an object with toJSON', { toJSON: () => ({ replaced: true }) }],
    ['keys that need escaping', { 'quote"d': 1, 'uni\u2028code': [frozenItems] }],
  ])('equals JSON.stringify for %s, as text and as bytes', (_name, body) => {
    expect(jsonBody(body)).toBe(JSON.stringify(body));
    expect(jsonBodyBytes(body).toString('utf8')).toBe(JSON.stringify(body));
  });

  it('reuses the bytes of a frozen page only while the rest of the envelope is the same', () => {
    const items = deepFreeze([{ id: 'naïve ₦' }]);
    const a = jsonBodyBytes({ status: { code: 200 }, data: items, pagination: { page: 1 } });
    expect(jsonBodyBytes({ status: { code: 200 }, data: items, pagination: { page: 1 } })).toBe(a);
    const other = { status: { code: 200 }, data: items, pagination: { page: 2 } };
    expect(jsonBodyBytes(other).toString('utf8')).toBe(JSON.stringify(other));
    const reordered = { data: items, status: { code: 200 }, pagination: { page: 2 } };
    expect(jsonBodyBytes(reordered).toString('utf8')).toBe(JSON.stringify(reordered));
  });

  it('serialises a frozen page once and reuses the text', () => {
    let calls = 0;
    const items = deepFreeze([
      {
        get id() {
          calls++;
          return 'x';
        },
      },
    ]);
    calls = 0; // deepFreeze read the getter (to freeze what it returns)
    jsonBody({ data: items });
    jsonBody({ data: items, pagination: { page: 2 } });
    expect(calls).toBe(1);
    expect(jsonBody({ data: items, pagination: { page: 2 } })).toBe('{"data":[{"id":"x"}],"pagination":{"page":2}}');
  });

  it('serialises an array frozen only at the top every time: its items could still change', () => {
    const item = { id: 'a' };
    const items = Object.freeze([item]);
    expect(jsonBody({ data: items })).toBe('{"data":[{"id":"a"}]}');
    item.id = 'b';
    expect(jsonBody({ data: items })).toBe('{"data":[{"id":"b"}]}');
    expect(jsonBodyBytes({ data: items }).toString('utf8')).toBe('{"data":[{"id":"b"}]}');
    item.id = 'c';
    expect(jsonBodyBytes({ data: items }).toString('utf8')).toBe('{"data":[{"id":"c"}]}');
  });
});
