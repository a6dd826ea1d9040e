/**
 * Every `pattern` of the contract is said in words next to it (openapi/components/README.md, "Patterns in words"):
 * the schema's description — or, for the schema of a parameter or a header, that parameter's or header's
 * description, which is what the docs show — gives the form in words with at least one example in backticks after
 * "such as" (or "e.g.", "for example") that the pattern accepts, and never the regular expression. The whole
 * bundle is walked, so a schema added anywhere later (paths, components, webhooks) is held to it; the docs hide the
 * raw pattern (`hideSchemaPattern` in redocly.yaml, shown in test/contract/docs-browser.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { bundle, type Json, type JsonObject } from '../helpers/bundle.ts';

interface PatternSite {
  /** JSON pointer of the schema that has the pattern. */
  pointer: string;
  pattern: string;
  /** The description the docs show for it (see above), if any. */
  words: string | undefined;
}

const isObject = (v: Json | undefined): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const escape = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');
/** Members that hold values or vendor data, not schemas: a "pattern" in there is data. */
const NOT_SCHEMA = (key: string) =>
  key === 'example' ||
  key === 'examples' ||
  key === 'const' ||
  key === 'default' ||
  key === 'enum' ||
  key.startsWith('x-');

/** Every schema with a `pattern` in `doc`, with the words next to it. */
function patternSites(doc: JsonObject): PatternSite[] {
  const sites: PatternSite[] = [];
  const walk = (node: Json, pointer: string, parent: JsonObject | null, key: string) => {
    if (Array.isArray(node)) return node.forEach((v, i) => walk(v, `${pointer}/${i}`, null, String(i)));
    if (!isObject(node)) return;
    if (typeof node.pattern === 'string') {
      // The schema of a parameter (it has `in`) or of a header (under a `headers` map): the docs show the owner's words.
      const owner = key === 'schema' && parent && typeof parent.description === 'string' ? parent : null;
      const words = owner
        ? String(owner.description)
        : typeof node.description === 'string'
          ? node.description
          : undefined;
      sites.push({ pointer, pattern: node.pattern, words });
    }
    for (const [k, v] of Object.entries(node)) if (!NOT_SCHEMA(k)) walk(v, `${pointer}/${escape(k)}`, node, k);
  };
  walk(doc, '#', null, '');
  return sites;
}

/** Examples given in words: a value in backticks after "such as", "e.g." or "for example". */
const examplesIn = (words: string) =>
  [...words.matchAll(/(?:such as|e\.g\.|for example)\s+`([^`]+)`/gi)].map((m) => m[1]!);
/** Regular-expression syntax that has no place in words: classes with ranges, quantifiers, escapes, groups, anchors. */
const REGEX_SYNTAX = /\[[^\]\s]*[^\\\s]-[^\]\s]*\]|\\[dDwWsS.]|[\])]\{\d+(,\d*)?\}|\(\?|\(\[|^\^|\$`|`\^/m;

/** What is wrong with the words for one pattern, or null. */
function wordsProblem(site: PatternSite): string | null {
  const { words, pattern } = site;
  if (!words?.trim()) return 'has no description saying its form in words';
  if (words.includes(pattern) || REGEX_SYNTAX.test(words)) return 'shows a regular expression instead of words';
  const examples = examplesIn(words);
  if (examples.length === 0) return 'gives no example (a value in backticks after "such as", "e.g." or "for example")';
  const re = new RegExp(pattern, 'u');
  const bad = examples.filter((e) => !re.test(e));
  return bad.length ? `gives examples its pattern refuses: ${bad.join(', ')}` : null;
}

const sites = patternSites(bundle);

describe('patterns in words', () => {
  it('finds the patterns of the contract (parameters, headers, schemas)', () => {
    expect(sites.length).toBeGreaterThanOrEqual(40);
    for (const kind of ['parameters', 'headers', 'schemas'])
      expect(
        sites.some((s) => s.pointer.startsWith(`#/components/${kind}/`)),
        kind,
      ).toBe(true);
  });

  it('every pattern of the contract has words with an example it accepts, and no regular expression', () => {
    expect(
      sites.flatMap((s) => {
        const p = wordsProblem(s);
        return p ? [`${s.pointer} ${p}`] : [];
      }),
    ).toEqual([]);
  });

  // The check on schemas that break the rule, as a schema added later could (each must be caught).
  const meter = { type: 'string', pattern: '^[0-9]{11,13}$' };
  it.each([
    ['no description', { components: { schemas: { Meter: meter } } }, 'has no description'],
    [
      'the regular expression as the description',
      { components: { schemas: { Meter: { ...meter, description: 'Matches ^[0-9]{11,13}$.' } } } },
      'regular expression',
    ],
    [
      'regex syntax in the words',
      { components: { schemas: { Meter: { ...meter, description: 'Digits [0-9], such as `45678901234`.' } } } },
      'regular expression',
    ],
    [
      'words without an example',
      { components: { schemas: { Meter: { ...meter, description: '11 to 13 digits.' } } } },
      'gives no example',
    ],
    [
      'an example the pattern refuses',
      { components: { schemas: { Meter: { ...meter, description: '11 to 13 digits, such as `4567-8901`.' } } } },
      'refuses: 4567-8901',
    ],
    [
      'a parameter whose description has no words for its schema',
      { components: { parameters: { M: { name: 'm', in: 'query', description: 'The meter.', schema: meter } } } },
      'gives no example',
    ],
    [
      'a pattern inside a webhook payload',
      {
        webhooks: {
          done: {
            post: {
              requestBody: {
                content: {
                  'application/json': { schema: { properties: { token: { type: 'string', pattern: '^[0-9]{20}$' } } } },
                },
              },
            },
          },
        },
      },
      'has no description',
    ],
  ])('catches %s', (_name, doc, problem) => {
    const found = patternSites(doc as unknown as JsonObject);
    expect(found).toHaveLength(1);
    expect(wordsProblem(found[0]!)).toContain(problem);
  });

  it('accepts words with an example, for a schema and for a parameter, and ignores "pattern" in example data', () => {
    const doc = {
      components: {
        schemas: { Meter: { ...meter, description: 'A meter number, 11 to 13 digits, such as `45678901234`.' } },
        parameters: {
          M: { name: 'm', in: 'query', description: 'A meter, 11 to 13 digits, e.g. `1111111111111`.', schema: meter },
        },
        examples: { E: { value: { pattern: '^x$' } } },
      },
    };
    const found = patternSites(doc as unknown as JsonObject);
    expect(found.map((s) => [s.pointer, wordsProblem(s)])).toEqual([
      ['#/components/schemas/Meter', null],
      ['#/components/parameters/M/schema', null],
    ]);
  });
});
