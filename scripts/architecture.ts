/**
 * Rewrites the operation index of ARCHITECTURE.md from the code (scripts/lib/architecture-index.ts).
 * `--check` writes nothing and fails when the committed index differs (test/contract/architecture.test.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { operationIndex, withIndex } from './lib/architecture-index.ts';

const root = new URL('..', import.meta.url).pathname;
const file = join(root, 'ARCHITECTURE.md');
const current = readFileSync(file, 'utf8');
const next = withIndex(current, operationIndex(root));
if (process.argv.includes('--check')) {
  if (next !== current) {
    console.error('ARCHITECTURE.md: the operation index is out of date; run `npm run architecture` and commit it.');
    process.exit(1);
  }
  console.log('ARCHITECTURE.md: the operation index matches the code');
} else if (next !== current) {
  writeFileSync(file, next);
  console.log('wrote the operation index of ARCHITECTURE.md');
}
