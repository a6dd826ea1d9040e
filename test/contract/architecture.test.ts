/** ARCHITECTURE.md's operation index is derived from the code and cannot go stale. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { operationIndex, withIndex } from '../../scripts/lib/architecture-index.ts';

const root = new URL('../..', import.meta.url).pathname;
const doc = readFileSync(`${root}ARCHITECTURE.md`, 'utf8');
const index = operationIndex(root);

describe('the operation index of ARCHITECTURE.md', () => {
  it('is what the code says (else: npm run architecture)', () => {
    expect(withIndex(doc, index)).toBe(doc);
  });

  it('names a handler and at least one conformance case group for every operation', () => {
    const rows = index.split('\n').filter((l) => l.startsWith('| `'));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row).not.toContain('**missing**');
      expect(row).not.toContain('**none**');
    }
  });
});

describe('the caches of ARCHITECTURE.md', () => {
  it('are the list of server/frozen.ts, where the caching rule lives', () => {
    const frozen = readFileSync(`${root}server/frozen.ts`, 'utf8');
    const inCode = frozen.split('\n').filter((l) => l.startsWith(' * | ')).map((l) => l.slice(3));
    const inDoc = doc.split('\n').filter((l) => l.startsWith('| ') && inCode.some((c) => c.split('|')[1] === l.split('|')[1]));
    expect(inCode.length).toBeGreaterThan(3);
    expect(inDoc).toEqual(inCode);
  });
});
