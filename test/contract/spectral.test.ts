/** Spectral with the OWASP API Security ruleset finds nothing on the bundle, and finds the holes its rules exist for. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin, projectRoot } from '../helpers/run.ts';

// A budget for the work of a test or hook that runs spectral, a spawned process.
const SPECTRAL_BUDGET = 120_000;

type Json = Record<string, any>; // a mutable copy of the bundle
interface SpectralResult {
  code: string;
  path: string[];
  severity: number;
  source: string;
}

const BUNDLE = join(projectRoot, 'generated/openapi.json');

/** Lints files with the project's ruleset; severity 0 = error, 1 = warning (both fail `npm run lint`). */
function spectral(files: string[]): { code: number | null; results: SpectralResult[] } {
  const r = spawnSync(
    bin('spectral'),
    [
      'lint',
      ...files,
      '--ruleset',
      join(projectRoot, '.spectral.yaml'),
      '--format',
      'json',
      '--quiet',
      '--fail-severity',
      'warn',
    ],
    {
      cwd: projectRoot,
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
  const json = r.stdout.slice(r.stdout.indexOf('['));
  return { code: r.status, results: JSON.parse(json) as SpectralResult[] };
}

describe('spectral (OWASP API Security Top 10 ruleset)', () => {
  it(
    'reports no error and no warning on the bundle',
    () => {
      const r = spectral([BUNDLE]);
      expect(r.results.filter((x) => x.severity <= 1).map((x) => `${x.code} at ${x.path.join('.')}`)).toEqual([]);
      expect(r.code).toBe(0);
    },
    SPECTRAL_BUDGET,
  );

  // The broken copies live under dist/ (ignored by git) because the ruleset's `extends` resolves the package from
  // the project's node_modules and its per-location overrides match `**/openapi.json` below the project.
  const dir = join(projectRoot, 'dist');
  mkdirSync(dir, { recursive: true });
  const work = mkdtempSync(join(dir, 'spectral-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const holes: [string, string, string, (b: Json) => void][] = [
    [
      'an unbounded path parameter',
      'owasp:api4:2023-string-limit',
      'components.parameters.TransactionId.schema',
      (b) => {
        delete b.components.parameters.TransactionId.schema.maxLength;
      },
    ],
    [
      'an error response without rate-limit headers',
      'owasp:api4:2023-rate-limit',
      'components.responses.Unauthorized.headers',
      (b) => {
        delete b.components.responses.Unauthorized.headers.RateLimit;
      },
    ],
    [
      'an error response without the X-RateLimit headers (the published API sends them beside RateLimit)',
      'owasp:api4:2023-rate-limit',
      'components.responses.Forbidden.headers',
      (b) => {
        delete b.components.responses.Forbidden.headers['X-RateLimit-Reset'];
      },
    ],
    [
      'an integer without a format',
      'owasp:api4:2023-integer-format',
      'components.parameters.PerPage.schema',
      (b) => {
        delete b.components.parameters.PerPage.schema.format;
      },
    ],
    [
      'an unbounded list',
      'owasp:api4:2023-array-limit',
      'components.schemas.TransactionListResponse.properties.data',
      (b) => {
        delete b.components.schemas.TransactionListResponse.properties.data.maxItems;
      },
    ],
    [
      'a keyed read left without security',
      'owasp:api2:2023-read-restricted',
      'paths./account/balance.get.security',
      (b) => {
        b.paths['/account/balance'].get.security = [];
      },
    ],
    [
      'a server without its audience',
      'owasp:api9:2023-inventory-access',
      'servers.1',
      (b) => {
        delete b.servers[1]['x-internal'];
      },
    ],
    // Plain HTTP is allowed for the local reference server (servers[1]) only.
    [
      'a hosted server over plain http',
      'owasp:api8:2023-no-server-http',
      'servers.2.url',
      (b) => {
        b.servers[2].url = b.servers[2].url.replace('https:', 'http:');
      },
    ],
  ];

  // One spectral run over every broken copy (a run costs seconds); each case reads the results of its own copy.
  let run: ReturnType<typeof spectral>;
  const fileOf = new Map<string, string>();
  beforeAll(() => {
    for (const [name, , , breakIt] of holes) {
      const bundle = JSON.parse(readFileSync(BUNDLE, 'utf8')) as Json;
      breakIt(bundle);
      const file = join(mkdtempSync(join(work, 'copy-')), 'openapi.json');
      writeFileSync(file, JSON.stringify(bundle, null, 2));
      fileOf.set(name, file);
    }
    run = spectral([...fileOf.values()]);
  }, SPECTRAL_BUDGET);

  it.each(holes.map(([name, rule, at]) => [name, rule, at] as const))('fails on %s (%s)', (name, rule, at) => {
    expect(run.code).not.toBe(0);
    const mine = run.results.filter((x) => x.source === fileOf.get(name));
    expect(mine.map((x) => `${x.code} at ${x.path.join('.')}`)).toContain(`${rule} at ${at}`);
    // Only the hole made: the rest of the copy is as clean as the bundle.
    expect(mine.filter((x) => x.severity <= 1)).toHaveLength(1);
  });
});
