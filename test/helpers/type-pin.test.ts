/**
 * TypePin fails in words: tsc on a file of pins — equal types, a member added, a member removed, another type —
 * reports nothing for the equal one and, for each other, a message naming the members that differ and the file to
 * update (what the pins of generated.test.ts and handler-types.test.ts print after a contract edit).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bin, projectRoot, run } from './run.ts';

// Under dist/ (ignored by git) so that the fixture's import of the helper resolves inside the project.
mkdirSync(join(projectRoot, 'dist'), { recursive: true });
const dir = mkdtempSync(join(projectRoot, 'dist', 'type-pin-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PINS = [
  ['equal', "TypePin<{ a?: string }, { a?: string }, 'x.ts'>", null],
  [
    'added',
    "TypePin<{ a?: string; product_type?: string }, { a?: string }, 'test/contract/generated.test.ts', 'the query'>",
    'type pin broken: the query is no longer the expected type (members only in the actual type: product_type) — update test/contract/generated.test.ts',
  ],
  [
    'removed',
    "TypePin<{ a: string }, { a: string; b: number }, 'server/handlers/index.ts'>",
    'type pin broken: the pinned type is no longer the expected type (members only in the expected type: b) — update server/handlers/index.ts',
  ],
  [
    'retyped',
    "TypePin<number, string, 'y.ts', 'Balance.balance'>",
    'type pin broken: Balance.balance is no longer the expected type — update y.ts, or revert the change that made it differ',
  ],
] as const;

describe('TypePin', () => {
  it('passes equal types and fails the others with a message that names what differs and the file to update', () => {
    const file = join(dir, 'pins.ts');
    writeFileSync(
      file,
      [
        `import type { TypePin } from '${join(projectRoot, 'test/helpers/type-pin.ts')}';`,
        ...PINS.map(([name, pin]) => `export const ${name}: ${pin} = 'pinned';`),
      ].join('\n'),
    );
    const r = run(bin('tsc'), [
      '--noEmit',
      '--strict',
      '--target',
      'es2023',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--allowImportingTsExtensions',
      file,
    ]);
    const errors = r.out.split('\n').filter((l) => l.includes('error TS'));
    for (const [index, [name, , message]] of PINS.entries()) {
      const line = errors.filter((l) => l.includes(`pins.ts(${index + 2},`));
      if (message === null) expect(line, name).toEqual([]);
      else expect(line.join('\n'), name).toContain(message);
    }
    expect(errors).toHaveLength(PINS.filter(([, , m]) => m !== null).length);
    expect(r.code).not.toBe(0);
    // A budget for the work: tsc on the pins file, a spawned compiler.
  }, 120_000);
});
