/**
 * The server as production runs it — response validation off, so responses leave through the fast path
 * (http/json-body.ts, handlers/memo.ts, the store's read cache) instead of the validator's res.json — still passes
 * the full profile, which checks every response against the contract itself. Run twice in a row, so the second run
 * is served from the read cache. The first run writes (its purchases leave through the fast path too); the others
 * read only (production may not be written).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance, type RunResult } from '../../conformance/runner.ts';
import { optionsFor, startReference, type Reference } from './support/reference-server.ts';

let ref: Reference;
beforeAll(async () => {
  ref = await startReference({ VALIDATE_RESPONSES: 'false' });
}, 60_000);
afterAll(async () => {
  await ref?.close();
});

const failures = (r: RunResult) =>
  r.cases.flatMap((c) =>
    c.failures.map((f) => `${c.id}: [${f.check}] ${f.message} — ${f.request ?? ''} → ${f.response ?? ''}`),
  );

describe('the production configuration (response validation off, read cache on)', () => {
  // The first sandbox run writes (purchases leave through the fast path too); the others read only.
  it.each(['sandbox', 'sandbox again (warm cache)', 'production'])(
    '%s: every case passes with 100 percent coverage',
    async (name) => {
      const env = name.startsWith('sandbox') ? 'sandbox' : 'production';
      const r = await runConformance({ ...optionsFor(ref, env), readOnly: name !== 'sandbox' });
      expect(failures(r)).toEqual([]);
      expect(r.coverage.percent).toBe(100);
      expect(r.exitCode).toBe(0);
    },
    120_000,
  ); // the run with writes also waits for its webhook deliveries: about 30 s alone, more on shared cores
});
