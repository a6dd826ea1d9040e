import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstRepeatedMember } from './request-body.ts';

const escapeToken = (name: string) => name.replace(/~/g, '~0').replace(/\//g, '~1');
/** A name written with every UTF-16 unit as a `\uXXXX` escape. */
const escaped = (name: string) =>
  `"${[...Array(name.length).keys()].map((i) => `\\u${name.charCodeAt(i).toString(16).padStart(4, '0')}`).join('')}"`;

describe('firstRepeatedMember', () => {
  it.each([
    ['the attack: amount twice', '{"amount":"50.00","amount":"50000.00"}', '/amount'],
    ['no repeat', '{"amount":"50.00","network":"MTN"}', null],
    ['one name spelt two ways', '{"a/b":1,"a\\u002fb":2}', '/a~1b'],
    ['a name with ~', '{"~":1,"x":[],"~":2}', '/~0'],
    ['the empty name', '{"":1,"":2}', '/'],
    ['__proto__', '{"__proto__":{},"__proto__":null}', '/__proto__'],
    ['inside an object', '{"x":{"y":1,"z":{},"y":2}}', '/x/y'],
    ['inside an array item', '{"x":[1,"a,b",{"q":[]},{"k":1,"k":2}]}', '/x/3/k'],
    ['the same name in sibling objects is no repeat', '{"x":{"k":1},"y":{"k":2},"z":[{"k":1},{"k":2}]}', null],
    ['names in strings that are values are no names', '{"x":"\\"x\\":","y":["x","x"],"z":"{\\"z\\":1"}', null],
    ['whitespace everywhere', ' \n{ "a" : 1 ,\t"b" : { "c" : [ ] } , "a" : 2 } ', '/a'],
  ])('%s', (_what, text, expected) => {
    expect(firstRepeatedMember(text)).toBe(expected);
  });

  it("finds nothing in any JSON text JSON.stringify writes (its names are an object's own, so distinct)", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(firstRepeatedMember(JSON.stringify(v))).toBeNull();
      }),
      { seed: 20261127, numRuns: 500 },
    );
  });

  it('finds a repeated name at any depth, however it is spelt, by its JSON pointer', () => {
    // A value holding one object whose member `name` is given twice, somewhere down a path of members and items.
    const step = fc.oneof(
      fc.record({ member: fc.string({ unit: 'binary', maxLength: 6 }) }),
      fc.record({ before: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }) }),
    );
    fc.assert(
      fc.property(
        fc.array(step, { maxLength: 5 }),
        fc.string({ unit: 'binary', maxLength: 8 }),
        fc.jsonValue({ maxDepth: 2 }),
        fc.boolean(),
        (steps, name, value, spell) => {
          let text = `{${JSON.stringify(name)}:${JSON.stringify(value)},${spell ? escaped(name) : JSON.stringify(name)}:0}`;
          const tokens: string[] = [];
          for (const s of [...steps].reverse()) {
            if ('member' in s) {
              text = `{${JSON.stringify(s.member)}:${text}}`;
              tokens.unshift(escapeToken(s.member));
            } else {
              text = `[${[...s.before.map((v) => JSON.stringify(v)), text].join(',')}]`;
              tokens.unshift(String(s.before.length));
            }
          }
          text = `{"top":${text}}`;
          expect(() => JSON.parse(text) as unknown).not.toThrow();
          expect(firstRepeatedMember(text)).toBe(['top', ...tokens, escapeToken(name)].map((t) => `/${t}`).join(''));
        },
      ),
      { seed: 20261127, numRuns: 500 },
    );
  });

  it('does not recurse: a body of nested arrays as deep as the size limit allows is scanned', () => {
    const depth = 8000;
    expect(firstRepeatedMember(`{"a":${'['.repeat(depth)}${']'.repeat(depth)},"a":1}`)).toBe('/a');
  });
});
