/**
 * `npm run docs`: the contract's reference docs as one offline HTML page, `dist/docs/index.html`
 * (`redocly build-docs --inlineBundle`; without it Redoc loads from a CDN and renders nothing offline), then made to
 * send no request to any host (lib/offline-docs.ts: Redoc's remote footer logo out, an inline empty favicon in).
 *
 * @redocly/cli 2.77 prints, at every build-docs, a boxed notice that build-docs moved to Redoc 3 (unconditional: no
 * flag or variable turns it off). It is news for projects that had Redoc 2 themes and templates; this one never
 * had them, and `npm start` runs this script, so the box is dropped. Everything else Redocly says is passed on,
 * and its exit status is ours.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { dropNoticeBoxes } from './lib/notice-box.ts';
import { offlinePage } from './lib/offline-docs.ts';

const root = new URL('..', import.meta.url).pathname;
// `--output FILE` (tests: a file of their own, so they never rewrite the page another test is reading).
const flag = process.argv.indexOf('--output');
const output = flag > 0 ? process.argv[flag + 1]! : 'dist/docs/index.html';

const r = spawnSync(
  join(root, 'node_modules/.bin/redocly'),
  ['build-docs', 'generated/openapi.json', '--output', output, '--inlineBundle'],
  {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  },
);
const said = dropNoticeBoxes(`${r.stdout ?? ''}${r.stderr ?? ''}`).trimEnd();
if (r.status !== 0) {
  console.error(`${said}\ndocs: redocly build-docs failed (${r.error?.message ?? `exit ${r.status ?? r.signal}`})`);
  process.exit(1);
}
if (said) console.error(said);
const file = resolve(root, output);
writeFileSync(file, offlinePage(readFileSync(file, 'utf8')).html);
console.log(`docs: ${output}`);
