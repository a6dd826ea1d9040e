/**
 * One version everywhere: `info.version` of openapi/openapi.yaml is the version of the contract, and everything that
 * names a version of it says the same — the bundle, `GET /health` in both environments (read from the bundle the
 * server runs on), the package of the reference implementation and its lockfile, the typed client's package — and
 * the release notes have its section. The breaking-change gate (contract-diff.test.ts) decides whether the version
 * is high enough; this decides that nothing lags behind it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasSection } from '../../scripts/lib/contract-diff/changelog.ts';
import { parseVersion } from '../../scripts/lib/contract-diff/gate.ts';
import { projectRoot } from '../helpers/run.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const read = (file: string) => readFileSync(join(projectRoot, file), 'utf8');
const json = (file: string) => JSON.parse(read(file)) as Record<string, any>;

/** info.version as written in the contract's source (not the bundle: that is one of the copies checked). */
function contractVersion(): string {
  const m = /^info:\n(?: {2}.*\n)*? {2}version: (.+)$/m.exec(read('openapi/openapi.yaml'));
  if (!m) throw new Error('openapi/openapi.yaml has no info.version');
  return m[1]!.trim().replace(/^['"]|['"]$/g, '');
}

const version = contractVersion();

describe(`the contract's version (${version})`, () => {
  it('is MAJOR.MINOR.PATCH', () => {
    expect(parseVersion(version)?.text).toBe(version);
  });

  it.each([
    ['the bundle (generated/openapi.json)', () => json('generated/openapi.json').info.version],
    ['package.json', () => json('package.json').version],
    ['package-lock.json', () => json('package-lock.json').version],
    ['package-lock.json (the root package)', () => json('package-lock.json').packages[''].version],
    ['the typed client (client/package.json)', () => json('client/package.json').version],
  ])('is the version of %s', (_name, versionOf) => {
    expect(versionOf()).toBe(version);
  });

  it('has its section in the release notes (CHANGELOG.md)', () => {
    expect(hasSection(read('CHANGELOG.md'), version)).toBe(true);
  });
});

describe('GET /health', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
  });

  it.each(['sandbox', 'production'] as const)("answers the contract's version in the %s", async (env) => {
    const r = await fetch(`${server.demoKeys![env].base_url}/health`);
    expect(r.status).toBe(200);
    expect(((await r.json()) as { data: { version: string } }).data.version).toBe(version);
  });
});
