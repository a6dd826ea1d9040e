/**
 * The demo keys handed to people and tools at start: a JSON file (mode 0600, since it holds live secrets of the
 * demo) and the banner lines. Shape of the file:
 *
 *   { "production": { "base_url": "http://127.0.0.1:8080/api/partners/v1", "keys": { "full": "sk_live_…", … } },
 *     "sandbox":    { "base_url": "http://127.0.0.1:8080/api/partners/sandbox/v1", "keys": { … } } }
 */
import { closeSync, fchmodSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { ENVIRONMENTS, type Environment } from '../domain.ts';
import { DEMO_KEY_ROLES, DEMO_KEY_SPECS, type DemoKeyRole } from './keys.ts';

export interface DemoEnvironmentKeys {
  base_url: string;
  keys: Record<DemoKeyRole, string>;
}
export type DemoKeysFile = Record<Environment, DemoEnvironmentKeys>;

export const DEMO_KEYS_FILE_MODE = 0o600;

/** The file's content: environments in domain order, roles in DEMO_KEY_ROLES order, nothing else. */
export function demoKeysJson(demo: DemoKeysFile): string {
  const out: Record<string, { base_url: string; keys: Record<string, string> }> = {};
  for (const env of ENVIRONMENTS) {
    const keys: Record<string, string> = {};
    for (const role of DEMO_KEY_ROLES) keys[role] = demo[env].keys[role];
    out[env] = { base_url: demo[env].base_url, keys };
  }
  return JSON.stringify(out, null, 2) + '\n';
}

/**
 * Writes the demo keys file with mode 0600. The mode is applied before anything is written, also when the file
 * already existed with a wider mode, so the secrets never sit in a readable file. Synchronous: it runs once at start.
 */
export function writeDemoKeysFile(path: string, demo: DemoKeysFile): void {
  mkdirSync(dirname(path), { recursive: true });
  const fd = openSync(path, 'w', DEMO_KEYS_FILE_MODE);
  try {
    fchmodSync(fd, DEMO_KEYS_FILE_MODE);
    writeSync(fd, demoKeysJson(demo));
  } finally {
    closeSync(fd);
  }
}

export interface DemoBannerOptions {
  /** Where the API reference is served, e.g. http://127.0.0.1:8080/docs. */
  docsUrl: string;
  /** Path of the demo keys file, when one was written. */
  keysFile?: string | undefined;
}

/** The lines printed at start in demo mode: base URLs, docs URL, one line per key role per environment. */
export function formatDemoBanner(demo: DemoKeysFile, options: DemoBannerOptions): string {
  const width = Math.max(...DEMO_KEY_ROLES.map((r) => r.length)) + 2;
  const lines = [
    'Bill-Payment Partner API (demo mode)',
    ...ENVIRONMENTS.map((env) => `  ${env.padEnd(12)}${demo[env].base_url}`),
    `  ${'docs'.padEnd(12)}${options.docsUrl}`,
    '',
    'Demo keys (fresh secrets at every start; only their hashes are stored):',
  ];
  for (const env of ENVIRONMENTS) {
    lines.push(`  ${env}:`);
    for (const role of DEMO_KEY_ROLES) {
      lines.push(`    ${role.padEnd(width)}${demo[env].keys[role]}   ${DEMO_KEY_SPECS[role].description}`);
    }
  }
  if (options.keysFile !== undefined) lines.push('', `Demo keys written to ${options.keysFile} (mode 0600).`);
  lines.push(
    '',
    'Try:',
    `  curl -s -H "Authorization: Bearer ${demo.sandbox.keys.full}" ${demo.sandbox.base_url}/account/balance`,
  );
  return lines.join('\n') + '\n';
}
