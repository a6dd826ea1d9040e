/**
 * Which Node runs the tests: inside package.json's `engines`, the version the run asked for (EXPECTED_NODE_VERSION,
 * set by .ci/run for each of its runtimes), and the same Node in the processes the tests start through PATH (npm
 * scripts, node_modules/.bin). CI's second run counts as proof of the oldest supported runtime only if all hold.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bin, projectRoot, run } from '../helpers/run.ts';
import { satisfiesCaretRange } from './caret-range.ts';

const engines: string = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')).engines.node;
const expected = process.env.EXPECTED_NODE_VERSION;

describe(`the runtime: Node ${process.version} (${process.execPath})`, () => {
  it(`is inside package.json engines (${engines})`, () => {
    expect(satisfiesCaretRange(process.version, engines)).toBe(true);
  });

  it.skipIf(!expected)(`is the version the run asked for (EXPECTED_NODE_VERSION=${expected ?? 'unset'})`, () => {
    expect(process.version).toBe(`v${expected!.replace(/^v/, '')}`);
  });

  it('is also the Node of the tools the tests start through PATH (tsx)', () => {
    const r = run(bin('tsx'), ['-e', 'process.stdout.write(process.version)']);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toBe(process.version);
    // A budget for the work: tsx started through PATH, a spawned process.
  }, 60_000);
});
