/**
 * The table of parameter forms against the contract: a new query parameter cannot ship without the words a partner
 * gets when they send it wrong, every example in those words is a value the contract accepts, every list names
 * exactly the contract's values, and no message shows a regular expression.
 */
import { describe, expect, it } from 'vitest';
import { ContractSchemas, loadBundle } from '../../conformance/contract-schemas.ts';
import { CONTRACT_QUERY_PARAMETERS, invalidValue, PARAMETER_FORMS, unknownParameter } from './parameter-forms.ts';

type Node = Record<string, any>;
const bundle = loadBundle() as Node;
const schemas = new ContractSchemas(bundle);
const deref = (n: Node): Node => (typeof n.$ref === 'string' ? deref(n.$ref.slice(2).split('/').reduce((o: Node, k: string) => o[k], bundle)) : n);

/** Every query parameter component of the contract, by name: its schema pointer. */
const parameterSchemas = new Map<string, string>();
for (const [key, p] of Object.entries(bundle.components.parameters as Node)) {
  if (p.in === 'query') parameterSchemas.set(p.name, `#/components/parameters/${key}/schema`);
}
const schemaOf = (name: string): Node => deref((bundle.components.parameters as Node)[[...Object.entries(bundle.components.parameters as Node)].find(([, p]) => p.name === name)![0]].schema);

const examplesIn = (form: string) => [...form.matchAll(/such as (\S+?)(?:,|$| or)/g), ...form.matchAll(/ or (\S+)$/g)].map((m) => m[1]!);
const listIn = (form: string) => /one of (.+?)(?: \(any letter case\))?, such as/.exec(form)?.[1]!.split(', ') ?? [];

describe('PARAMETER_FORMS', () => {
  it('has the words for every query parameter of the contract, and nothing else', () => {
    expect(Object.keys(PARAMETER_FORMS).sort()).toEqual([...CONTRACT_QUERY_PARAMETERS].sort());
  });

  it.each(Object.entries(PARAMETER_FORMS))('gives %s an example the contract accepts', (name, form) => {
    const examples = examplesIn(form);
    expect(examples.length).toBeGreaterThan(0);
    const pointer = parameterSchemas.get(name)!;
    for (const example of examples) {
      const value = schemaOf(name).type === 'integer' ? Number(example) : example;
      expect(schemas.validate(pointer, value), `${name}: ${example}`).toEqual([]);
    }
  });

  it.each(Object.entries(PARAMETER_FORMS).filter(([, f]) => f.includes('one of')))('lists exactly the values the contract takes for %s', (name, form) => {
    const listed = listIn(form);
    const schema = schemaOf(name);
    if (schema.enum) {
      expect(listed.sort()).toEqual([...schema.enum].sort());
    } else {
      // A case-insensitive pattern: every listed value, in any case, is accepted; a value outside the list is not.
      for (const v of listed) for (const s of [v, v.toLowerCase(), v.toUpperCase()]) expect(schemas.validate(parameterSchemas.get(name)!, s)).toEqual([]);
      expect(schemas.validate(parameterSchemas.get(name)!, `${listed[0]}X`)).not.toEqual([]);
    }
  });

  it.each(Object.entries(PARAMETER_FORMS))('states the bounds of %s when it is an integer', (name, form) => {
    const schema = schemaOf(name);
    if (schema.type !== 'integer') return;
    expect(form).toContain(`from ${schema.minimum} to ${schema.maximum}`);
  });

  it('never shows a regular expression or a validator\'s wording', () => {
    const all = [
      ...Object.keys(PARAMETER_FORMS).flatMap((n) => [invalidValue(n, false), invalidValue(n, true)]),
      unknownParameter('x', ['page']), unknownParameter('', []),
    ];
    for (const m of all) expect(m).not.toMatch(/[\^$\\[\]{}|]|\(\?|must match|must be <=|must be >=|must be integer|NOT have/);
  });
});
