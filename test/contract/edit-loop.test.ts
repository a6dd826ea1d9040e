/**
 * The README's "Editing the contract" loop, performed on a scratch copy of the repository (its files, with
 * node_modules symlinked): add a `product_type` filter to listTransactions → lint → generate → the unimplemented
 * state fails, naming the parameter — at start-up, in tsc, and, once the handler only declares it, in the
 * conformance run — → a small implementation (handler, store, words) → the server starts and the conformance run
 * passes, with the generated product_type cases among its passed cases.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startUntilReady } from '../helpers/processes.ts';
import { bin, projectRoot, run } from '../helpers/run.ts';

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
});
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

describe('editing the contract: a product_type filter on listTransactions, end to end', () => {
  it(
    'lint → generate → fails while unimplemented, naming product_type → implemented → passes',
    { timeout: 300_000 },
    async () => {
      // 1. Edit: a new filter parameter, referenced by the operation — first without its x-filter.
      writeFileSync(
        at('openapi/components/parameters/ProductTypeFilter.yaml'),
        [
          'name: product_type',
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
        ].join('\n'),
      );
      patch(
        'openapi/paths/account_transactions.yaml',
        '    - $ref: ../components/parameters/ToFilter.yaml\n',
        '    - $ref: ../components/parameters/ToFilter.yaml\n    - $ref: ../components/parameters/ProductTypeFilter.yaml\n',
      );

      // 2. Lint: a query parameter that does not say what it means is refused.
      const undeclared = run(bin('redocly'), ['lint', '--format=stylish'], { cwd: scratch });
      expect(undeclared.code).not.toBe(0);
      expect(undeclared.out).toMatch(/ProductTypeFilter\.yaml:\s+\S+\s+error\s+rule\/query-parameter-meaning/);
      writeFileSync(
        at('openapi/components/parameters/ProductTypeFilter.yaml'),
        `${readFileSync(at('openapi/components/parameters/ProductTypeFilter.yaml'), 'utf8')}x-filter: { attribute: product_type, match: exact }\n`,
      );

      // 3. Generate, then the whole lint (Spectral reads the bundle) is clean.
      expect(tsx(['scripts/generate.ts']).code).toBe(0);
      const lint = run('npm', ['run', '-s', 'lint'], { cwd: scratch });
      expect(lint.out).toContain('Your API description is valid');
      expect(lint.code).toBe(0);

      // 4. Unimplemented: the server refuses to start, and tsc fails at the handler and at the type pin, each naming it.
      const start = tsx(['server/main.ts', '--port', '0', '--data-dir', at('data-refused')]);
      expect(start.code).toBe(1);
      expect(start.out).toContain(
        "cannot start: the handler listTransactions (server/handlers/) never reads the query parameter 'product_type' that openapi/paths/account_transactions.yaml declares",
      );
      const tsc = run(bin('tsc'), ['--noEmit'], { cwd: scratch });
      expect(tsc.code).not.toBe(0);
      expect(tsc.out).toMatch(
        /server\/handlers\/transactions\.ts\(\d+,\d+\): error TS2345[^\n]*\n\s*Property 'product_type' is missing in type .* but required in type 'ReadsEveryQueryParameterOf<"listTransactions">'/,
      );
      expect(tsc.out).toContain(
        'type pin broken: the query of listTransactions is no longer the expected type (members only in the actual type: product_type) — update the expected type in test/contract/generated.test.ts',
      );

      // 5. Declared but ignored (the handler lists it and drops it): the server starts, and the conformance run fails
      //    on the cases generated from the new x-filter.
      patch(
        'server/handlers/transactions.ts',
        '    to: true,\n    page: true,',
        '    to: true,\n    product_type: true,\n    page: true,',
      );
      const ignored = await conformance();
      expect(ignored.code).toBe(1);
      const failed = ignored.results.cases.filter((c) => c.status === 'failed').map((c) => c.id);
      expect(failed).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^filters\.listTransactions\.product_type=(airtime|dataplan|electricity|cabletv)$/),
        ]),
      );
      expect(ignored.out).toMatch(/filter_conformance[^\n]*product_type=/);

      // 6. Implement: the handler hands it to the store, the store filters on it, the 400 has its words.
      patch(
        'server/handlers/transactions.ts',
        'external_reference: q.reference, from, to }',
        'external_reference: q.reference, product_type: q.product_type, from, to }',
      );
      patch(
        'server/store/types.ts',
        '  external_reference?: string | undefined;\n  from?: Date | undefined;',
        '  external_reference?: string | undefined;\n  product_type?: string | undefined;\n  from?: Date | undefined;',
      );
      patch(
        'server/store/transactions.ts',
        '      if (range.from !== undefined) conds.push(sql`created_at >= ${range.from}`);',
        '      if (filter.product_type !== undefined) conds.push(sql`product_type = ${filter.product_type}`);\n      if (range.from !== undefined) conds.push(sql`created_at >= ${range.from}`);',
      );
      // The counters of migration 002 do not know product_type: count its rows (like a reference lookup does).
      patch(
        'server/store/transactions.ts',
        'const total = filter.external_reference !== undefined ? undefined',
        'const total = filter.external_reference !== undefined || filter.product_type !== undefined ? undefined',
      );
      patch(
        'server/contract/parameter-forms.ts',
        "  provider: 'one of",
        "  product_type: 'one of airtime, dataplan, electricity, cabletv, such as dataplan',\n  provider: 'one of",
      );

      // 7. Passes: every case of the run, among them one per product kind of the new filter.
      const implemented = await conformance();
      expect(implemented.results.cases.filter((c) => c.status === 'failed').map((c) => c.id)).toEqual([]);
      expect(implemented.code).toBe(0);
      const productType = implemented.results.cases.filter((c) =>
        c.id.startsWith('filters.listTransactions.product_type='),
      );
      expect(productType.map((c) => c.status)).toEqual(['passed', 'passed', 'passed', 'passed']);
    },
  );
});
