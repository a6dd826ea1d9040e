/**
 * `npm run conformance -- --help` is a real help: a line for every option the parser accepts (taken from the parser's
 * own table, so a new option fails here until the help describes it), every CONFORMANCE_* variable the CLI reads,
 * the exit codes, and examples — one against a staging deployment — that the parser accepts as written.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HELP, OPTIONS, parseOptions } from '../../conformance/options.ts';
import { projectRoot } from '../helpers/run.ts';
import { conformanceCli } from './support/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'conformance-help-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every CONFORMANCE_* name the CLI's option code reads: literal ones, and CONFORMANCE_KEY_<ROLE> for each role. */
function variablesRead(): string[] {
  const names = new Set<string>();
  for (const file of ['conformance/options.ts', 'conformance/keys.ts']) {
    const source = readFileSync(join(projectRoot, file), 'utf8').replace(
      /^export const HELP[\s\S]*?\]\.join\('\\n'\);$/m,
      '',
    );
    for (const [name] of source.matchAll(/\bCONFORMANCE_[A-Z_]*[A-Z]\b/g)) names.add(name);
  }
  return [...names];
}

describe('npm run conformance -- --help', () => {
  it('prints the help, exit 0 (and -h too)', async () => {
    for (const flag of ['--help', '-h']) {
      const r = await conformanceCli([flag]);
      expect(r.code).toBe(0);
      expect(r.out.trimEnd()).toBe(HELP);
    }
    expect(HELP.split('\n').length).toBeGreaterThan(20);
    // A budget for the work: two runs of the conformance CLI, each a process under tsx.
  }, 120_000);

  it.each(Object.entries(OPTIONS))('describes --%s on a line of its own', (name, spec) => {
    const short = 'short' in spec ? `-${spec.short}, ` : '';
    // `  --name VALUE   what it does`, or the description on the next, indented line.
    expect(HELP).toMatch(
      new RegExp(`^ {2}${short}--${name}\\b[^\\n]*? {2,}\\S|^ {2}${short}--${name}\\b[^\\n]*\\n {10,}\\S`, 'm'),
    );
  });

  it('names every CONFORMANCE_* variable the CLI reads', () => {
    const read = variablesRead();
    expect(read).toContain('CONFORMANCE_ENV');
    expect(read.filter((v) => !HELP.includes(v))).toEqual([]);
    for (const role of ['FULL', 'LOW_BALANCE', 'IP_LOOPBACK']) expect(HELP).toContain(`CONFORMANCE_KEY_${role}`);
  });

  it('gives the exit codes', () => {
    expect(HELP).toMatch(/exit status: 0 .*; 1 .*; 2 /s);
  });

  it('has examples, one against staging, each accepted by the parser as written', () => {
    const examples = HELP.split('\n')
      .map((l) => l.trim())
      .filter((l) => l.startsWith('npm run conformance -- '));
    expect(examples.length).toBeGreaterThanOrEqual(2);
    expect(examples.some((e) => /--base-url https:\/\/staging\./.test(e))).toBe(true);
    const keys = join(dir, 'keys.json');
    writeFileSync(
      keys,
      JSON.stringify({
        sandbox: { base_url: 'http://127.0.0.1:8080/api/partners/sandbox/v1', keys: { full: 'sk_test_x' } },
        production: { base_url: 'http://127.0.0.1:8080/api/partners/v1', keys: { full: 'sk_live_x' } },
      }),
    );
    for (const example of examples) {
      const argv = example.slice('npm run conformance -- '.length).split(/ +/);
      const k = argv.indexOf('--keys');
      if (k >= 0) argv[k + 1] = keys;
      const options = parseOptions(argv, {});
      expect(options.baseUrl, example).toMatch(/^https?:\/\//);
      if (/staging/.test(example)) expect(options.baseUrl).toMatch(/^https:\/\/staging\./);
    }
  });
});
