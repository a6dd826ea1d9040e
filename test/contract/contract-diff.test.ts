/**
 * The breaking-change gate (`npm run contract:diff`, `npm run contract:release`): how changes are classified, when
 * the gate fails, the CLI on the repository's own contract, and a release on a scratch git repository.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveBase } from '../../scripts/lib/contract-diff/base.ts';
import { diffContracts } from '../../scripts/lib/contract-diff/engine.ts';
import { evaluateGate } from '../../scripts/lib/contract-diff/gate.ts';
import { baseDocument, edits, variant, type Doc } from './contract-diff-fixtures.ts';
import { projectRoot, run } from '../helpers/run.ts';

const SLOW = 60_000;
const temps: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
};
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const cli = (args: string[]) => run(join(projectRoot, 'node_modules/.bin/tsx'), [join(projectRoot, 'scripts/contract-diff.ts'), ...args]);

describe('classifying a change of the contract', () => {
  const cases: { name: string; edit: (doc: Doc) => void; breaking: boolean; rule?: string; where: string }[] = [
    { name: 'a field removed from a response is breaking', edit: edits.removeResponseField, breaking: true, rule: 'property-removed', where: 'GET /items response 200 body data[].name' },
    { name: 'an enum of a request parameter narrowed is breaking', edit: edits.narrowParameterEnum, breaking: true, rule: 'enum-values-removed', where: 'GET /items parameter status (query)' },
    { name: 'an optional parameter made required is breaking', edit: edits.makeOptionalParameterRequired, breaking: true, rule: 'parameter-became-required', where: 'GET /items parameter limit (query)' },
    { name: 'a new required parameter is breaking', edit: edits.addRequiredParameter, breaking: true, rule: 'parameter-became-required', where: 'GET /items parameter region (query)' },
    { name: 'a response status removed is breaking', edit: edits.removeResponseStatus, breaking: true, rule: 'response-removed', where: 'GET /items response 404' },
    { name: 'a new optional response field is non-breaking', edit: edits.addOptionalResponseField, breaking: false, where: 'colour' },
    { name: 'a new optional query parameter is non-breaking', edit: edits.addOptionalQueryParameter, breaking: false, where: 'GET /items parameter sort (query)' },
    { name: 'a value added to a response enum is breaking', edit: edits.widenResponseEnum, breaking: true, rule: 'enum-values-added', where: 'GET /items response 200 body data[].kind' },
    { name: 'a value added to a response enum declared open (x-open-enum) is non-breaking', edit: edits.widenOpenResponseEnum, breaking: false, rule: 'enum-values-added', where: 'GET /items response 404 body code' },
  ];

  it.each(cases)('$name', ({ edit, breaking, rule, where }) => {
    const changes = diffContracts(baseDocument(), variant(edit));
    expect(changes.length).toBeGreaterThan(0);
    const change = changes.find((c) => c.where.includes(where));
    expect(change, JSON.stringify(changes, null, 2)).toBeDefined();
    expect(change!.breaking).toBe(breaking);
    if (rule) expect(change!.rules).toContain(rule);
    // a non-breaking edit brings no breaking change at all; a breaking one is breaking overall
    expect(changes.some((c) => c.breaking)).toBe(breaking);
  }, SLOW);

  it('finds no change between a document and itself', () => {
    expect(diffContracts(baseDocument(), baseDocument())).toEqual([]);
  }, SLOW);
});

describe('the gate', () => {
  const cases = [
    { name: 'breaking change with the same major version fails, naming the change', edit: edits.removeResponseField, version: '1.1.0', ok: false },
    { name: 'breaking change with a major bump passes', edit: edits.removeResponseField, version: '2.0.0', ok: true },
    { name: 'non-breaking changes only with a minor bump pass', edit: edits.addOptionalQueryParameter, version: '1.1.0', ok: true },
  ];

  it.each(cases)('$name', ({ edit, version, ok }) => {
    const current = variant(edit, version);
    const result = evaluateGate('1.0.0', version, diffContracts(baseDocument(), current));
    expect(result.ok).toBe(ok);
    if (ok) expect(result.failures).toEqual([]);
    else {
      expect(result.failures.join('\n')).toContain('GET /items response 200 body data[].name');
      expect(result.failures.join('\n')).toContain('Property `name` of `Item` was removed');
      expect(result.failures.join('\n')).toContain('bump info.version to 2.0.0');
    }
  }, SLOW);

  it('fails when info.version goes below the released one', () => {
    expect(evaluateGate('1.2.0', '1.1.0', []).ok).toBe(false);
  });
});

describe('npm run contract:diff on the repository', () => {
  it('passes on the current contract (the gate of `npm test`)', () => {
    const r = cli([]);
    // compared with a release (a tag in a full clone, else the committed snapshot), not skipped for want of one
    expect(r.out).toMatch(/^released: \d+\.\d+\.\d+ \((tag contract-v|openapi\/releases\/)/m);
    expect(r.out).toContain('breaking-change gate passed');
    expect(r.code).toBe(0);
  }, SLOW);

  it('fails, naming the change, when a response field is removed from a copy of the bundle', () => {
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
  }, SLOW);
});

function scratchRepo() {
  const repo = tempDir('contract-release-');
  const env: NodeJS.ProcessEnv = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.test', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.test' };
  delete env.GIT_DIR;
  delete env.GIT_WORK_TREE;
  const git = (...args: string[]) => {
    const r = spawnSync('git', args, { cwd: repo, encoding: 'utf8', env });
    if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
    return r.stdout;
  };
  const writeContract = (doc: Doc) => writeFileSync(join(repo, 'generated/openapi.json'), JSON.stringify(doc, null, 2) + '\n');
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
  it('releases a first version, then a compatible one, and refuses a repeated tag and an unbumped breaking change', () => {
    const { repo, git, commitContract, releaseCli } = scratchRepo();
    commitContract(baseDocument('1.0.0'));

    const first = releaseCli();
    expect(first.out).toContain('no previous release');
    expect(first.code).toBe(0);
    expect(git('tag', '--list')).toBe('contract-v1.0.0\n');
    expect(readFileSync(join(repo, 'openapi/releases/1.0.0.json'), 'utf8')).toBe(readFileSync(join(repo, 'generated/openapi.json'), 'utf8'));
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
    expect(Object.keys(JSON.parse(readFileSync(join(repo, 'openapi/releases/index.json'), 'utf8')))).toEqual(['1.1.0', '1.0.0']);
    const changelog = readFileSync(join(repo, 'CHANGELOG.md'), 'utf8');
    expect(changelog.startsWith('# Changelog')).toBe(true);
    expect(changelog.indexOf('## 1.1.0')).toBeGreaterThan(0);
    expect(changelog.indexOf('## 1.1.0')).toBeLessThan(changelog.indexOf('## 1.0.0'));
    const section = changelog.slice(changelog.indexOf('## 1.1.0'), changelog.indexOf('## 1.0.0'));
    expect(section).toContain('### Contract');
    expect(section).toContain(`Cut from commit ${git('rev-parse', 'HEAD').trim()} (tag \`contract-v1.1.0\`); \`npm run contract:replay -- --release 1.1.0\``);
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
  }, 4 * SLOW);

  it('tags a version whose snapshot and changelog section are already committed, as this repository has 1.0.0', () => {
    const { repo, git, commitContract, releaseCli } = scratchRepo();
    writeFileSync(join(repo, 'openapi/releases/1.0.0.json'), JSON.stringify(baseDocument('1.0.0'), null, 2) + '\n');
    const changelog = '# Changelog\n\n## 1.0.0\n\nHand-written.\n';
    writeFileSync(join(repo, 'CHANGELOG.md'), changelog);
    commitContract(baseDocument('1.0.0'));
    const r = releaseCli();
    expect(r.code).toBe(0);
    expect(r.out).toContain('already holds this contract');
    expect(readFileSync(join(repo, 'CHANGELOG.md'), 'utf8')).toBe(changelog);
    expect(git('tag', '--list')).toBe('contract-v1.0.0\n');
  }, SLOW);

  it('refuses an uncommitted contract, and a snapshot of the same version with other content', () => {
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
  }, SLOW);

  it('refuses a version that openapi/releases/index.json records as cut from another commit, writing nothing', () => {
    const { repo, git, commitContract, releaseCli } = scratchRepo();
    const other = 'f'.repeat(40);
    const index = JSON.stringify({ '1.0.0': { commit: other, tag: 'contract-v1.0.0' } });
    writeFileSync(join(repo, 'openapi/releases/index.json'), index);
    commitContract(baseDocument('1.0.0'));
    const r = releaseCli();
    expect(r.code).toBe(1);
    expect(r.out).toContain(`openapi/releases/index.json records 1.0.0 as cut from commit ${other}: bump info.version`);
    expect(readFileSync(join(repo, 'openapi/releases/index.json'), 'utf8')).toBe(index);
    expect(existsSync(join(repo, 'openapi/releases/1.0.0.json'))).toBe(false);
    expect(git('tag', '--list')).toBe('');
  }, SLOW);
});

describe('which contract is the released one', () => {
  it('without tags, takes the newest snapshot by semver, not by name', () => {
    const root = tempDir('contract-base-');
    mkdirSync(join(root, 'openapi/releases'), { recursive: true });
    for (const v of ['1.9.0', '1.10.0', '1.2.0']) writeFileSync(join(root, `openapi/releases/${v}.json`), JSON.stringify(baseDocument(v)));
    const base = resolveBase({ root });
    expect(base?.source).toBe('openapi/releases/1.10.0.json');
    expect(base?.version).toBe('1.10.0');
  });

  it('says there is nothing to compare with when nothing is released, and passes', () => {
    const root = tempDir('contract-none-');
    mkdirSync(join(root, 'generated'));
    writeFileSync(join(root, 'generated/openapi.json'), JSON.stringify(baseDocument()));
    expect(resolveBase({ root })).toBeNull();
    const r = cli(['--root', root]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('No released contract to compare with');
  }, SLOW);
});
