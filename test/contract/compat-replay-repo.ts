/**
 * Scratch git repositories for the compatibility replay's tests: release 1.0.0 cut at commit `released`, its snapshot
 * and its openapi/releases/index.json entry committed after it (`head`), as `npm run contract:release` leaves them.
 * The repository is built once and copied for each test (copies keep the commit ids), which each then bends: a
 * shallow clone, a wrong or missing recorded commit, a tag.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const env: NodeJS.ProcessEnv = {
  ...process.env,
  GIT_AUTHOR_NAME: 't',
  GIT_AUTHOR_EMAIL: 't@example.test',
  GIT_COMMITTER_NAME: 't',
  GIT_COMMITTER_EMAIL: 't@example.test',
};
delete env.GIT_DIR;
delete env.GIT_WORK_TREE;

export function git(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8', env });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

export const bundle = (version: string) =>
  JSON.stringify({ openapi: '3.1.0', info: { title: 't', version }, paths: {} }) + '\n';

export interface ScratchRepo {
  repo: string;
  released: string;
  head: string;
  write(path: string, text: string): void;
  /** Commits everything; returns the new commit id. */
  commit(message: string): string;
  /** Records `commit` as release 1.0.0's in openapi/releases/index.json (not committed). */
  index(commit: string): void;
  /** A new directory that `dispose` removes. */
  tempDir(prefix: string): string;
}

export function scratchRepos(): { create(): ScratchRepo; dispose(): void } {
  const temps: string[] = [];
  const tempDir = (prefix: string) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    temps.push(dir);
    return dir;
  };
  const bind = (repo: string) => {
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(repo, path)), { recursive: true });
      writeFileSync(join(repo, path), text);
    };
    const commit = (message: string) => (
      git(repo, 'add', '-A'),
      git(repo, 'commit', '-q', '-m', message),
      git(repo, 'rev-parse', 'HEAD')
    );
    const index = (c: string) =>
      write('openapi/releases/index.json', JSON.stringify({ '1.0.0': { commit: c, tag: 'contract-v1.0.0' } }));
    return { write, commit, index };
  };
  let template: { repo: string; released: string; head: string } | undefined;
  const build = () => {
    const repo = tempDir('compat-replay-template-');
    const { write, commit, index } = bind(repo);
    git(repo, 'init', '-q');
    write('generated/openapi.json', bundle('1.0.0'));
    write('conformance/run.ts', '// the 1.0.0 suite\n');
    const released = commit('contract 1.0.0');
    write('openapi/releases/1.0.0.json', bundle('1.0.0'));
    index(released);
    return { repo, released, head: commit('release 1.0.0: snapshot and index') };
  };
  return {
    create() {
      template ??= build();
      const repo = tempDir('compat-replay-repo-');
      cpSync(template.repo, repo, { recursive: true });
      return { repo, released: template.released, head: template.head, ...bind(repo), tempDir };
    },
    dispose: () => temps.forEach((d) => rmSync(d, { recursive: true, force: true })),
  };
}

/** A shallow (depth 1) clone of `repo`: it has `head` but not the commits before it. */
export function shallowClone(s: ScratchRepo): string {
  const clone = s.tempDir('compat-replay-shallow-');
  git(clone, 'clone', '-q', '--depth', '1', `file://${s.repo}`, '.');
  return clone;
}
