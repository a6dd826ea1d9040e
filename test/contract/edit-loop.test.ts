/**
 * The README's "Editing the contract" loop, performed on a scratch copy of the repository (its files, with
 * node_modules symlinked) with the README's own example, read from it (edit-loop-example.ts): add a `product_type`
 * filter to listTransactions → lint → generate → the unimplemented state fails, naming the parameter — at start-up,
 * in tsc, and, once the handler only declares it, in the conformance run — → a small implementation (handler,
 * store, words, the type pin) → `tsc --noEmit` over the whole copy and the tests the edit reaches (found by a grep:
 * edit-loop-example.ts) pass → the server starts and the conformance run passes, with the generated product_type
 * cases among its passed cases.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startUntilReady } from '../helpers/processes.ts';
import { bin, projectRoot, run } from '../helpers/run.ts';
import { editLoopExample, testsReachingQueryParameters } from './edit-loop-example.ts';

const example = editLoopExample();
/** The parameter, its file and its x-filter, as the README says them; the rest of each patch is this test's. */
const P = example.parameter;
const FILE = example.file;
const X_FILTER = `x-filter: { attribute: ${example.xFilter.attribute}, match: ${example.xFilter.match} }`;

const scratch = mkdtempSync(join(tmpdir(), 'edit-loop-'));
const at = (p: string) => join(scratch, p);
const tsx = (args: string[]) => run(process.execPath, ['--import', 'tsx', ...args], { cwd: scratch });

/** Replaces `anchor` in a scratch file; fails, naming the file, when the code it patches has moved. */
function patch(file: string, anchor: string, replacement: string): void {
  const text = readFileSync(at(file), 'utf8');
  if (!text.includes(anchor))
    throw new Error(`edit-loop: ${file} no longer contains ${JSON.stringify(anchor)}; update this test`);
  writeFileSync(at(file), text.replace(anchor, replacement));
}

beforeAll(() => {
  const files = run('git', ['ls-files', '-co', '--exclude-standard'])
    .out.split('\n')
    .filter((f) => f && existsSync(join(projectRoot, f)));
  for (const f of files) {
    mkdirSync(dirname(at(f)), { recursive: true });
    cpSync(join(projectRoot, f), at(f));
  }
  symlinkSync(join(projectRoot, 'node_modules'), at('node_modules'));
  // A budget for the work: git ls-files, a spawned process, and a copy of what it lists.
}, 120_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Starts the scratch copy's server (demo data, keys file) and runs the read-only conformance suite against it. */
async function conformance(): Promise<{
  code: number | null;
  out: string;
  results: { cases: { id: string; status: string }[] };
}> {
  const port = await freePort();
  const keys = at(`keys-${port}.json`);
  const server = await startUntilReady(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/main.ts',
      '--port',
      String(port),
      '--data-dir',
      at(`data-${port}`),
      '--demo-keys',
      keys,
      '--no-settlement',
    ],
    `http://127.0.0.1:${port}/api/partners/sandbox/v1/health`,
    { cwd: scratch, env: { RATE_LIMIT_RPS: '0', LOG_LEVEL: 'silent' }, timeoutMs: 90_000 },
  );
  try {
    const report = at(`report-${port}`);
    const r = tsx([
      'conformance/run.ts',
      '--keys',
      keys,
      '--env',
      'sandbox',
      '--read-only',
      '--rate',
      '0',
      '--report',
      report,
    ]);
    return { ...r, results: JSON.parse(readFileSync(join(report, 'results.json'), 'utf8')) };
  } finally {
    await server.stop();
  }
}

