/**
 * The skip line (skip-summary.ts): what the skipped tests need and the variable that runs them, after vitest's own
 * summary; nothing when nothing was skipped.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot, run } from '../helpers/run.ts';
import { skipSummary, type Skipped } from './skip-summary.ts';

const pg = (n: number): Skipped[] =>
  Array.from({ length: n }, (_, i) => ({
    fullName: `Store on PostgreSQL (skipped: TEST_DATABASE_URL not set) > t${i}`,
  }));
const PG_LINE = (n: string) =>
  `skipped ${n} that need PostgreSQL: set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test to run them`;
const CHROMIUM: Skipped = {
  fullName:
    'the docs page offline (skipped: /usr/bin/chromium not found (scripts/ensure-chromium.sh installs it)) > loads',
};

describe('skipSummary', () => {
  it.each<[string, Skipped[], NodeJS.ProcessEnv, string[]]>([
    ['nothing skipped: no line', [], {}, []],
    ['PostgreSQL tests without TEST_DATABASE_URL', pg(266), {}, [PG_LINE('266 tests')]],
    ['one test, singular', pg(1), {}, [PG_LINE('1 test')]],
    [
      'a suite named after PostgreSQL only, and a describe.skip saying the variable is not set',
      [
        { fullName: 'two instances starting at once on one empty PostgreSQL schema > a' },
        { fullName: "a biller's answers, PostgreSQL: TEST_DATABASE_URL is not set > b" },
      ],
      {},
      [PG_LINE('2 tests')],
    ],
    [
      'PostgreSQL-titled tests skipped while TEST_DATABASE_URL is set: skipped for another reason',
      pg(2),
      { TEST_DATABASE_URL: 'postgres://x' },
      ['skipped 2 tests for other reasons, named in their titles (it.skip, skipIf, a filter)'],
    ],
    [
      'Chromium missing and two other skips, each on its line in the table order',
      [CHROMIUM, ...pg(3), { fullName: 'rate limits on Redis > r' }, { fullName: 'x > y', note: 'not root' }],
      {},
      [
        PG_LINE('3 tests'),
        'skipped 1 test that need Chromium: run scripts/ensure-chromium.sh as root, or set CHROMIUM_PATH to a Chromium to run them',
        'skipped 2 tests for other reasons, named in their titles (it.skip, skipIf, a filter)',
      ],
    ],
  ])('%s', (_name, skipped, env, lines) => {
    expect(skipSummary(skipped, env)).toEqual(lines);
  });
});

// A project of two files under dist/ (ignored by git), so that its config's import of the reporter resolves here.
mkdirSync(join(projectRoot, 'dist'), { recursive: true });
const dir = mkdtempSync(join(projectRoot, 'dist', 'skip-summary-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function vitestOn(files: Record<string, string>) {
  const root = mkdtempSync(join(dir, 'p-'));
  writeFileSync(
    join(root, 'vitest.config.ts'),
    [
      `import { SkipSummaryReporter } from '${join(projectRoot, 'test/vitest/skip-summary.ts')}';`,
      "export default { test: { include: ['*.test.ts'], reporters: ['default', new SkipSummaryReporter()] } };",
    ].join('\n'),
  );
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
  const env = { ...process.env, TEST_DATABASE_URL: '' };
  return run(process.execPath, [join(projectRoot, 'node_modules/vitest/vitest.mjs'), 'run', '--root', root], {
    env: env as Record<string, string>,
  });
}

const IMPORT = "import { describe, it } from 'vitest';\n";

describe('the reporter in a vitest run', () => {
  it('prints the line after the summary when a suite that needs PostgreSQL is skipped, and none otherwise', () => {
    const skipping = vitestOn({
      'a.test.ts': `${IMPORT}describe.skipIf(true)('on PostgreSQL (skipped: TEST_DATABASE_URL not set)', () => {\n  it('a', () => {});\n  it('b', () => {});\n});\nit('runs', () => {});\n`,
    });
    expect(skipping.code, skipping.out).toBe(0);
    const lines = stripVTControlCharacters(skipping.out).trim().split('\n');
    expect(lines.at(-1)).toBe(PG_LINE('2 tests'));
    expect(
      lines.findIndex((l) => /Tests\s+1 passed \| 2 skipped/.test(l)),
      skipping.out,
    ).toBeGreaterThan(-1);

    const passing = vitestOn({ 'b.test.ts': `${IMPORT}it('runs', () => {});\n` });
    expect(passing.code, passing.out).toBe(0);
    expect(passing.out).not.toMatch(/^skipped /m);
    // A budget for the work: two vitest runs, each a process of its own.
  }, 120_000);
});
