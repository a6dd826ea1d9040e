/**
 * The guide's scopes table (openapi/info-description.md, "Scopes", in the bundle's `info.description`) names, for
 * each scope, exactly the operations whose `security` lists it — every operation with a scope, its alternatives
 * marked — and it cannot lag the contract: the table is written by `npm run generate` (scripts/lib/scopes-table.ts),
 * and `npm run check:generated` fails on a copy of the contract whose security changed without regenerating.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundle, operations, type JsonObject } from '../helpers/bundle.ts';
import { bin, projectRoot, run } from '../helpers/run.ts';

// A budget for a test that runs the generator (`tsx scripts/generate.ts`, a Redocly bundle each) twice.
const GENERATE_BUDGET = 180_000;

/** The "Scopes" section of a guide, up to the next heading. */
const scopesSection = (guide: string) => {
  const start = guide.indexOf('\n## Scopes\n');
  expect(start, 'the guide has a "## Scopes" section').toBeGreaterThan(0);
  const rest = guide.slice(start + 1);
  return rest.slice(0, rest.indexOf('\n#', 1));
};

/** The table's rows as written: scope → the operations it grants, `METHOD /path`, alternatives marked `*`. */
function tableOf(section: string): Record<string, string[]> {
  const rows = section.split('\n').filter((l) => /^\| `[a-z_]+` \|/.test(l));
  return Object.fromEntries(
    rows.map((row) => {
      const [scope, grants] = row.split(' | ').map((cell) => cell.replace(/^\| |\s*\|$/g, '').trim()) as [
        string,
        string,
      ];
      return [scope.replaceAll('`', ''), grants.split(', ').map((g) => g.replaceAll('`', '').replace('\\*', '*'))];
    }),
  );
}

/** The same, from the operations' `security`: each requirement an alternative naming one scope. */
function contractTable(): Record<string, string[]> {
  const table: Record<string, string[]> = {};
  for (const o of operations()) {
    const scopes = ((o.operation.security ?? bundle.security) as JsonObject[]).flatMap((req) =>
      Object.values(req).flat(),
    ) as string[];
    for (const s of scopes)
      (table[s] ??= []).push(`${o.method.toUpperCase()} ${o.path}${scopes.length > 1 ? '*' : ''}`);
  }
  return table;
}

describe("the guide's scopes table", () => {
  const section = scopesSection(String((bundle.info as JsonObject).description));

  it("lists every operation with a scope under exactly the scopes of its security (the bundle's guide)", () => {
    const written = tableOf(section);
    const contract = contractTable();
    expect(Object.keys(written).sort()).toEqual(Object.keys(contract).sort());
    for (const [scope, ops] of Object.entries(contract)) expect(written[scope]?.sort(), scope).toEqual(ops.sort());
  });

  it('says that where several scopes are listed any one suffices, and names the operations that take several', () => {
    expect(section.replace(/\s+/g, ' ')).toContain(
      'Each operation requires one of the scopes listed in its security section; where several are listed, any one suffices.',
    );
    const several = operations().filter((o) => ((o.operation.security ?? []) as JsonObject[]).length > 1);
    expect(several.map((o) => o.operationId)).toEqual(['createPurchase', 'verifyPurchase']);
    for (const o of several) expect(section).toContain(`\`${o.method.toUpperCase()} ${o.path}\` one of `);
    expect(section).not.toMatch(/requires one scope/);
  });

  it(
    'fails `npm run check:generated` when an operation changes its scope without `npm run generate`, which rewrites it',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'scopes-drift-'));
      const generate = (...args: string[]) =>
        run(bin('tsx'), [join(projectRoot, 'scripts/generate.ts'), ...args, '--root', dir]);
      try {
        for (const p of ['openapi', 'generated', 'redocly.yaml'])
          cpSync(join(projectRoot, p), join(dir, p), { recursive: true });
        const file = join(dir, 'openapi/paths/purchases_{id}.yaml');
        const yaml = readFileSync(file, 'utf8');
        expect(yaml).toContain('    - bearerAuth: [read_transactions]\n');
        writeFileSync(
          file,
          yaml.replace('    - bearerAuth: [read_transactions]\n', '    - bearerAuth: [read_balance]\n'),
        );

        const stale = generate('--check');
        expect(stale.code, stale.out).toBe(1);
        expect(stale.out).toMatch(/openapi\/info-description\.md differs/);

        const regenerated = generate();
        expect(regenerated.code, regenerated.out).toBe(0);
        const table = tableOf(scopesSection(readFileSync(join(dir, 'openapi/info-description.md'), 'utf8')));
        expect(table.read_balance).toContain('GET /purchases/{id}');
        expect(table.read_transactions).not.toContain('GET /purchases/{id}');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    GENERATE_BUDGET,
  );
});
