/**
 * The table of parameter forms against the contract: a new query parameter cannot ship without the words a partner
 * gets when they send it wrong, every example in those words is a value the contract accepts, every list names
 * exactly the contract's values, and no message shows a regular expression.
 */
import { describe, expect, it } from 'vitest';
import { ContractSchemas, loadBundle } from '../../conformance/contract-schemas.ts';
import { OPERATIONS } from './operations.ts';
import {
  BODY_MEMBER_FORMS,
  CONTRACT_QUERY_PARAMETERS,
  invalidValue,
  OPERATION_PARAMETER_FORMS,
  PARAMETER_FORMS,
  unknownParameter,
} from './parameter-forms.ts';

type Node = Record<string, any>;
const bundle = loadBundle() as Node;
const schemas = new ContractSchemas(bundle);
const deref = (n: Node): Node =>
  typeof n.$ref === 'string'
    ? deref(
        n.$ref
          .slice(2)
          .split('/')
          .reduce((o: Node, k: string) => o[k], bundle),
      )
    : n;

/**
 * Every query parameter component of the contract, by name: its schema pointer (the first component of that name;
 * a name two operations give different forms is in OPERATION_PARAMETER_FORMS, checked against each operation below).
 */
const parameterSchemas = new Map<string, string>();
for (const [key, p] of Object.entries(bundle.components.parameters as Node)) {
  if (p.in === 'query' && !parameterSchemas.has(p.name))
    parameterSchemas.set(p.name, `#/components/parameters/${key}/schema`);
}
/** The schema pointer of an operation's query parameter `name`. */
function operationParameter(operationId: string, name: string): string {
  for (const item of Object.values(bundle.paths as Node)) {
    for (const op of Object.values(item as Node) as Node[]) {
      if (op?.operationId !== operationId) continue;
      const ref = (op.parameters as Node[])
        .map((x) => x.$ref as string | undefined)
        .find((r) => r && deref({ $ref: r }).name === name && deref({ $ref: r }).in === 'query');
      return `${ref}/schema`;
    }
  }
  throw new Error(`${operationId} has no query parameter ${name}`);
}
/** A list or a boolean written in JSON is that value; anything else (digits of a string member too) stays a string. */
const asValue = (example: string): unknown =>
  /^(\[.*\]|true|false|null)$/.test(example) ? JSON.parse(example) : example;
const schemaOf = (name: string): Node =>
  deref(
    (bundle.components.parameters as Node)[
      [...Object.entries(bundle.components.parameters as Node)].find(([, p]) => p.name === name)![0]
    ].schema,
  );

const examplesIn = (form: string) =>
  [...form.matchAll(/such as (\S+?)(?:,|$| or)/g), ...form.matchAll(/ or (\S+)$/g)].map((m) => m[1]!);
const listIn = (form: string) => /one of (.+?)(?: \(any letter case\))?, such as/.exec(form)?.[1]!.split(', ') ?? [];

