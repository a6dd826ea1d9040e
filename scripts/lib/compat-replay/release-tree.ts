/**
 * The tree a contract release was cut from, for `npm run contract:replay`: which commit (the tag `contract-v<X>` when
 * the clone has it, else the commit recorded in openapi/releases/index.json — CI clones `main` without tags), whether
 * the clone holds it (a shallow clone may not), and the tree written into a directory with `git archive` (nothing in
 * the repository changes: no worktree, no checkout) with the current node_modules linked in, so that the release's
 * own conformance suite runs on today's toolchain.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { git, RELEASES_DIR, releaseSnapshots, releaseTags, TAG_PREFIX } from '../contract-diff/base.ts';
import { compareVersions, parseVersion } from '../contract-diff/gate.ts';
import { readReleaseIndex, RELEASE_INDEX } from '../contract-diff/release-index.ts';

/** The release's tree cannot be had here (exit 2): the message says why and what to do. */
export class TreeUnavailable extends Error {}

export interface ReleaseTree {
  version: string;
  commit: string;
  /** Where the commit came from, for messages: `tag contract-v1.0.0` or `commit … recorded in …/index.json`. */
  via: string;
  /** Said before the run, e.g. when the tag and the recorded commit disagree. */
  notes: string[];
}

/** Every released version the repository knows of (tags, index.json, snapshots), newest first. */
export function releasedVersions(root: string): string[] {
  const versions = new Set<string>([
    ...releaseTags(root).map((t) => t.version.text),
    ...Object.keys(readReleaseIndex(root)),
    ...releaseSnapshots(root).map((s) => s.version.text),
  ]);
  return [...versions].toSorted((a, b) => compareVersions(parseVersion(b)!, parseVersion(a)!));
}

const short = (commit: string) => commit.slice(0, 12);

/** The release `version` (default: the newest); null when nothing is released. Throws TreeUnavailable. */
export function locateRelease(root: string, version?: string): ReleaseTree | null {
  if (!git(root, ['rev-parse', '--git-dir']).ok)
    throw new TreeUnavailable(`${root} is not a git repository: the replay takes the release's tree from git history`);
  const wanted = version === undefined ? releasedVersions(root)[0] : parseVersion(version)?.text;
  if (version !== undefined && !wanted)
    throw new TreeUnavailable(`--release must be a MAJOR.MINOR.PATCH version, got '${version}'`);
  if (!wanted) return null;
  const tag = `${TAG_PREFIX}${wanted}`;
  const recorded = readReleaseIndex(root)[wanted];
  const tagged = git(root, ['rev-parse', '-q', '--verify', `refs/tags/${tag}^{commit}`]);
  if (tagged.ok) {
    const commit = tagged.out.trim();
    const notes =
      recorded && recorded.commit !== commit
        ? [
            `${RELEASE_INDEX} records ${wanted} at ${short(recorded.commit)}, the tag ${tag} is at ${short(commit)}: the tag wins`,
          ]
        : [];
    return { version: wanted, commit, via: `tag ${tag}`, notes };
  }
  if (!recorded) {
    throw new TreeUnavailable(
      `release ${wanted} has no tag ${tag} in this clone and no commit recorded in ${RELEASE_INDEX}: fetch the tags (git fetch --tags), or record the commit it was cut from there`,
    );
  }
  const via = `commit ${short(recorded.commit)} recorded in ${RELEASE_INDEX}`;
  if (!git(root, ['cat-file', '-e', `${recorded.commit}^{commit}`]).ok) {
    const shallow = git(root, ['rev-parse', '--is-shallow-repository']).out.trim() === 'true';
    throw new TreeUnavailable(
      shallow
        ? `release ${wanted} was cut from commit ${recorded.commit}, which this shallow clone does not have: git fetch --unshallow (or fetch the tag ${tag}), then run the replay again`
        : `release ${wanted} was cut from commit ${recorded.commit} (${RELEASE_INDEX}), which does not exist in this repository: fetch it (or the tag ${tag}), or correct ${RELEASE_INDEX}`,
    );
  }
  return { version: wanted, commit: recorded.commit, via, notes: [] };
}

function run(cmd: string, args: string[], cwd: string): void {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0)
    throw new TreeUnavailable(`${cmd} ${args.join(' ')} failed: ${(r.stderr || r.error?.message || '').trim()}`);
}

/**
 * Writes the release's tree into `dir/tree` (git archive | tar, no shell), links `nodeModules` into it and checks
 * that the tree carries the release's contract: its generated/openapi.json is the committed snapshot
 * openapi/releases/<version>.json when the repository has one (a wrong recorded commit fails here, not as a
 * puzzling replay). Returns the tree's path.
 */
export function materialise(root: string, release: ReleaseTree, dir: string, nodeModules: string): string {
  const tree = join(dir, 'tree');
  const tar = join(dir, 'tree.tar');
  mkdirSync(tree, { recursive: true });
  run('git', ['archive', '--format=tar', '-o', tar, release.commit], root);
  run('tar', ['-xf', tar, '-C', tree], root);
  rmSync(tar);
  if (!existsSync(join(tree, 'conformance/run.ts')))
    throw new TreeUnavailable(
      `the tree of release ${release.version} (${release.via}) has no conformance/run.ts: nothing to replay`,
    );
  symlinkSync(nodeModules, join(tree, 'node_modules'), 'dir');
  const snapshot = join(root, RELEASES_DIR, `${release.version}.json`);
  if (existsSync(snapshot)) {
    const bundle = join(tree, 'generated/openapi.json');
    if (!existsSync(bundle) || readFileSync(bundle, 'utf8') !== readFileSync(snapshot, 'utf8')) {
      throw new TreeUnavailable(
        `the tree of ${release.via} does not carry release ${release.version}'s contract (its generated/openapi.json differs from ${RELEASES_DIR}/${release.version}.json): the wrong commit is recorded`,
      );
    }
  }
  return tree;
}
