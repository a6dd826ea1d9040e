/**
 * Which tree `npm run contract:replay` replays: the release's recorded commit (or its tag, which wins), written with
 * `git archive` and the current node_modules linked in; and every way the tree can be missing — a shallow clone, a
 * recorded commit the repository lacks, no record at all, a wrong record — refused with a reason that says what to do.
 */
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { locateRelease, materialise, TreeUnavailable } from '../../scripts/lib/compat-replay/release-tree.ts';
import { projectRoot } from '../helpers/run.ts';
import { bundle, git, scratchRepos, shallowClone, type ScratchRepo } from './compat-replay-repo.ts';

// A budget for the work of a test that runs git in scratch repositories (init, commits, archive): spawned processes.
const GIT_BUDGET = 120_000;

const repos = scratchRepos();
afterAll(() => repos.dispose());
const nodeModules = join(projectRoot, 'node_modules');

describe("finding the release's tree", () => {
  it(
    'takes the recorded commit and writes its tree, with the node_modules given linked in',
    () => {
      const s = repos.create();
      const found = locateRelease(s.repo)!;
      expect(found).toMatchObject({ version: '1.0.0', commit: s.released, notes: [] });
      expect(found.via).toBe(`commit ${s.released.slice(0, 12)} recorded in openapi/releases/index.json`);
      const tree = materialise(s.repo, found, s.tempDir('compat-replay-work-'), nodeModules);
      expect(readFileSync(join(tree, 'conformance/run.ts'), 'utf8')).toBe('// the 1.0.0 suite\n');
      expect(existsSync(join(tree, 'openapi/releases/index.json'))).toBe(false); // the release's tree, not HEAD's
      expect(realpathSync(join(tree, 'node_modules'))).toBe(realpathSync(nodeModules));
    },
    GIT_BUDGET,
  );

  it(
    'prefers the tag to the recorded commit, and notes when they disagree',
    () => {
      const s = repos.create();
      git(s.repo, 'tag', 'contract-v1.0.0', s.head);
      const found = locateRelease(s.repo)!;
      expect(found).toMatchObject({ commit: s.head, via: 'tag contract-v1.0.0' });
      expect(found.notes).toEqual([
        `openapi/releases/index.json records 1.0.0 at ${s.released.slice(0, 12)}, the tag contract-v1.0.0 is at ${s.head.slice(0, 12)}: the tag wins`,
      ]);
    },
    GIT_BUDGET,
  );

  it(
    'finds nothing to replay where nothing is released',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'compat-replay-empty-'));
      git(dir, 'init', '-q');
      expect(locateRelease(dir)).toBeNull();
      rmSync(dir, { recursive: true, force: true });
    },
    GIT_BUDGET,
  );

  const refusals: { name: string; setUp: (s: ScratchRepo) => string; release?: string; message: RegExp }[] = [
    {
      name: 'a shallow clone without the release commit: says so and how to fetch it',
      setUp: shallowClone,
      message: /which this shallow clone does not have: git fetch --unshallow \(or fetch the tag contract-v1\.0\.0\)/,
    },
    {
      name: 'a recorded commit the repository does not have',
      setUp: (s) => (s.index('0'.repeat(40)), s.commit('a wrong index'), s.repo),
      message: /cut from commit 0{40} \(openapi\/releases\/index\.json\), which does not exist in this repository/,
    },
    {
      name: 'neither a tag nor a recorded commit, only the snapshot',
      setUp: (s) => (rmSync(join(s.repo, 'openapi/releases/index.json')), s.commit('no index'), s.repo),
      message:
        /release 1\.0\.0 has no tag contract-v1\.0\.0 in this clone and no commit recorded in openapi\/releases\/index\.json/,
    },
    {
      name: 'an unknown release asked for',
      setUp: (s) => s.repo,
      release: '2.0.0',
      message: /release 2\.0\.0 has no tag contract-v2\.0\.0/,
    },
    {
      name: 'a release that is not a version',
      setUp: (s) => s.repo,
      release: 'latest',
      message: /--release must be a MAJOR\.MINOR\.PATCH version, got 'latest'/,
    },
    {
      name: 'a directory outside git',
      setUp: (s) => s.tempDir('compat-replay-nogit-'),
      message: /is not a git repository/,
    },
  ];

  it.each(refusals)(
    'refuses $name',
    ({ setUp, release, message }) => {
      const root = setUp(repos.create());
      expect(() => locateRelease(root, release)).toThrow(TreeUnavailable);
      expect(() => locateRelease(root, release)).toThrow(message);
    },
    GIT_BUDGET,
  );

  it(
    "refuses a recorded commit whose tree carries another contract than the release's snapshot",
    () => {
      const s = repos.create();
      s.write('generated/openapi.json', bundle('1.1.0'));
      s.index(s.commit('contract 1.1.0'));
      s.commit('index pointing at the wrong commit');
      expect(() => materialise(s.repo, locateRelease(s.repo)!, s.tempDir('compat-replay-work-'), nodeModules)).toThrow(
        /does not carry release 1\.0\.0's contract \(its generated\/openapi\.json differs from openapi\/releases\/1\.0\.0\.json\)/,
      );
    },
    GIT_BUDGET,
  );
});
