/**
 * The breaking-change gate (`npm run contract:diff`, `npm run contract:release`): how changes are classified, when
 * the gate fails, the CLI on the repository's own contract, and a release on a scratch git repository.
 */
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveBase } from '../../scripts/lib/contract-diff/base.ts';
import { bundleContract } from '../../scripts/lib/contract-diff/bundle.ts';
import { diffContracts, formatChange } from '../../scripts/lib/contract-diff/engine.ts';
import { evaluateGate } from '../../scripts/lib/contract-diff/gate.ts';
import { operationsReaching } from '../../scripts/lib/contract-diff/usage.ts';
import {
  baseDocument,
  edits,
  leafEdits,
  sharedDocument,
  sharedEdits,
  sharedVariant,
  usageDocument,
  variant,
  type Doc,
  type Use,
} from './contract-diff-fixtures.ts';
import { projectRoot, run } from '../helpers/run.ts';

const SLOW = 60_000;
const temps: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
};
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const cli = (args: string[]) =>
  run(join(projectRoot, 'node_modules/.bin/tsx'), [join(projectRoot, 'scripts/contract-diff.ts'), ...args]);

describe('classifying a change of the contract', () => {
  const cases: { name: string; edit: (doc: Doc) => void; breaking: boolean; rule?: string; where: string }[] = [
    {
      name: 'a field removed from a response is breaking',
      edit: edits.removeResponseField,
      breaking: true,
      rule: 'property-removed',
      where: 'GET /items response 200 body data[].name',
    },
    {
      name: 'an enum of a request parameter narrowed is breaking',
      edit: edits.narrowParameterEnum,
      breaking: true,
      rule: 'enum-values-removed',
      where: 'GET /items parameter status (query)',
    },
    {
      name: 'an optional parameter made required is breaking',
      edit: edits.makeOptionalParameterRequired,
      breaking: true,
      rule: 'parameter-became-required',
      where: 'GET /items parameter limit (query)',
    },
    {
      name: 'a new required parameter is breaking',
      edit: edits.addRequiredParameter,
      breaking: true,
      rule: 'parameter-became-required',
      where: 'GET /items parameter region (query)',
    },
    {
      name: 'a response status removed is breaking',
      edit: edits.removeResponseStatus,
      breaking: true,
      rule: 'response-removed',
      where: 'GET /items response 404',
    },
    {
      name: 'a new optional response field is non-breaking',
      edit: edits.addOptionalResponseField,
      breaking: false,
      where: 'colour',
    },
    {
      name: 'a new optional query parameter is non-breaking',
      edit: edits.addOptionalQueryParameter,
      breaking: false,
      where: 'GET /items parameter sort (query)',
    },
    {
      name: 'a value added to a response enum is breaking',
      edit: edits.widenResponseEnum,
      breaking: true,
      rule: 'enum-values-added',
      where: 'GET /items response 200 body data[].kind',
    },
    {
      name: 'a value added to a response enum declared open (x-open-enum) is non-breaking',
      edit: edits.widenOpenResponseEnum,
      breaking: false,
      rule: 'enum-values-added',
      where: 'GET /items response 404 body code',
    },
    {
      name: 'a response schema turned into a union declared open (x-open-union) that holds it is non-breaking',
      edit: edits.widenToOpenUnion,
      breaking: false,
      where: 'GET /items response 200 body data[]',
    },
    {
      name: 'a response schema turned into a union not declared open is breaking',
      edit: edits.widenToClosedUnion,
      breaking: true,
      where: 'GET /items response 200 body data[]',
    },
    {
      name: 'a response schema replaced by an open union that does not hold it is breaking',
      edit: edits.replaceByOpenUnion,
      breaking: true,
      where: 'GET /items response 200 body data[]',
    },
    {
      name: 'a field removed from the schema an open union holds is still breaking',
      edit: edits.widenToOpenUnionAndRemoveField,
      breaking: true,
      rule: 'property-removed',
      where: 'GET /items response 200 body data[] (its alternative Item: name)',
    },
  ];

  it.each(cases)(
    '$name',
    ({ edit, breaking, rule, where }) => {
      const changes = diffContracts(baseDocument(), variant(edit));
      expect(changes.length).toBeGreaterThan(0);
      const change = changes.find((c) => c.where.includes(where));
      expect(change, JSON.stringify(changes, null, 2)).toBeDefined();
      expect(change!.breaking).toBe(breaking);
      if (rule) expect(change!.rules).toContain(rule);
      // a non-breaking edit brings no breaking change at all; a breaking one is breaking overall
      expect(changes.some((c) => c.breaking)).toBe(breaking);
    },
    SLOW,
  );

  it(
    'finds no change between a document and itself',
    () => {
      expect(diffContracts(baseDocument(), baseDocument())).toEqual([]);
    },
    SLOW,
  );
});

