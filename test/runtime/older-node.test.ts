/**
 * The README's two commands, `npm ci && npm start` and `npm ci && npm test`, verbatim on a machine whose node is older
 * than package.json `engines` allows (any Node from 20 on): its npm installs the lockfile (no engine-strict refusal),
 * and every npm script runs through scripts/on-node.sh on a node `engines` allows — the project's pinned Node 24 when
 * the machine's is older. And the guard engine-strict gave, kept where it means something: the lockfile installs under
 * `--engine-strict` on the very runtime these tests run on (CI: Node 24, then the oldest supported, 22.13.0).
 *
 * "An older node" is a real one from the machine (`which -a node`, e.g. Debian's Node 20), or the test says why it
 * is skipped. A fresh clone with Node 20 first on PATH is the full proof (issue 22); this is its part that runs here.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/run.ts';
import { satisfiesCaretRange } from './caret-range.ts';

const pkg = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
  engines: { node: string };
  scripts: Record<string, string>;
};
const engines = pkg.engines.node;
const PINNED = /pinned=(\d+\.\d+\.\d+)/.exec(readFileSync(join(projectRoot, 'scripts/ensure-node.sh'), 'utf8'))![1]!;
const pinnedBin = () =>
  spawnSync(
    'bash',
    ['-c', `ls -d ${projectRoot}.tools/node-${PINNED}/node_modules/node-linux-*/bin 2>/dev/null | head -n1`],
    { encoding: 'utf8' },
  ).stdout.trim();

/** The directory of a real node on this machine older than `engines` allows, or null. */
function olderNode(): { dir: string; version: string } | null {
  const found = spawnSync('bash', ['-c', 'which -a node'], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
  for (const path of found) {
    const version = spawnSync(path, ['--version'], { encoding: 'utf8' }).stdout.trim();
    if (
      /^v\d+\.\d+\.\d+$/.test(version) &&
      Number(version.slice(1).split('.')[0]) >= 20 &&
      !satisfiesCaretRange(version, engines)
    ) {
      return { dir: dirname(path), version };
    }
  }
  return null;
}
const older = olderNode();
const withFirst = (dir: string) => `${dir}${delimiter}${process.env.PATH ?? ''}`;

function sh(cmd: string, args: string[], opts: { cwd?: string; path?: string } = {}) {
  const r = spawnSync(cmd, args, {
    cwd: opts.cwd ?? projectRoot,
    encoding: 'utf8',
    timeout: 180_000,
    env: { ...process.env, ...(opts.path ? { PATH: opts.path } : {}), npm_config_update_notifier: 'false' },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const scratch: string[] = [];
afterAll(() => {
  for (const d of scratch) rmSync(d, { recursive: true, force: true });
});
/** A directory with the project's manifest, lockfile and .npmrc only: what `npm ci` reads. */
function manifestCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'older-node-'));
  scratch.push(dir);
  for (const f of ['package.json', 'package-lock.json', '.npmrc']) copyFileSync(join(projectRoot, f), join(dir, f));
  return dir;
}
const npmCi = ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'];

describe('npm scripts run on a supported node', () => {
  it('every script that runs Node goes through scripts/on-node.sh (the exceptions run no project code on Node)', () => {
    // pretest is bash (Chromium); postinstall is patch-package, which test/patches pins and which runs on any Node.
    const exempt = new Set(['pretest', 'postinstall']);
    const bare = Object.entries(pkg.scripts).filter(
      ([name, cmd]) => !exempt.has(name) && !/^bash scripts\/on-node\.sh '[^']+'$/.test(cmd),
    );
    expect(bare.map(([name]) => name)).toEqual([]);
  });

  it('.npmrc does not make npm refuse an older node (engine-strict)', () => {
    const npmrc = readFileSync(join(projectRoot, '.npmrc'), 'utf8');
    expect(npmrc).not.toMatch(/^\s*engine-strict\s*=\s*true/m);
  });

  it("on-node.sh passes the script's arguments on, as npm appends them", () => {
    const r = sh('bash', [
      'scripts/on-node.sh',
      'node -e "console.log(JSON.stringify(process.argv.slice(1)))"',
      'a b',
      "c'd",
      '--x',
    ]);
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out)).toEqual(['a b', "c'd", '--x']);
    // A budget for the work: on-node.sh and the node it starts, spawned processes.
  }, 60_000);

  it('ensure-node.sh `supported` keeps exactly the versions engines allows, else takes the pinned Node (generated versions)', () => {
    const bin = pinnedBin();
    if (!bin) return; // nothing to compare with before the pinned Node was fetched (CI and `npm test` on an older node have it)
    const fake = mkdtempSync(join(tmpdir(), 'fake-node-'));
    scratch.push(fake);
    const version = fc
      .oneof(
        fc.tuple(fc.constantFrom(18, 20, 21, 22, 23, 24, 25, 26, 27), fc.nat(30), fc.nat(5)),
        fc.tuple(fc.constant(22), fc.integer({ min: 10, max: 14 }), fc.nat(3)),
      )
      .map(([a, b, c]) => `v${a}.${b}.${c}`);
    fc.assert(
      fc.property(version, (v) => {
        writeFileSync(join(fake, 'node'), `#!/bin/sh\necho ${v}\n`);
        chmodSync(join(fake, 'node'), 0o755);
        const r = sh('bash', ['-c', 'source scripts/ensure-node.sh supported && echo "$ENSURE_NODE_BIN"'], {
          path: withFirst(fake),
        });
        expect(r.code, r.err).toBe(0);
        expect(r.out.trim(), v).toBe(satisfiesCaretRange(v, engines) ? fake : bin);
      }),
      { numRuns: 40 },
    );
    // 40 runs of ensure-node.sh, each a few processes and, for a version engines refuses, a start of the pinned node:
    // 3-9 s here, but 80 s once on a loaded 2-core machine, over the default 30 s. The budget is for the work, not a
    // wait: nothing in the test waits on the clock.
  }, 180_000);
});