describe('PARAMETER_FORMS', () => {
  it('has the words for every query parameter of the contract, and nothing else', () => {
    expect(Object.keys(PARAMETER_FORMS).sort()).toEqual([...CONTRACT_QUERY_PARAMETERS].sort());
  });

  it.each(
    Object.entries(OPERATION_PARAMETER_FORMS).flatMap(([op, forms]) =>
      Object.entries(forms).map(([name, form]) => [op, name, form] as const),
    ),
  )('%s: gives %s its own words, with examples its parameter accepts and only its values listed', (op, name, form) => {
    expect((OPERATIONS as Record<string, { query: readonly string[] }>)[op]!.query).toContain(name);
    const pointer = operationParameter(op, name);
    for (const example of examplesIn(form))
      expect(schemas.validate(pointer, example), `${name}: ${example}`).toEqual([]);
    const schema = deref(
      pointer
        .slice(2)
        .split('/')
        .reduce((o: Node, k: string) => o[k], bundle),
    );
    expect(listIn(form).sort()).toEqual([...schema.enum].sort());
    expect(invalidValue(name, false, op)).toBe(`must be ${form}`);
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

  it.each(Object.entries(PARAMETER_FORMS).filter(([, f]) => f.includes('one of')))(
    'lists exactly the values the contract takes for %s',
    (name, form) => {
      const listed = listIn(form);
      const schema = schemaOf(name);
      if (schema.enum) {
        expect(listed.sort()).toEqual([...schema.enum].sort());
      } else {
        // A case-insensitive pattern: every listed value, in any case, is accepted; a value outside the list is not.
        for (const v of listed)
          for (const s of [v, v.toLowerCase(), v.toUpperCase()])
            expect(schemas.validate(parameterSchemas.get(name)!, s)).toEqual([]);
        expect(schemas.validate(parameterSchemas.get(name)!, `${listed[0]}X`)).not.toEqual([]);
      }
    },
  );

  it.each(Object.entries(PARAMETER_FORMS))('states the bounds of %s when it is an integer', (name, form) => {
    const schema = schemaOf(name);
    if (schema.type !== 'integer') return;
    expect(form).toContain(`from ${schema.minimum} to ${schema.maximum}`);
  });

  it("never shows a regular expression or a validator's wording", () => {
    const all = [
      ...Object.keys(PARAMETER_FORMS).flatMap((n) => [invalidValue(n, false), invalidValue(n, true)]),
      unknownParameter('x', ['page']),
      unknownParameter('', []),
    ];
    for (const m of all)
      expect(m).not.toMatch(/[\^$\\[\]{}|]|\(\?|must match|must be <=|must be >=|must be integer|NOT have/);
  });
});

/**
 * The body members' words (the 400 of a purchase body) against the contract: these are a second set of words, not
 * the contract's descriptions (those are sentences for the docs; these finish "must be …"), so this keeps the two
 * agreeing where it matters: every member of every request body has a form, and each example in it is valid there.
 */
describe('BODY_MEMBER_FORMS', () => {
  const members: [string, string][] = []; // [member, schema pointer of that member in one request body]
  for (const item of Object.values(bundle.paths as Node)) {
    for (const op of Object.values(item as Node) as Node[]) {
      const ref = op?.requestBody?.content?.['application/json']?.schema?.$ref as string | undefined;
      if (!ref) continue;
      for (const member of Object.keys(deref({ $ref: ref }).properties ?? {}))
        members.push([member, `${ref}/properties/${member}`]);
    }
  }

  it('finds the members of the purchase bodies', () => expect(members.length).toBeGreaterThanOrEqual(12));

  it.each(members)('has the words for %s (%s), with examples the contract accepts', (member, pointer) => {
    const form = BODY_MEMBER_FORMS[member];
    expect(form, `${member} has no form: its 400 would say only "is not valid"`).toBeDefined();
    const examples = examplesIn(form!);
    expect(examples.length).toBeGreaterThan(0);
    // An example that reads as JSON (a list, a boolean) is that value.
    for (const example of examples)
      expect(schemas.validate(pointer, asValue(example)), `${member}: ${example}`).toEqual([]);
  });

  // A list in words ("among a, b, c") names exactly the values its items take: an event type added to the contract
  // (issue 25's product.*) and not to the words would tell a partner it is refused.
  it.each(members.filter(([member]) => BODY_MEMBER_FORMS[member]?.includes(' among ')))(
    'lists exactly the values the contract takes for the items of %s (%s)',
    (member, pointer) => {
      const listed = /among (.+?), such as/
        .exec(BODY_MEMBER_FORMS[member]!)![1]!
        .split(', ')
        .map((v) => v.replace(/ \(.*\)$/, ''));
      const items = deref(deref({ $ref: pointer }).items as Node);
      expect(listed.sort()).toEqual([...(items.enum as string[])].sort());
    },
  );
});
