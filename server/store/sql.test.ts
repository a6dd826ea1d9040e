/** The SQL builder: values never enter the text, placeholders are numbered in order across composed fragments. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { empty, join, raw, render, sql } from './sql.ts';

describe('sql builder', () => {
  it('numbers placeholders in order through nested fragments and keeps values out of the text', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.anything(), (a, b, c) => {
        const inner = sql`x = ${b} AND y = ${c}`;
        const q = render(sql`SELECT * FROM t WHERE a = ${a} AND ${inner} LIMIT ${raw('5')}`);
        expect(q.text).toBe('SELECT * FROM t WHERE a = $1 AND x = $2 AND y = $3 LIMIT 5');
        expect(q.values).toEqual([a, b, c]);
      }),
    );
  });

  it('renders a fragment used twice once: the second use reuses its placeholders', () => {
    const where = join([sql`account_id = ${'acc'}`, sql`status = ${'failed'}`], ' AND ');
    const q = render(sql`SELECT (SELECT count(*) FROM t WHERE ${where}), x FROM t WHERE ${where} LIMIT ${10}`);
    expect(q.text).toBe(
      'SELECT (SELECT count(*) FROM t WHERE account_id = $1 AND status = $2), x FROM t WHERE account_id = $1 AND status = $2 LIMIT $3',
    );
    expect(q.values).toEqual(['acc', 'failed', 10]);
  });

  it('joins fragments with a separator; nothing joined is empty text', () => {
    expect(render(join([sql`a = ${1}`, sql`b = ${2}`, sql`c`], ', '))).toEqual({
      text: 'a = $1, b = $2, c',
      values: [1, 2],
    });
    expect(render(join([], ' AND '))).toEqual({ text: '', values: [] });
    expect(render(sql`SELECT 1 ${empty}`)).toEqual({ text: 'SELECT 1 ', values: [] });
  });

  it('gives the same text for the same shape, whatever the values (the read cache keys on it)', () => {
    const shape = (v: unknown) => render(sql`SELECT ${raw('id')} FROM t WHERE v = ${v}`).text;
    fc.assert(fc.property(fc.anything(), fc.anything(), (a, b) => shape(a) === shape(b)));
  });
});
