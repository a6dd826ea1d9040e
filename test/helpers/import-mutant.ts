/**
 * Test support: a deliberately broken copy of a module (a mutant), to show that the tests of a guard can fail. The
 * module's source is read, each edit applied — a piece of text that must occur exactly once, so an edit that no
 * longer matches the code fails loudly instead of silently testing the original — and the copy is imported and
 * deleted.
 *
 * The copy is written under dist/mutants/ (ignored by git), its relative imports rewritten to the original's
 * directory, so that they resolve as the original's do. Not next to the original: test files run in parallel, and a
 * stray `.ts` file in server/ for the moment a test holds it would be seen by the tests that read the tree (the
 * edit loop copies the files git lists, dependency-cruiser walks server/).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type Edit = readonly [from: string, to: string];

const mutants = new URL('../../dist/mutants/', import.meta.url);

export async function importMutant<T>(original: URL, edits: readonly Edit[]): Promise<T> {
  let source = readFileSync(original, 'utf8');
  for (const [from, to] of edits) {
    const count = source.split(from).length - 1;
    if (count !== 1) throw new Error(`mutant edit must match exactly once, matched ${count} times: ${from}`);
    source = source.replace(from, () => to);
  }
  // `from './x.ts'`, `from '../y.ts'`, `import('./z.ts')`: the original's neighbours, by absolute path.
  source = source.replace(
    /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.\.?\/[^'"]+)\2/g,
    (_m, lead: string, quote: string, spec: string) =>
      `${lead}${quote}${fileURLToPath(new URL(spec, original))}${quote}`,
  );
  mkdirSync(mutants, { recursive: true });
  const copy = fileURLToPath(new URL(`./mutant-${randomUUID()}.ts`, mutants));
  writeFileSync(copy, source);
  try {
    return (await import(copy)) as T;
  } finally {
    rmSync(copy, { force: true });
  }
}