describe('the gate', () => {
  const cases = [
    {
      name: 'breaking change with the same major version fails, naming the change',
      edit: edits.removeResponseField,
      version: '1.1.0',
      ok: false,
    },
    { name: 'breaking change with a major bump passes', edit: edits.removeResponseField, version: '2.0.0', ok: true },
    {
      name: 'non-breaking changes only with a minor bump pass',
      edit: edits.addOptionalQueryParameter,
      version: '1.1.0',
      ok: true,
    },
  ];

  it.each(cases)(
    '$name',
    ({ edit, version, ok }) => {
      const current = variant(edit, version);
      const result = evaluateGate('1.0.0', version, diffContracts(baseDocument(), current));
      expect(result.ok).toBe(ok);
      if (ok) expect(result.failures).toEqual([]);
      else {
        expect(result.failures.join('\n')).toContain('GET /items response 200 body data[].name');
        expect(result.failures.join('\n')).toContain('Property `name` of `Item` was removed');
        expect(result.failures.join('\n')).toContain('bump info.version to 2.0.0');
      }
    },
    SLOW,
  );

  it('fails when info.version goes below the released one', () => {
    expect(evaluateGate('1.2.0', '1.1.0', []).ok).toBe(false);
  });

  // A contract that differs from its release carries a new version: breaking → major, additive → minor, else patch.
  const versionCases = [
    {
      name: 'an additive change under the released version fails, asking for the minor bump',
      edit: edits.addOptionalQueryParameter,
      version: '1.0.0',
      ok: false,
      says: 'bump info.version (openapi/openapi.yaml) to 1.1.0 (additive → minor)',
    },
    {
      name: 'an additive change with only a patch bump fails',
      edit: edits.addOptionalQueryParameter,
      version: '1.0.1',
      ok: false,
      says: 'to 1.1.0',
    },
    {
      name: 'a documentation change under the released version fails, asking for a patch bump',
      edit: (d: Doc) => {
        d.paths['/items'].get.summary = 'List the items';
      },
      version: '1.0.0',
      ok: false,
      says: 'to 1.0.1 (patch)',
    },
    {
      name: 'a documentation change with a patch bump passes',
      edit: (d: Doc) => {
        d.paths['/items'].get.summary = 'List the items';
      },
      version: '1.0.1',
      ok: true,
      says: '',
    },
    {
      name: 'an additive change with a major bump passes',
      edit: edits.addOptionalQueryParameter,
      version: '2.0.0',
      ok: true,
      says: '',
    },
  ];
  it.each(versionCases)(
    '$name',
    ({ edit, version, ok, says }) => {
      const result = evaluateGate('1.0.0', version, diffContracts(baseDocument(), variant(edit, version)));
      expect(result.ok, result.failures.join('\n')).toBe(ok);
      if (!ok) expect(result.failures.join('\n')).toContain(says);
    },
    SLOW,
  );

  it('an unchanged contract under the released version passes', () => {
    expect(
      evaluateGate('1.0.0', '1.0.0', [], { releaseNotes: { present: false, file: 'CHANGELOG.md' } }),
    ).toMatchObject({ ok: true, failures: [] });
  });

  it(
    'a new version needs its section in the release notes',
    () => {
      const changes = diffContracts(baseDocument(), variant(edits.addOptionalQueryParameter, '1.1.0'));
      const without = evaluateGate('1.0.0', '1.1.0', changes, {
        releaseNotes: { present: false, file: 'CHANGELOG.md' },
      });
      expect(without.ok).toBe(false);
      expect(without.failures.join('\n')).toContain('CHANGELOG.md has no section "## 1.1.0"');
      expect(
        evaluateGate('1.0.0', '1.1.0', changes, { releaseNotes: { present: true, file: 'CHANGELOG.md' } }).ok,
      ).toBe(true);
    },
    SLOW,
  );
});