describe(`editing the contract: the README's example, a ${P} filter on ${example.operation}, end to end`, () => {
  it(
    `lint → generate → fails while unimplemented, naming ${P} → implemented → tsc and the tests it reaches pass → conformance passes`,
    // A budget for the work, not a wait: two lint runs, a generate, two tsc runs, a start refused, two conformance
    // runs against a server of their own, and a vitest run of the reached test files, all spawned processes.
    { timeout: 900_000 },
    async () => {
      // 1. Edit: a new filter parameter, referenced by the operation — first without its x-filter (to show step 2).
      const parameterFile = [
        `name: ${P}`,
        'in: query',
        'required: false',
        'description: >-',
        '  Only purchases of this product kind: `airtime`, `dataplan`, `electricity` or `cabletv`, such as `dataplan`.',
        '  Another value is 400 `INVALID_PARAMETER`.',
        'schema:',
        '  type: string',
        '  enum: [airtime, dataplan, electricity, cabletv]',
        'example: dataplan',
        '',
      ].join('\n');
      writeFileSync(at(FILE), parameterFile);
      patch(
        'openapi/paths/account_transactions.yaml',
        '    - $ref: ../components/parameters/ToFilter.yaml\n',
        `    - $ref: ../components/parameters/ToFilter.yaml\n    - $ref: ../components/parameters/${basename(FILE)}\n`,
      );

      // 2. Lint: a query parameter that does not say what it means is refused; the README's x-filter says it (the
      //    whole lint of step 3 passes).
      const undeclared = run(bin('redocly'), ['lint', '--format=stylish'], { cwd: scratch });
      expect(undeclared.code).not.toBe(0);
      expect(undeclared.out).toMatch(
        new RegExp(`${basename(FILE).replace('.', '\\.')}:\\s+\\S+\\s+error\\s+rule/query-parameter-meaning`),
      );
      writeFileSync(at(FILE), `${parameterFile}${X_FILTER}\n`);

      // 3. Generate, then the whole lint (Spectral reads the bundle) is clean.
      expect(tsx(['scripts/generate.ts']).code).toBe(0);
      const lint = run('npm', ['run', '-s', 'lint'], { cwd: scratch });
      expect(lint.out).toContain('Your API description is valid');
      expect(lint.code).toBe(0);

      // Unimplemented: the server refuses to start (server/main.ts under tsx, which like `npm start`'s bundle does not
      // type-check), and tsc fails at the handler and at the type pin, each naming it.
      const start = tsx(['server/main.ts', '--port', '0', '--data-dir', at('data-refused')]);
      expect(start.code).toBe(1);
      expect(start.out).toContain(
        `cannot start: the handler listTransactions (server/handlers/) never reads the query parameter '${P}' that openapi/paths/account_transactions.yaml declares`,
      );
      const tsc = run(bin('tsc'), ['--noEmit'], { cwd: scratch });
      expect(tsc.code).not.toBe(0);
      expect(tsc.out).toMatch(
        new RegExp(
          `server/handlers/transactions\\.ts\\(\\d+,\\d+\\): error TS2345[^\\n]*\\n\\s*Property '${P}' is missing in type .* but required in type 'ReadsEveryQueryParameterOf<"listTransactions">'`,
        ),
      );
      expect(tsc.out).toContain(
        `type pin broken: the query of listTransactions is no longer the expected type (members only in the actual type: ${P}) — update the expected type in test/contract/generated.test.ts`,
      );

      // Declared but ignored (the handler lists it and drops it): the server starts, and the conformance run fails on
      // the cases generated from the new x-filter.
      patch(
        'server/handlers/transactions.ts',
        '    to: true,\n    page: true,',
        `    to: true,\n    ${P}: true,\n    page: true,`,
      );
      const ignored = await conformance();
      expect(ignored.code).toBe(1);
      const failed = ignored.results.cases.filter((c) => c.status === 'failed').map((c) => c.id);
      expect(failed).toEqual(
        expect.arrayContaining([
          expect.stringMatching(
            new RegExp(`^filters\\.listTransactions\\.${P}=(airtime|dataplan|electricity|cabletv)$`),
          ),
        ]),
      );
      expect(ignored.out).toMatch(new RegExp(`filter_conformance[^\\n]*${P}=`));

      // 4. Implement: the handler hands it to the store, the store filters on it, the 400 has its words, and the type
      //    pin holds the changed query (the change is intended). A store test on PGlite and PostgreSQL, which the
      //    README asks for too, is left out here: it would not show the loop anything more.
      patch(
        'server/handlers/transactions.ts',
        'external_reference: q.reference, from, to }',
        `external_reference: q.reference, ${P}: q.${P}, from, to }`,
      );
      patch(
        'server/store/types.ts',
        '  external_reference?: string | undefined;\n  from?: Date | undefined;',
        `  external_reference?: string | undefined;\n  ${P}?: string | undefined;\n  from?: Date | undefined;`,
      );
      const column = example.xFilter.attribute;
      patch(
        'server/store/transactions.ts',
        '      if (range.from !== undefined) conds.push(sql`created_at >= ${range.from}`);',
        `      if (filter.${P} !== undefined) conds.push(sql\`${column} = \${filter.${P}}\`);\n      if (range.from !== undefined) conds.push(sql\`created_at >= \${range.from}\`);`,
      );
      // The counters of migration 002 do not know the new filter: count its rows (like a reference lookup does).
      patch(
        'server/store/transactions.ts',
        'const total = filter.external_reference !== undefined ? undefined',
        `const total = filter.external_reference !== undefined || filter.${P} !== undefined ? undefined`,
      );
      patch(
        'server/contract/parameter-forms.ts',
        "  provider: 'one of",
        `  ${P}: 'one of airtime, dataplan, electricity, cabletv, such as dataplan',\n  provider: 'one of`,
      );
      patch(
        'test/contract/generated.test.ts',
        '      per_page?: number;\n    }\n  | undefined,',
        `      per_page?: number;\n      ${P}?: 'airtime' | 'dataplan' | 'electricity' | 'cabletv';\n    }\n  | undefined,`,
      );

      // "Then `npx tsc --noEmit` and the tests that cover what changed": the whole copy type-checks (its tests with
      // their @ts-expect-error lines included), and every test file that holds query parameters or handler reads
      // passes. Both are spawned tools with run()'s own bound; the test's timeout is the budget for the whole loop.
      const reached = testsReachingQueryParameters(scratch);
      expect(reached).toContain('server/contract/handler-reads.test.ts');
      const typed = run(bin('tsc'), ['--noEmit'], { cwd: scratch });
      expect(typed.out).toBe('');
      expect(typed.code).toBe(0);
      const tests = run(bin('vitest'), ['run', '--reporter=dot', ...reached], { cwd: scratch });
      expect(stripVTControlCharacters(tests.out)).toMatch(new RegExp(`Test Files\\s+${reached.length} passed`));
      expect(tests.code).toBe(0);

      // 5. Docs: a new parameter needs no code sample (a new operation would), and the rendered page shows nothing
      //    this loop checks; left out.
      // 6. Conformance passes: every case of the run, among them one per product kind of the new filter.
      const implemented = await conformance();
      expect(implemented.results.cases.filter((c) => c.status === 'failed').map((c) => c.id)).toEqual([]);
      expect(implemented.code).toBe(0);
      const added = implemented.results.cases.filter((c) => c.id.startsWith(`filters.listTransactions.${P}=`));
      expect(added.map((c) => c.status)).toEqual(['passed', 'passed', 'passed', 'passed']);
    },
  );
});