describe.skipIf(!older)(
  `with an older node first on PATH (${older ? `${older.version} in ${older.dir}` : 'skipped: this machine has no node older than engines, from 20 on'})`,
  () => {
    it("npm ci accepts the lockfile (the README's set-up command, as a dry run)", () => {
      const path = withFirst(older!.dir);
      expect(sh('node', ['--version'], { path }).out.trim()).toBe(older!.version);
      const r = sh('npm', npmCi, { cwd: manifestCopy(), path });
      expect(r.code, `${r.out}${r.err}`).toBe(0);
      // A budget for the work: npm ci as a dry run on the older node, a spawned process.
    }, 180_000);

    it("an npm script runs on the project's node, and says so once", () => {
      // In a terminal session of its own (setsid): the line is said once per session.
      const r = sh('setsid', ['--wait', 'bash', 'scripts/on-node.sh', 'node -p process.version'], {
        path: withFirst(older!.dir),
      });
      expect(r.code, r.err).toBe(0);
      expect(satisfiesCaretRange(r.out.trim(), engines)).toBe(true);
      expect(r.err).toContain(`node ${older!.version} on PATH is not one package.json engines allows`);
    }, 300_000); // the first run may fetch the pinned Node

    it('says which node it runs on once per terminal session, however many npm scripts the session runs', () => {
      const said = `on-node: node ${older!.version} on PATH is not one package.json engines allows; running on the project's node`;
      // Three top-level scripts, one of them running a nested `npm run` (as `npm test` and `npm start` do), in one
      // new session; then a second session, which is told again.
      const scripts = [
        "bash scripts/on-node.sh 'node -p 1'",
        "bash scripts/on-node.sh 'npm run -s --ignore-scripts check:generated >/dev/null'",
        "bash scripts/on-node.sh 'node -p 3'",
      ].join(' && ');
      const sessions = [1, 2].map(() =>
        sh('setsid', ['--wait', 'bash', '-c', scripts], { path: withFirst(older!.dir) }),
      );
      for (const r of sessions) {
        expect(r.code, r.err).toBe(0);
        expect(r.err.split('\n').filter((line) => line.startsWith(said))).toHaveLength(1);
      }
      // A budget for the work: two sessions of three scripts (one a generate check), spawned processes.
    }, 120_000);
  },
);

describe(`the lockfile on this runtime (Node ${process.version})`, () => {
  it('installs under --engine-strict: no locked package refuses a runtime CI runs the tests on', () => {
    // npm on this very node (first on PATH), as CI's `npm ci` on Node 24 did and its second run on 22.13.0 now does too.
    const r = sh('npm', [...npmCi, '--engine-strict'], {
      cwd: manifestCopy(),
      path: withFirst(dirname(process.execPath)),
    });
    expect(r.code, `${r.out}${r.err}`).toBe(0);
    // A budget for the work: npm ci as a dry run under --engine-strict, a spawned process.
  }, 180_000);
});