describe('every operation and webhook a change reaches', () => {
  // redocly diff reports a change of a shared node once, where it first met it; the gate names every user.
  const cases = [
    {
      name: 'a property removed from a schema used by three operations and, through another schema, a webhook',
      edit: sharedEdits.removeItemField,
      affects: ['GET /items', 'POST /items', 'GET /items/{id}', 'webhook item.created'],
      text: 'reaches 3 operations (GET /items, POST /items, GET /items/{id}) and 1 webhook (item.created)',
    },
    {
      name: 'a value added to the error code of three 404s',
      edit: sharedEdits.widenErrorCode,
      affects: ['GET /items', 'GET /items/{id}', 'DELETE /items/{id}'],
      text: 'reaches 3 operations (GET /items, GET /items/{id}, DELETE /items/{id})',
    },
    {
      name: 'a path-level parameter of two operations',
      edit: sharedEdits.describeItemIdOtherwise,
      affects: ['GET /items/{id}', 'DELETE /items/{id}'],
      text: 'reaches 2 operations (GET /items/{id}, DELETE /items/{id})',
    },
  ];
  it.each(cases)(
    '$name',
    ({ edit, affects, text }) => {
      const changes = diffContracts(sharedDocument(), sharedVariant(edit));
      expect(changes.length).toBeGreaterThan(0);
      for (const c of changes) {
        expect(c.affects, c.where).toEqual(affects);
        expect(formatChange(c)).toContain(`\n      ${text}`);
      }
      // a breaking one is listed so in the gate's refusal too
      if (changes.some((c) => c.breaking))
        expect(evaluateGate('1.0.0', '1.1.0', changes).failures.join('\n')).toContain(text);
    },
    SLOW,
  );

  it(
    'a change only a webhook sees is placed in the webhook, which names it alone',
    () => {
      const changes = diffContracts(sharedDocument(), sharedVariant(sharedEdits.describeEventType));
      expect(changes).toHaveLength(1);
      expect(changes[0]!.where).toBe('webhook item.created request body type');
      expect(changes[0]!.affects).toEqual(['webhook item.created']);
      expect(formatChange(changes[0]!)).not.toContain('reaches');
    },
    SLOW,
  );

  const use = fc.record<Use>({
    via: fc.constantFrom('none', 'Leaf', 'Mid', 'Top'),
    place: fc.constantFrom('response', 'response-items', 'response-data', 'request'),
    method: fc.constantFrom('get', 'post', 'put', 'patch', 'delete'),
  });
  const documents = fc
    .tuple(fc.array(use, { minLength: 1, maxLength: 7 }), fc.array(use, { maxLength: 3 }))
    .map(([ops, hooks]) => usageDocument(ops, hooks));

  it('any node, seen from any of its users, is reached by exactly the operations and webhooks that use it', () => {
    fc.assert(
      fc.property(documents, ({ doc, users, locations }) => {
        expect(operationsReaching(doc, '#/components/schemas/Leaf/properties/b')).toEqual(users);
        for (const location of locations) expect(operationsReaching(doc, `${location}/properties/b`)).toEqual(users);
        expect(operationsReaching(doc, '#/components/schemas/Leaf/properties/zzz')).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it(
    'whatever the change of a shared schema, every change redocly reports names all of its users',
    () => {
      fc.assert(
        fc.property(documents, fc.constantFrom(...Object.keys(leafEdits)), ({ doc, users }, editName) => {
          const after = structuredClone(doc);
          leafEdits[editName]!(after);
          const changes = diffContracts(doc, after);
          expect(changes.length).toBeGreaterThan(0);
          for (const c of changes) expect(c.affects, `${editName}: ${c.where}`).toEqual(users);
        }),
        { numRuns: 15 },
      );
    },
    4 * SLOW,
  );
});

describe('npm run contract:diff on the repository', () => {
  it(
    'passes on the current contract (the gate of `npm test`)',
    () => {
      const r = cli([]);
      // compared with a release (a tag in a full clone, else the committed snapshot), not skipped for want of one
      expect(r.out).toMatch(/^released: \d+\.\d+\.\d+ \((tag contract-v|openapi\/releases\/)/m);
      expect(r.out).toContain('breaking-change gate passed');
      expect(r.code).toBe(0);
    },
    SLOW,
  );

  it(
    'fails, naming the change, when a response field is removed from a copy of the bundle',
    () => {
      const bundle = JSON.parse(readFileSync(join(projectRoot, 'generated/openapi.json'), 'utf8')) as Doc;
      const attributes = bundle.components.schemas.AccountAttributes;
      delete attributes.properties.business_name;
      attributes.required = attributes.required.filter((name: string) => name !== 'business_name');
      const file = join(tempDir('contract-diff-cli-'), 'openapi.json');
      writeFileSync(file, JSON.stringify(bundle));
      const r = cli(['--current-file', file]);
      expect(r.code).toBe(1);
      expect(r.out).toMatch(/✗ \d+ breaking change\(s\) without a major version bump/);
      expect(r.out).toContain('GET /account response 200 body data.attributes.business_name: Property `business_name`');
    },
    SLOW,
  );
});

/** A copy of the repository's contract (openapi/ with its releases, redocly.yaml, generated/, CHANGELOG.md) to edit. */
function contractCopy() {
  const root = tempDir('contract-copy-');
  for (const path of ['openapi', 'generated', 'redocly.yaml', 'CHANGELOG.md'])
    cpSync(join(projectRoot, path), join(root, path), { recursive: true });
  const edit = (file: string, change: (text: string) => string) => {
    const path = join(root, file);
    const before = readFileSync(path, 'utf8');
    const after = change(before);
    expect(after).not.toBe(before);
    writeFileSync(path, after);
  };
  const version = (v: string) => {
    const path = join(root, 'openapi/openapi.yaml');
    const text = readFileSync(path, 'utf8').replace(/^(info:\n(?: {2}.*\n)*? {2}version: ).*$/m, `$1${v}`);
    expect(text).toMatch(new RegExp(`^ {2}version: ${v.replaceAll('.', '\\.')}$`, 'm'));
    writeFileSync(path, text);
  };
  return { root, edit, version };
}

const removeBusinessName = (t: string) =>
  t
    .replace('required: [name, email, business_name, role, created_at]', 'required: [name, email, role, created_at]')
    .replace(/^ {2}business_name:\n(?: {4}.*\n)+/m, '');

describe('npm run contract:diff judges what is in openapi/, not generated/', () => {
  it(
    'fails on a breaking edit of openapi/ that was never regenerated, naming the change, and says generated/ lags',
    () => {
      const { root, edit } = contractCopy();
      edit('openapi/components/schemas/AccountAttributes.yaml', removeBusinessName);
      const r = cli(['--root', root]);
      expect(r.out).toContain('current:  ');
      expect(r.out).toContain('(openapi/, bundled)');
      expect(r.out).toMatch(/✗ \d+ breaking change\(s\) without a major version bump/);
      expect(r.out).toContain('GET /account response 200 body data.attributes.business_name: Property `business_name`');
      expect(r.out).toContain('note: generated/openapi.json is not what openapi/ bundles to: run `npm run generate`');
      expect(r.code).toBe(1);
    },
    SLOW,
  );

  it(
    'fails on an additive edit of openapi/ under the released version, and passes once it is 1.x+1 with release notes',
    () => {
      const { root, edit, version } = contractCopy();
      const released = resolveBase({ root })!;
      const [major, minor] = released.version.split('.').map(Number) as [number, number];
      version(released.version);
      edit('openapi/components/schemas/AccountAttributes.yaml', (t) =>
        t.replace(
          'properties:\n',
          'properties:\n  nickname:\n    type: string\n    maxLength: 64\n    description: A short name the partner chose (at most 64 characters).\n',
        ),
      );
      const unbumped = cli(['--root', root]);
      expect(unbumped.out).toContain(
        `bump info.version (openapi/openapi.yaml) to ${major}.${minor + 1}.0 (additive → minor)`,
      );
      expect(unbumped.code).toBe(1);
      const next = `${major}.${minor + 1}.0`;
      version(next);
      writeFileSync(join(root, 'CHANGELOG.md'), '# Changelog\n');
      const withoutNotes = cli(['--root', root]);
      expect(withoutNotes.out).toContain(`CHANGELOG.md has no section "## ${next}"`);
      expect(withoutNotes.code).toBe(1);
      writeFileSync(
        join(root, 'CHANGELOG.md'),
        `# Changelog\n\n## ${next} — unreleased\n\nA nickname on the account.\n`,
      );
      const ready = cli(['--root', root]);
      expect(ready.out).toContain('GET /account response 200 body data.attributes.nickname');
      expect(ready.out).toContain('breaking-change gate passed');
      expect(ready.code).toBe(0);
    },
    2 * SLOW,
  );
});

function scratchRepo() {
  const repo = tempDir('contract-release-');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    GIT_AUTHOR_NAME: 't',
    GIT_AUTHOR_EMAIL: 't@example.test',
    GIT_COMMITTER_NAME: 't',
    GIT_COMMITTER_EMAIL: 't@example.test',
  };
  delete env.GIT_DIR;
  delete env.GIT_WORK_TREE;
  const git = (...args: string[]) => {
    const r = spawnSync('git', args, { cwd: repo, encoding: 'utf8', env });
    if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
    return r.stdout;
  };
  const writeContract = (doc: Doc) =>
    writeFileSync(join(repo, 'generated/openapi.json'), JSON.stringify(doc, null, 2) + '\n');
  const commitContract = (doc: Doc) => {
    writeContract(doc);
    git('add', '-A');
    git('commit', '-q', '-m', `contract ${doc.info.version}`);
  };
  mkdirSync(join(repo, 'generated'), { recursive: true });
  mkdirSync(join(repo, 'openapi/releases'), { recursive: true });
  git('init', '-q');
  return { repo, git, writeContract, commitContract, releaseCli: () => cli(['--release', '--root', repo]) };
}

describe('npm run contract:release on a scratch git repository', () => {
  it(
    'releases a first version, then a compatible one, and refuses a repeated tag and an unbumped breaking change',
    () => {
      const { repo, git, commitContract, releaseCli } = scratchRepo();
      commitContract(baseDocument('1.0.0'));

      const first = releaseCli();
      expect(first.out).toContain('no previous release');
      expect(first.code).toBe(0);
      expect(git('tag', '--list')).toBe('contract-v1.0.0\n');
      expect(readFileSync(join(repo, 'openapi/releases/1.0.0.json'), 'utf8')).toBe(
        readFileSync(join(repo, 'generated/openapi.json'), 'utf8'),
      );
      const released100 = git('rev-parse', 'HEAD').trim();
      expect(first.out).toContain(`recorded 1.0.0 → commit ${released100} in openapi/releases/index.json`);
      git('add', '-A');
      git('commit', '-q', '-m', 'release 1.0.0');

      commitContract(variant(edits.addOptionalResponseField, '1.1.0'));
      const second = releaseCli();
      expect(second.out).toContain('previous release: 1.0.0 (tag contract-v1.0.0)');
      expect(second.code).toBe(0);
      expect(git('tag', '--list').split('\n')).toContain('contract-v1.1.0');
      expect(existsSync(join(repo, 'openapi/releases/1.1.0.json'))).toBe(true);
      // the commit each release was cut from, newest first: how `npm run contract:replay` finds its tree without tags
      expect(JSON.parse(readFileSync(join(repo, 'openapi/releases/index.json'), 'utf8'))).toEqual({
        '1.1.0': { commit: git('rev-parse', 'HEAD').trim(), tag: 'contract-v1.1.0' },
        '1.0.0': { commit: released100, tag: 'contract-v1.0.0' },
      });
      expect(Object.keys(JSON.parse(readFileSync(join(repo, 'openapi/releases/index.json'), 'utf8')))).toEqual([
        '1.1.0',
        '1.0.0',
      ]);
      const changelog = readFileSync(join(repo, 'CHANGELOG.md'), 'utf8');
      expect(changelog.startsWith('# Changelog')).toBe(true);
      expect(changelog.indexOf('## 1.1.0')).toBeGreaterThan(0);
      expect(changelog.indexOf('## 1.1.0')).toBeLessThan(changelog.indexOf('## 1.0.0'));
      const section = changelog.slice(changelog.indexOf('## 1.1.0'), changelog.indexOf('## 1.0.0'));
      expect(section).toContain('### Contract');
      expect(section).toContain(
        `Cut from commit ${git('rev-parse', 'HEAD').trim()} (tag \`contract-v1.1.0\`); \`npm run contract:replay -- --release 1.1.0\``,
      );
      expect(section).toMatch(/#### Breaking changes\n\nNone\./);
      expect(section).toMatch(/#### Non-breaking changes\n\n- .*colour/);

      const again = releaseCli();
      expect(again.code).toBe(1);
      expect(again.out).toContain('the tag contract-v1.1.0 already exists');

      git('add', '-A');
      git('commit', '-q', '-m', 'release 1.1.0');
      commitContract(variant((doc) => (edits.addOptionalResponseField(doc), edits.removeResponseField(doc)), '1.2.0'));
      const breaking = releaseCli();
      expect(breaking.code).toBe(1);
      expect(breaking.out).toContain('Property `name` of `Item` was removed');
      expect(git('tag', '--list').split('\n')).not.toContain('contract-v1.2.0');
      expect(existsSync(join(repo, 'openapi/releases/1.2.0.json'))).toBe(false);
    },
    4 * SLOW,
  );

  it(
    'tags a version whose snapshot and changelog section are already committed, as this repository has 1.0.0',
    () => {
      const { repo, git, commitContract, releaseCli } = scratchRepo();
      writeFileSync(join(repo, 'openapi/releases/1.0.0.json'), JSON.stringify(baseDocument('1.0.0'), null, 2) + '\n');
      const changelog = '# Changelog\n\n## 1.0.0\n\n### Contract\n\nHand-written.\n';
      writeFileSync(join(repo, 'CHANGELOG.md'), changelog);
      commitContract(baseDocument('1.0.0'));
      const r = releaseCli();
      expect(r.code).toBe(0);
      expect(r.out).toContain('already holds this contract');
      expect(readFileSync(join(repo, 'CHANGELOG.md'), 'utf8')).toBe(changelog);
      expect(git('tag', '--list')).toBe('contract-v1.0.0\n');
    },
    SLOW,
  );

  it(
    'completes a hand-written "unreleased" section: dates it and adds the contract part after the notes',
    () => {
      const { repo, git, commitContract, releaseCli } = scratchRepo();
      commitContract(baseDocument('1.0.0'));
      expect(releaseCli().code).toBe(0);
      const notes = 'Hand-written summary: items can be sorted.\n\n### Server\n\n- Something the server does better.\n';
      writeFileSync(
        join(repo, 'CHANGELOG.md'),
        readFileSync(join(repo, 'CHANGELOG.md'), 'utf8').replace(
          /^## 1\.0\.0/m,
          `## 1.1.0 — unreleased\n\n${notes}\n$&`,
        ),
      );
      git('add', '-A');
      git('commit', '-q', '-m', 'release 1.0.0, notes of 1.1.0');
      commitContract(variant(edits.addOptionalQueryParameter, '1.1.0'));
      const r = releaseCli();
      expect(r.code, r.out).toBe(0);
      expect(r.out).toContain('dated the 1.1.0 section of CHANGELOG.md and added its contract part');
      const changelog = readFileSync(join(repo, 'CHANGELOG.md'), 'utf8');
      const section = changelog.slice(changelog.indexOf('## 1.1.0'), changelog.indexOf('## 1.0.0'));
      expect(section).toMatch(/^## 1\.1\.0 — \d{4}-\d{2}-\d{2}\n\nHand-written summary/);
      expect(section.indexOf('### Server')).toBeLessThan(section.indexOf('### Contract'));
      expect(section).toMatch(/#### Non-breaking changes\n\n- GET \/items parameter sort \(query\)/);
      expect(changelog.match(/^## 1\.1\.0/gm)).toHaveLength(1);
    },
    2 * SLOW,
  );

  it(
    'refuses a generated/openapi.json that is not what openapi/ bundles to',
    () => {
      const { repo, git, releaseCli } = scratchRepo();
      mkdirSync(join(repo, 'openapi'), { recursive: true });
      writeFileSync(join(repo, 'redocly.yaml'), 'apis:\n  partner-api:\n    root: openapi/openapi.yaml\n');
      writeFileSync(join(repo, 'openapi/openapi.yaml'), JSON.stringify(baseDocument('1.0.0'), null, 2));
      writeFileSync(join(repo, 'generated/openapi.json'), bundleContract(repo).text);
      writeFileSync(
        join(repo, 'openapi/openapi.yaml'),
        JSON.stringify(variant(edits.addOptionalQueryParameter, '1.0.0'), null, 2),
      );
      git('add', '-A');
      git('commit', '-q', '-m', 'contract edited, not regenerated');
      const stale = releaseCli();
      expect(stale.code).toBe(1);
      expect(stale.out).toContain('generated/openapi.json is not what openapi/ bundles to: run `npm run generate`');
      expect(git('tag', '--list')).toBe('');
      writeFileSync(join(repo, 'generated/openapi.json'), bundleContract(repo).text);
      git('add', '-A');
      git('commit', '-q', '-m', 'regenerated');
      expect(releaseCli().code).toBe(0);
      expect(git('tag', '--list')).toBe('contract-v1.0.0\n');
    },
    2 * SLOW,
  );

  it(
    'refuses an uncommitted contract, and a snapshot of the same version with other content',
    () => {
      const { repo, git, writeContract, commitContract, releaseCli } = scratchRepo();
      commitContract(baseDocument('1.0.0'));
      writeContract(variant(edits.addOptionalQueryParameter, '1.0.0'));
      const uncommitted = releaseCli();
      expect(uncommitted.code).toBe(1);
      expect(uncommitted.out).toContain('uncommitted changes');
      writeFileSync(join(repo, 'openapi/releases/1.0.0.json'), JSON.stringify(baseDocument('1.0.0')));
      commitContract(variant(edits.addOptionalQueryParameter, '1.0.0'));
      const differing = releaseCli();
      expect(differing.code).toBe(1);
      expect(differing.out).toContain('exists with other content');
      expect(git('tag', '--list')).toBe('');
    },
    SLOW,
  );

  it(
    'refuses a version that openapi/releases/index.json records as cut from another commit, writing nothing',
    () => {
      const { repo, git, commitContract, releaseCli } = scratchRepo();
      const other = 'f'.repeat(40);
      const index = JSON.stringify({ '1.0.0': { commit: other, tag: 'contract-v1.0.0' } });
      writeFileSync(join(repo, 'openapi/releases/index.json'), index);
      commitContract(baseDocument('1.0.0'));
      const r = releaseCli();
      expect(r.code).toBe(1);
      expect(r.out).toContain(
        `openapi/releases/index.json records 1.0.0 as cut from commit ${other}: bump info.version`,
      );
      expect(readFileSync(join(repo, 'openapi/releases/index.json'), 'utf8')).toBe(index);
      expect(existsSync(join(repo, 'openapi/releases/1.0.0.json'))).toBe(false);
      expect(git('tag', '--list')).toBe('');
    },
    SLOW,
  );
});

describe('which contract is the released one', () => {
  it('without tags, takes the newest snapshot by semver, not by name', () => {
    const root = tempDir('contract-base-');
    mkdirSync(join(root, 'openapi/releases'), { recursive: true });
    for (const v of ['1.9.0', '1.10.0', '1.2.0'])
      writeFileSync(join(root, `openapi/releases/${v}.json`), JSON.stringify(baseDocument(v)));
    const base = resolveBase({ root });
    expect(base?.source).toBe('openapi/releases/1.10.0.json');
    expect(base?.version).toBe('1.10.0');
    // A budget for the work: git in a scratch repository (spawned processes).
  }, 60_000);

  it(
    'says there is nothing to compare with when nothing is released, and passes',
    () => {
      const root = tempDir('contract-none-');
      mkdirSync(join(root, 'generated'));
      writeFileSync(join(root, 'generated/openapi.json'), JSON.stringify(baseDocument()));
      expect(resolveBase({ root })).toBeNull();
      const r = cli(['--root', root]);
      expect(r.code).toBe(0);
      expect(r.out).toContain('No released contract to compare with');
    },
    SLOW,
  );
});
