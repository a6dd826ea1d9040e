/**
 * The docs show each server's description as written: Redoc (the page `npm run docs` builds, scripts/docs.ts) puts
 * it in the server panel as plain text, so markdown there reaches the reader as raw backticks and asterisks. The
 * built page — its prerendered markup, what Redoc hydrates and shows — names every server of the contract, and no
 * description it shows has markdown syntax. (The contract's descriptions are checked the same way, without a build,
 * in servers.test.ts.)
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundle, type JsonObject } from '../helpers/bundle.ts';
import { projectRoot, run } from '../helpers/run.ts';
import { MARKDOWN } from '../helpers/servers.ts';

mkdirSync(join(projectRoot, 'dist'), { recursive: true });
const work = mkdtempSync(join(projectRoot, 'dist', 'docs-servers-'));
const html = join(work, 'index.html');
afterAll(() => rmSync(work, { recursive: true, force: true }));

const entities: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
};
const text = (markup: string) =>
  markup.replace(/<[^>]*>/g, '').replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (e) => entities[e]!);

let shown: string[];
beforeAll(() => {
  const r = run(process.execPath, ['--import', 'tsx', join(projectRoot, 'scripts/docs.ts'), '--output', html]);
  expect(r.code, r.out).toBe(0);
  const page = readFileSync(html, 'utf8');
  shown = [
    ...new Set(
      [...page.matchAll(/<span data-testid="server-panel-item-name"[^>]*>([\s\S]*?)<\/span>/g)].map(([, m]) =>
        text(m!),
      ),
    ),
  ];
}, 120_000);

describe('the docs page: server descriptions', () => {
  it('shows the description of every server of the contract, as written', () => {
    const descriptions = (bundle.servers as JsonObject[]).map((s) => String(s.description));
    expect(shown.sort()).toEqual([...new Set(descriptions)].sort());
  });

  it('shows none with markdown syntax (Redoc prints it raw)', () => {
    expect(shown.filter((d) => MARKDOWN.test(d))).toEqual([]);
  });
});
