/**
 * `npm run contract:diff` on an edit made while a version is being prepared: a scratch git repository holding a copy
 * of the repository's contract under the next, unreleased minor version (its CHANGELOG.md section "unreleased"),
 * committed, then edited in the working tree. The edit's own changes come first — against HEAD's committed contract,
 * or against `--base <ref>` — and the version is judged against the last release, not against HEAD.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveBase } from '../../scripts/lib/contract-diff/base.ts';
import { bundleContract } from '../../scripts/lib/contract-diff/bundle.ts';
import { projectRoot, run } from '../helpers/run.ts';
import { git } from './compat-replay-repo.ts';

// A budget for the work of the tests and hooks that run git, the bundler and the gate as processes.
const SLOW = 120_000;
const root = mkdtempSync(join(tmpdir(), 'contract-diff-edit-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const cli = (args: string[]) =>
  run(join(projectRoot, 'node_modules/.bin/tsx'), [
    join(projectRoot, 'scripts/contract-diff.ts'),
    '--root',
    root,
    ...args,
  ]);

const ACCOUNT = 'openapi/components/schemas/AccountAttributes.yaml';
const original = { account: '', bundle: '' };
let released = '';
let preparing = '';
let major = 0;

/** `npm run generate`'s bundle of the working tree, written where it writes it. */
const generate = () => writeFileSync(join(root, 'generated/openapi.json'), bundleContract(root).text);

beforeAll(() => {
  for (const path of ['openapi', 'generated', 'redocly.yaml'])
    cpSync(join(projectRoot, path), join(root, path), { recursive: true });
  released = resolveBase({ root })!.version;
  const [maj, minor] = released.split('.').map(Number) as [number, number];
  major = maj;
  preparing = `${maj}.${minor + 1}.0`;
  const openapi = join(root, 'openapi/openapi.yaml');
  writeFileSync(
    openapi,
    readFileSync(openapi, 'utf8').replace(/^(info:\n(?: {2}.*\n)*? {2}version: ).*$/m, `$1${preparing}`),
  );
  writeFileSync(join(root, 'CHANGELOG.md'), `# Changelog\n\n## ${preparing} — unreleased\n\nIn preparation.\n`);
  generate();
  git(root, 'init', '-q');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', `contract ${preparing}, unreleased`);
  original.account = readFileSync(join(root, ACCOUNT), 'utf8');
  original.bundle = readFileSync(join(root, 'generated/openapi.json'), 'utf8');
}, SLOW);

/** The working tree as committed, then `change` applied to AccountAttributes.yaml and the bundle regenerated. */
function editAccount(change: (text: string) => string): void {
  const after = change(original.account);
  expect(after).not.toBe(original.account);
  writeFileSync(join(root, ACCOUNT), after);
  generate();
}

const addNickname = (t: string) =>
  t.replace(
    'properties:\n',
    'properties:\n  nickname:\n    type: string\n    maxLength: 64\n    description: A short name the partner chose (at most 64 characters).\n',
  );
const removeBusinessName = (t: string) =>
  t
    .replace('required: [name, email, business_name, role, created_at]', 'required: [name, email, role, created_at]')
    .replace(/^ {2}business_name:\n(?: {4}.*\n)+/m, '');

/** The listed changes (`  [breaking] …`, `  [non-breaking, minor] …`) between two lines of the output. */
function listedBetween(out: string, from: string, to: string): string[] {
  const start = out.indexOf(from);
  const end = out.indexOf(to, start);
  expect(start, `"${from}" in the output`).toBeGreaterThanOrEqual(0);
  expect(end, `"${to}" after it`).toBeGreaterThan(start);
  return out
    .slice(start, end)
    .split('\n')
    .filter((line) => line.startsWith('  ['));
}

describe('npm run contract:diff on an edit under an unreleased version', () => {
  const cases = [
    {
      name: 'an additive edit: its one change first, then the verdict against the release, which needs no new bump',
      edit: addNickname,
      args: [] as string[],
      editAgainst: () => `the edit, against generated/openapi.json at HEAD (${preparing}): 1 change(s): 0 breaking`,
      listed: [/^ {2}\[non-breaking, minor\] GET \/account response 200 body data\.attributes\.nickname: /],
      verdict: () => `info.version ${preparing} (unreleased) carries it: the edit needs no other version`,
      code: 0,
    },
    {
      name: 'the same with --base HEAD: listed against HEAD, the version still judged against the release',
      edit: addNickname,
      args: ['--base', 'HEAD'],
      editAgainst: () => `the edit, against git ref HEAD (${preparing}): 1 change(s): 0 breaking`,
      listed: [/^ {2}\[non-breaking, minor\] GET \/account response 200 body data\.attributes\.nickname: /],
      verdict: () => `info.version ${preparing} (unreleased) carries it: the edit needs no other version`,
      code: 0,
    },
    {
      name: 'a breaking edit: its change first, and the major bump over the release',
      edit: removeBusinessName,
      args: [] as string[],
      editAgainst: () => `the edit, against generated/openapi.json at HEAD (${preparing}): 2 change(s): 2 breaking`,
      listed: [
        /^ {2}\[breaking\] GET \/account response 200 body data\.attributes: .*`business_name`/,
        /^ {2}\[breaking\] GET \/account response 200 body data\.attributes\.business_name: /,
      ],
      verdict: () =>
        `the changes need ${major + 1}.0.0 or above (breaking → major): info.version ${preparing} (unreleased) does not carry it`,
      code: 1,
    },
  ];

  it.each(cases)(
    '$name',
    ({ edit, args, editAgainst, listed, verdict, code }) => {
      editAccount(edit);
      const r = cli(args);
      expect(r.out).toContain(`released: ${released} (openapi/releases/${released}.json)`);
      expect(r.out).toContain(editAgainst());
      const since = `since the release ${released}: `;
      const edited = listedBetween(r.out, editAgainst(), since);
      expect(edited).toHaveLength(listed.length);
      listed.forEach((pattern, i) => expect(edited[i]).toMatch(pattern));
      // Since the release: counted, and only the breaking changes listed (the edit's, when it breaks).
      expect(r.out).toMatch(
        new RegExp(`${since}\\d+ change\\(s\\): \\d+ breaking, \\d+ non-breaking \\(the non-breaking ones listed by `),
      );
      const sinceRelease = listedBetween(r.out, since, 'version: ');
      expect(sinceRelease.every((line) => line.startsWith('  [breaking]'))).toBe(true);
      expect(r.out).toContain(`version: judged against the release ${released}, `);
      expect(r.out).toContain(verdict());
      if (code === 1) expect(r.out).toContain(`bump info.version to ${major + 1}.0.0`);
      else expect(r.out).toContain('✓ breaking-change gate passed');
      expect(r.code).toBe(code);
    },
    SLOW,
  );

  it(
    'without an edit (the working tree is HEAD) lists every change since the release, as before',
    () => {
      writeFileSync(join(root, ACCOUNT), original.account);
      writeFileSync(join(root, 'generated/openapi.json'), original.bundle);
      const r = cli([]);
      expect(r.out).not.toContain('the edit, against');
      const count = /^(\d+) change\(s\): 0 breaking, \d+ non-breaking$/m.exec(r.out);
      expect(count, r.out).not.toBeNull();
      expect(r.out.split('\n').filter((line) => line.startsWith('  ['))).toHaveLength(Number(count![1]));
      expect(r.out).toContain(`info.version ${preparing} (unreleased) carries it\n`);
      expect(r.code).toBe(0);
    },
    SLOW,
  );
});
