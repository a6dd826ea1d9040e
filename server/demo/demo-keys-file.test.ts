import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS_FILE_MODE, formatDemoBanner, writeDemoKeysFile, type DemoKeysFile } from './demo-keys-file.ts';
import { DEMO_KEY_ROLES, type DemoKeyRole } from './keys.ts';

const dir = mkdtempSync(join(tmpdir(), 'demo-keys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const keysOf = (prefix: string) =>
  Object.fromEntries(DEMO_KEY_ROLES.map((r, i) => [r, `${prefix}${String(i).padStart(40, 'x')}`])) as Record<
    DemoKeyRole,
    string
  >;
const DEMO: DemoKeysFile = {
  // Deliberately out of order: the file is written in a fixed order.
  sandbox: { base_url: 'http://127.0.0.1:8080/api/partners/sandbox/v1', keys: keysOf('sk_test_') },
  production: { base_url: 'http://127.0.0.1:8080/api/partners/v1', keys: keysOf('sk_live_') },
};
const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('writeDemoKeysFile', () => {
  it('writes exactly { production: { base_url, keys }, sandbox: { base_url, keys } }, pretty-printed', () => {
    const path = join(dir, 'keys.json');
    writeDemoKeysFile(path, DEMO);
    const text = readFileSync(path, 'utf8');
    const parsed = JSON.parse(text) as Record<string, { base_url: string; keys: Record<string, string> }>;
    expect(Object.keys(parsed)).toEqual(['production', 'sandbox']);
    expect(parsed).toEqual({ production: DEMO.production, sandbox: DEMO.sandbox });
    for (const env of ['production', 'sandbox'] as const) {
      expect(Object.keys(parsed[env]!)).toEqual(['base_url', 'keys']);
      expect(Object.keys(parsed[env]!.keys)).toEqual([...DEMO_KEY_ROLES]);
    }
    expect(text).toBe(JSON.stringify(parsed, null, 2) + '\n');
  });

  it('creates the file with mode 0600', () => {
    const path = join(dir, 'new', 'nested', 'keys.json');
    writeDemoKeysFile(path, DEMO);
    expect(modeOf(path)).toBe(DEMO_KEYS_FILE_MODE);
  });

  it('tightens the mode to 0600 and replaces the content when the file already existed', () => {
    const path = join(dir, 'existing.json');
    writeFileSync(path, 'x'.repeat(10_000), { mode: 0o644 });
    expect(modeOf(path)).toBe(0o644);
    writeDemoKeysFile(path, DEMO);
    expect(modeOf(path)).toBe(0o600);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ production: DEMO.production, sandbox: DEMO.sandbox });
  });
});

describe('formatDemoBanner', () => {
  const banner = formatDemoBanner(DEMO, { docsUrl: 'http://127.0.0.1:8080/docs', keysFile: '/tmp/keys.json' });

  it('shows both base URLs and the docs URL', () => {
    expect(banner).toContain(DEMO.production.base_url);
    expect(banner).toContain(DEMO.sandbox.base_url);
    expect(banner).toContain('http://127.0.0.1:8080/docs');
    expect(banner).toContain('/tmp/keys.json');
  });

  it('has one line per key role per environment', () => {
    for (const env of ['production', 'sandbox'] as const) {
      for (const role of DEMO_KEY_ROLES) {
        const lines = banner
          .split('\n')
          .filter((l) => l.includes(DEMO[env].keys[role]) && l.trimStart().startsWith(`${role} `));
        expect(lines, `${env} ${role}`).toHaveLength(1);
      }
    }
  });
});
