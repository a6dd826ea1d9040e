/**
 * The compatibility replay (`npm run contract:replay`): the conformance suite of the newest release, from that
 * release's own tree, passes against the current server; it fails, naming the case, against the current server behind
 * a proxy that breaks a promise of the release (a renamed response field, a documented status no longer answered);
 * and when the release's tree is not in the clone it says so and exits 2. Skipped, with the reason in its title, in a
 * clone that cannot reach the release's tree (e.g. a shallow CI clone).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locateRelease, TreeUnavailable } from '../../scripts/lib/compat-replay/release-tree.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { projectRoot } from '../helpers/run.ts';
import { startProxy, type Mutant, type Proxy } from '../conformance/support/proxy.ts';
import { scratchRepos, shallowClone } from './compat-replay-repo.ts';

const SLOW = 120_000;

/** The CLI as a child process, asynchronously: the server and proxies of these tests answer from this process. */
function replayCli(args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/compat-replay.ts', ...args], {
      cwd: projectRoot,
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('close', (code) => resolve({ code, out }));
  });
}

function unavailable(): string | null {
  try {
    return locateRelease(projectRoot) ? null : 'nothing released: no contract-v* tag, nothing in openapi/releases/';
  } catch (e) {
    if (e instanceof TreeUnavailable) return e.message;
    throw e;
  }
}

const skip = unavailable();
const release = skip ? undefined : locateRelease(projectRoot)!;

/** A mutant that rewrites the JSON body (and may change the status) of the answers `applies` selects; a HEAD has no body to rewrite. */
function rewriting(
  name: string,
  applies: (status: number, path: string) => boolean,
  edit: (body: Record<string, any>) => number,
): Mutant {
  return {
    name,
    breaks: name,
    check: '',
    response(res, req) {
      if (!applies(res.status, req.path.split('?')[0]!) || !res.body) return;
      const body = JSON.parse(res.body) as Record<string, any>;
      return { ...res, status: edit(body), body: JSON.stringify(body) };
    },
  };
}

const MUTANTS: { mutant: Mutant; operationId: string; caseId: string; check: string }[] = [
  {
    // Renames a required response field: a client reading `business_name` finds nothing.
    mutant: rewriting(
      'getAccount answers businessName instead of business_name',
      (s, p) => s === 200 && p.endsWith('/account'),
      (b) => {
        b.data.attributes.businessName = b.data.attributes.business_name;
        delete b.data.attributes.business_name;
        return 200;
      },
    ),
    operationId: 'getAccount',
    caseId: 'responses.getAccount',
    check: 'response_schema_conformance',
  },
  {
    // Drops a documented status: an unknown transaction is no longer 404 TRANSACTION_NOT_FOUND but a 400.
    mutant: rewriting(
      'getTransaction answers 400 where it documents 404 TRANSACTION_NOT_FOUND',
      (s, p) => s === 404 && p.includes('/account/transactions/'),
      (b) => {
        if (b.error?.code !== 'TRANSACTION_NOT_FOUND') return 404;
        b.status = { code: 400, message: 'Bad Request' };
        b.error = { code: 'INVALID_PARAMETER', message: 'The transaction id is not valid.' };
        return 400;
      },
    ),
    operationId: 'getTransaction',
    caseId: 'lookups.unknown.random_uuid',
    check: 'status_code_conformance',
  },
];

/** Every path under the temp directory the output names (the suite's `reports: a, b, c`, the replay's report directory). */
const printedPaths = (out: string) => [
  ...new Set(
    [...out.matchAll(/(?<=^|[\s:,])(\/[^\s,]+)/gm)].map(([p]) => p!).filter((p) => p.startsWith(`${tmpdir()}/`)),
  ),
];
/** The report directory the replay names last (kept: it is not the replay's to delete), removed by the test. */
const reportDirOf = (out: string) => /^compat-replay: reports of the \S+ suite: (\S+)$/m.exec(out)?.[1];

/** The failed cases the CLI names: `✗ <case> (<operationId>) [<check>] <message>`. */
const failedLines = (out: string) =>
  [...out.matchAll(/^ {2}✗ (\S+) \((\S+)\) \[(\S+)\]/gm)].map(([, id, operationId, check]) => ({
    id,
    operationId,
    check,
  }));

