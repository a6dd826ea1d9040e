/**
 * Writes generated/ from openapi/: the self-contained bundle (generated/openapi.json), the TypeScript types
 * (generated/schema.d.ts) and the operation table the server routes from (generated/operations.ts). `--check` writes nothing: it regenerates in memory and fails on any difference with
 * what is committed, so an edit to openapi/ without `npm run generate` fails `npm test`.
 *
 * One part of openapi/ is written here too: the guide's scopes table (openapi/info-description.md, between the
 * markers of lib/scopes-table.ts), from the operations' security, so that it can never name other scopes than the
 * operations take. The bundle carries the table as written, and `--check` fails when the guide holds another.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { bundleContract, GENERATED_NOTE } from './lib/contract-diff/bundle.ts';
import { operationTable, operationTableSource } from './lib/operation-table.ts';
import { scopesTable, withScopesTable } from './lib/scopes-table.ts';

const project = new URL('..', import.meta.url).pathname;
// `--root DIR` generates for a copy of the contract elsewhere (the drift test edits a copy, never the real one).
const rootFlag = process.argv.indexOf('--root');
const root = rootFlag > 0 ? process.argv[rootFlag + 1]! : project;

const GUIDE = 'openapi/info-description.md';

/** Each file's content, from what the file holds now (null: no such file). */
type Writes = Map<string, (current: string | null) => string>;

async function build(): Promise<Writes> {
  const dir = mkdtempSync(join(tmpdir(), 'bundle-'));
  try {
    const out = join(dir, 'openapi.json');
    // The same bundle the breaking-change gate judges (scripts/lib/contract-diff/bundle.ts).
    const { doc } = bundleContract(root);
    const table = operationTable(doc, readFileSync(join(root, 'openapi/openapi.yaml'), 'utf8'));
    const scopes = scopesTable(table);
    const info = doc.info as { description: string };
    info.description = withScopesTable(info.description, scopes);
    const bundle = JSON.stringify(doc, null, 2) + '\n';
    writeFileSync(out, bundle);
    const ast = await openapiTS(pathToFileURL(out), { alphabetize: false });
    const types = `/**\n * ${GENERATED_NOTE}\n */\n\n` + astToString(ast);
    const operations = operationTableSource(table, GENERATED_NOTE);
    return new Map<string, (current: string | null) => string>([
      ['generated/openapi.json', () => bundle],
      ['generated/schema.d.ts', () => types],
      ['generated/operations.ts', () => operations],
      // From the guide as it is when written: only the table between the markers is ours.
      [GUIDE, (current) => withScopesTable(current ?? '', scopes)],
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const check = process.argv.includes('--check');
const files = await build();
let drift = 0;
for (const [file, write] of files) {
  const path = join(root, file);
  const current = existsSync(path) ? readFileSync(path, 'utf8') : null;
  const content = write(current);
  if (current === content) continue;
  if (check) {
    drift++;
    const a = (current ?? '').split('\n');
    const b = content.split('\n');
    const line = a.findIndex((l, i) => l !== b[i]);
    console.error(
      `✗ ${relative(root, path)} differs from what the contract generates (first difference at line ${line + 1}):`,
    );
    console.error(`    committed: ${a[line] ?? '<missing>'}\n    generated: ${b[line] ?? '<missing>'}`);
  } else {
    writeFileSync(path, content);
    console.log(`wrote ${file}`);
  }
}
if (check) {
  if (drift) {
    console.error(
      `generated/ (or the scopes table of ${GUIDE}) is out of date: run \`npm run generate\` and commit the result.`,
    );
    process.exit(1);
  }
  console.log('generated/ is in sync with openapi/');
}
