/**
 * Test support: a deliberately broken copy of a module (a mutant), to show that the tests of a guard can fail. The
 * module's source is read, each edit applied — a piece of text that must occur exactly once, so an edit that no
 * longer matches the code fails loudly instead of silently testing the original — and the copy is written next to the
 * original (so its relative imports resolve), imported, and deleted.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type Edit = readonly [from: string, to: string];

export async function importMutant<T>(original: URL, edits: readonly Edit[]): Promise<T> {
  let source = readFileSync(original, 'utf8');
  for (const [from, to] of edits) {
    const count = source.split(from).length - 1;
    if (count !== 1) throw new Error(`mutant edit must match exactly once, matched ${count} times: ${from}`);
    source = source.replace(from, () => to);
  }
  const copy = fileURLToPath(new URL(`./.mutant-${randomUUID()}.ts`, original));
  writeFileSync(copy, source);
  try {
    return (await import(copy)) as T;
  } finally {
    rmSync(copy, { force: true });
  }
}