describe.skipIf(skip !== null)(
  `the compatibility replay of release ${release?.version ?? '?'}${skip ? ` (skipped: ${skip})` : ''}`,
  () => {
    // One current server for every run: its demo keys file is what `npm run contract:replay` without --keys makes too.
    let server: TestServer;
    let dir: string;
    let keys: string;
    const proxies: Proxy[] = [];
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'compat-replay-test-'));
      keys = join(dir, 'keys.json');
      server = await startTestServer(['--demo-keys', keys]);
    }, 60_000);
    afterAll(async () => {
      await Promise.all(proxies.map((p) => p.close()));
      await server?.stop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    // The three runs overlap: the sandbox run writes only to the sandbox's accounts, the mutants read production only.
    it.concurrent(
      "runs the release's own suite against the current server: sandbox with writes, every case passes, coverage 100 percent",
      async () => {
        const r = await replayCli(['--keys', keys]);
        expect(r.out).toContain(`compat-replay: release ${release!.version}: ${release!.via}`);
        expect(r.out).toContain(`running the ${release!.version} suite: sandbox, with writes`);
        const totals =
          /release \S+ against the current server: (\d+) passed, (\d+) failed, (\d+) skipped; coverage (\d+)%/.exec(
            r.out,
          );
        expect(totals, r.out.slice(-3000)).not.toBeNull();
        expect(Number(totals![1])).toBeGreaterThan(500);
        expect(totals!.slice(2)).toEqual(['0', '0', '100']);
        expect(r.out).toContain('PASS — clients written against');
        expect(r.code).toBe(0);
        // What it prints is there after it ended: the suite's three reports, in the directory it names.
        const reports = reportDirOf(r.out)!;
        expect(reports, r.out.slice(-2000)).toBeDefined();
        const paths = printedPaths(r.out);
        expect(paths.filter((p) => p.startsWith(`${reports}/`)).length).toBe(3);
        expect(paths.filter((p) => !existsSync(p))).toEqual([]);
        rmSync(reports, { recursive: true, force: true });
      },
      SLOW,
    );

    it.concurrent.each(MUTANTS)(
      'behind a proxy where $mutant.name: exit 1, naming $caseId [$check], and only cases of $operationId',
      async ({ mutant, operationId, caseId, check }) => {
        const proxy = await startProxy(
          server.url,
          { sandbox: server.demoKeys!.sandbox.keys.full, production: server.demoKeys!.production.keys.full },
          mutant,
        );
        proxies.push(proxy);
        // Production: read-only (forced), so it neither disturbs nor is disturbed by the sandbox run's purchases.
        const r = await replayCli(['--keys', keys, '--base-url', `${proxy.origin}/api/partners/v1`]);
        expect(r.out).toContain('running the 1.0.0 suite: production, read-only'.replace('1.0.0', release!.version));
        expect(r.out).toContain('compat-replay: FAIL — the current server breaks release');
        const failed = failedLines(r.out);
        expect(failed).toContainEqual({ id: caseId, operationId, check });
        expect(
          failed.filter((f) => f.operationId !== operationId),
          r.out.slice(-3000),
        ).toEqual([]);
        expect(r.code).toBe(1);
        rmSync(reportDirOf(r.out) ?? '/nonexistent', { recursive: true, force: true });
      },
      SLOW,
    );
  },
);

/**
 * A release whose suite is a stand-in with the real CLI's interface (`--report DIR`; prints `reports: …` and writes
 * results.json there): the replay itself, in seconds, without a server (`--keys` is given).
 */
const STAND_IN = `import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
const dir = process.argv[process.argv.indexOf('--report') + 1]!;
mkdirSync(dir, { recursive: true });
const files = ['results.json', 'summary.md'].map((f) => join(dir, f));
writeFileSync(files[0]!, JSON.stringify({ totals: { cases: 1, passed: 1, failed: 0, skipped: 0 }, coverage: { percent: 100 }, cases: [] }));
writeFileSync(files[1]!, '# 1 passed\\n');
console.log('reports: ' + files.join(', '));
`;

describe('the paths the CLI prints', () => {
  const repos = scratchRepos();
  afterAll(() => repos.dispose());

  it.each([
    ['without --report: the reports are kept in a directory it names', false],
    ['with --report DIR: the reports are in DIR', true],
  ])(
    '%s, and every path it prints exists after it ended',
    async (_name, withReport) => {
      const s = repos.create();
      s.write('conformance/run.ts', STAND_IN);
      s.index(s.commit('contract 1.0.0, with its suite'));
      s.commit('release 1.0.0: index');
      const keys = join(s.tempDir('compat-replay-keys-'), 'keys.json');
      writeFileSync(keys, '{}');
      const dir = withReport ? join(s.tempDir('compat-replay-out-'), 'reports') : undefined;
      const r = await replayCli(['--root', s.repo, '--keys', keys, ...(dir ? ['--report', dir] : [])]);
      expect(r.code, r.out).toBe(0);
      const paths = printedPaths(r.out);
      expect(paths.length, r.out).toBeGreaterThanOrEqual(2);
      expect(
        paths.filter((p) => !existsSync(p)),
        r.out,
      ).toEqual([]);
      const reports = reportDirOf(r.out);
      expect(reports, r.out).toBeDefined();
      if (dir) expect(reports).toBe(dir);
      expect(
        paths.filter((p) => p.startsWith(`${reports}/`)),
        r.out,
      ).toHaveLength(2);
      if (!dir) rmSync(reports!, { recursive: true, force: true });
    },
    SLOW,
  );
});

describe("the CLI where the release's tree is missing", () => {
  const repos = scratchRepos();
  afterAll(() => repos.dispose());

  it(
    'a shallow clone: exit 2 with the reason, and no server started',
    async () => {
      const s = repos.create();
      const r = await replayCli(['--root', shallowClone(s)]);
      expect(r.out).toContain(
        `compat-replay: cannot replay: release 1.0.0 was cut from commit ${s.released}, which this shallow clone does not have`,
      );
      expect(r.out).not.toContain('started the current reference server');
      expect(r.code).toBe(2);
    },
    SLOW,
  );
});
