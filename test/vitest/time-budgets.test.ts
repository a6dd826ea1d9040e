/**
 * No test or hook starts a process (a compiler, a server, a tool) under vitest's default timeout: each gives that
 * work a budget of its own (time-budgets.ts says what counts). The scan is proved both ways on fixture files: one
 * that spawns without a budget is found, the same with a budget is not.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/run.ts';
import { SpawnScan, unbudgetedSpawns, type Finding } from './time-budgets.ts';

const dir = mkdtempSync(join(tmpdir(), 'time-budgets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const helpers = join(projectRoot, 'test/helpers');
const header = [
  "import { spawnSync } from 'node:child_process';",
  "import { afterAll, beforeAll, describe, it, test, vi } from 'vitest';",
  `import { bin, run } from '${helpers}/run.ts';`,
  `import { startUntilReady } from '${helpers}/processes.ts';`,
  `import { startTestServer } from '${helpers}/server.ts';`,
  "import { lint, tools } from './tools.ts';",
].join('\n');
// A helper of the fixture's own: the scan follows relative imports to what they call.
writeFileSync(
  join(dir, 'tools.ts'),
  [
    "import { execFileSync } from 'node:child_process';",
    "export const lint = () => execFileSync('true');",
    'export function tools() {',
    "  return { start: () => execFileSync('true'), dir: () => '/tmp' };",
    '}',
  ].join('\n'),
);

type Row = [name: string, source: string, found: Pick<Finding, 'line' | 'kind' | 'via'>[]];

/** Line 7 is the first line after the header. */
const ROWS: Row[] = [
  [
    'a test that runs a tool through test/helpers/run.ts, no budget',
    "it('lints', () => { run(bin('redocly'), ['lint']); });",
    [{ line: 7, kind: 'test', via: ['run'] }],
  ],
  ['the same with a budget as the third argument', "it('lints', () => { run('x', []); }, 120_000);", []],
  ['the same with a named budget', "const BUDGET = 120_000;\nit('lints', () => { run('x', []); }, BUDGET);", []],
  ['the same with a timeout option', "it('lints', { timeout: 120_000 }, () => { run('x', []); });", []],
  [
    'a timeout no larger than the default is no budget',
    "const T = 30_000;\nit('a', () => { run('x', []); }, T);\nit('b', () => { run('x', []); }, 20_000);",
    [
      { line: 8, kind: 'test', via: ['run'] },
      { line: 9, kind: 'test', via: ['run'] },
    ],
  ],
  [
    'child_process directly, in a test of it.each',
    "it.each([1, 2])('runs %i', () => { spawnSync('tsc'); });",
    [{ line: 7, kind: 'test', via: ['spawnSync'] }],
  ],
  ['it.skipIf with a budget', "it.skipIf(false)('runs', () => { spawnSync('tsc'); }, 120_000);", []],
  [
    "through a function of the file and one of another module (its helper's helper)",
    "const cli = () => run('x', []);\ntest('a', () => { cli(); });\ntest('b', () => { lint(); });",
    [
      { line: 8, kind: 'test', via: ['cli'] },
      { line: 9, kind: 'test', via: ['lint'] },
    ],
  ],
  [
    'a function declared inside the test',
    "it('a', () => { const go = () => spawnSync('x'); go(); });",
    [{ line: 7, kind: 'test', via: ['spawnSync', 'go'] }],
  ],
  [
    'only the member of a made object that spawns: tools().start, not tools().dir',
    "const t = tools();\nit('a', () => { t.start(); });\nit('b', () => { t.dir(); });",
    [{ line: 8, kind: 'test', via: ['t'] }],
  ],
  [
    "an enclosing describe's timeout covers its tests",
    "describe('tools', { timeout: 120_000 }, () => { it('a', () => { run('x', []); }); });",
    [],
  ],
  [
    'the file-wide vi.setConfig testTimeout covers its tests',
    "vi.setConfig({ testTimeout: 120_000 });\nit('a', () => { run('x', []); });",
    [],
  ],
  [
    "a hook that starts a server process, without a budget (a describe's timeout is not the hook's)",
    "describe('x', { timeout: 120_000 }, () => {\n  beforeAll(() => startUntilReady('prism', [], 'http://x'));\n});",
    [{ line: 8, kind: 'hook', via: ['startUntilReady'] }],
  ],
  ['the same hook with a budget', "beforeAll(() => startUntilReady('prism', [], 'http://x'), 120_000);", []],
  ['a hook whose budget the file sets', 'vi.setConfig({ hookTimeout: 120_000 });\nafterAll(() => { lint(); });', []],
  [
    'what starts no process: the server in this process, a local that shadows an imported name',
    "beforeAll(async () => { await startTestServer(); });\nit('a', () => { const run = (n: number) => n; run(1); bin('x'); });",
    [],
  ],
];

describe('the scan for processes started without a budget', () => {
  it.each(ROWS)('%s', (name, source, found) => {
    const sub = join(dir, name.replace(/\W+/g, '-'));
    mkdirSync(sub);
    writeFileSync(join(sub, 'tools.ts'), `export { lint, tools } from '${join(dir, 'tools.ts')}';\n`);
    writeFileSync(join(sub, 'x.test.ts'), `${header}\n${source}\n`);
    const findings = new SpawnScan(dir).findings(join(sub, 'x.test.ts'));
    expect(findings.map(({ line, kind, via }) => ({ line, kind, via }))).toEqual(found);
  });

  it.each([
    ['test/helpers/run.ts', 'run', true],
    ['test/helpers/run.ts', 'runAsync', true],
    ['test/helpers/bash.ts', 'bash', true],
    ['test/helpers/processes.ts', 'startUntilReady', true],
    ['test/helpers/chromium.ts', 'launchChromium', true],
    ['test/conformance/support/cli.ts', 'conformanceCli', true],
    ['test/helpers/run.ts', 'bin', false],
    ['test/helpers/processes.ts', 'freePort', false],
    ['test/helpers/server.ts', 'startTestServer', false],
  ] as const)("knows %s's %s as one that starts a process: %s", (file, name, spawns) => {
    expect(new SpawnScan(projectRoot).spawns(file, name)).toBe(spawns);
  });
});

describe("the project's tests and hooks", () => {
  it('give every process they start a budget of its own (a test: a third argument, a hook: a second)', () => {
    const found = unbudgetedSpawns(projectRoot).map((f) => `${f.file}:${f.line} ${f.kind} ${f.title} (${f.via})`);
    expect(found).toEqual([]);
    // A budget for the work: parsing every source of the project in this process (no process is started).
  }, 120_000);
});
