/**
 * The suite checks the X-RateLimit fields (rate_limit_fields_conformance) and can fail on them. The reference server
 * here limits (1000 requests per second: the suite's client paces itself below what RateLimit-Policy announces), so
 * that its responses are counted and carry the fields; the reference of mutants.test.ts does not limit. Through an
 * honest proxy no response breaks the check, and the proxy sees counted responses on every kind of answer; through
 * each mutant of RATE_LIMIT_FIELD_MUTANTS the check fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance, type RunResult } from '../../conformance/runner.ts';
import { RATE_LIMIT_FIELD_MUTANTS } from './support/account-control-mutants.ts';
import { startProxy, type Mutant } from './support/proxy.ts';
import { optionsFor, startReference, type Reference } from './support/reference-server.ts';

const CHECK = 'rate_limit_fields_conformance';
const RUN_TIMEOUT = 180_000;
let ref: Reference;

beforeAll(async () => {
  ref = await startReference({ RATE_LIMIT_RPS: '1000' });
}, 60_000);
afterAll(async () => {
  await ref?.close();
});

async function runThrough(mutant: Mutant): Promise<RunResult> {
  const keys = { sandbox: ref.keys.sandbox.keys.full, production: ref.keys.production.keys.full };
  const proxy = await startProxy(ref.url, keys, mutant);
  try {
    return await runConformance({ ...optionsFor(ref, 'sandbox', proxy.origin), readOnly: true });
  } finally {
    await proxy.close();
  }
}

const failuresOf = (r: RunResult, check: string) =>
  r.cases.flatMap((c) => c.failures.filter((f) => f.check === check).map((f) => `${c.id}: ${f.message}`));

describe('the X-RateLimit fields in the conformance suite', () => {
  it(
    'hold on every response of an honest run, counted responses of every status among them',
    async () => {
      const statuses = new Set<number>();
      let counted = 0;
      const watching: Mutant = {
        name: 'honest',
        breaks: 'nothing',
        check: CHECK,
        response: (res) => {
          if (res.headers.ratelimit === undefined) return undefined;
          counted++;
          if (res.headers['x-ratelimit-reset'] !== undefined) statuses.add(res.status);
          return undefined;
        },
      };
      const r = await runThrough(watching);
      expect(failuresOf(r, CHECK)).toEqual([]);
      expect(counted).toBeGreaterThan(500);
      for (const status of [200, 400, 401, 403, 404, 405]) expect([...statuses]).toContain(status);
    },
    RUN_TIMEOUT,
  );

  it.concurrent.each(RATE_LIMIT_FIELD_MUTANTS.map((m) => [m.name, m] as const))(
    'kills %s',
    async (_name, mutant) => {
      const r = await runThrough(mutant);
      expect(r.exitCode).toBe(1);
      expect(failuresOf(r, mutant.check).length).toBeGreaterThan(0);
    },
    RUN_TIMEOUT,
  );
});
