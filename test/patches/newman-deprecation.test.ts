/**
 * patches/newman+6.2.2.patch: loading Newman prints no DeprecationWarning on Node 24 (it used to read every property
 * of `fs`, deprecated accessors such as `fs.F_OK` included, DEP0176). Loaded in a child with --throw-deprecation, so
 * any deprecation Newman's runner triggers fails the load.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const secureFs = createRequire(import.meta.url).resolve('newman/lib/run/secure-fs.js');

describe('newman under Node 24', () => {
  it('loads its runner without a deprecation warning, and still exposes fs functions', () => {
    const r = spawnSync(process.execPath, ['--throw-deprecation', '-e', `
      const SecureFS = require(${JSON.stringify(secureFs)});
      const f = new SecureFS(process.cwd());
      if (typeof f.readFile !== 'function' || typeof f.stat !== 'function') throw new Error('fs functions missing');
    `], { encoding: 'utf8' });
    expect(r.stderr).not.toMatch(/DeprecationWarning|DEP0\d+/);
    expect(r.status).toBe(0);
    // A budget for the work: a node process that loads Newman's runner.
  }, 60_000);
});
