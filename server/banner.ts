/** The text printed at start: where the API, the docs and the contract are, and the demo keys in demo mode. */
import { existsSync } from 'node:fs';
import type { Config } from './config.ts';
import { BASE_PATH, ENVIRONMENTS } from './domain.ts';
import type { RunningServer } from './server.ts';

export function formatBanner(
  running: Pick<RunningServer, 'url' | 'demoKeys' | 'store'>,
  config: Config,
  docsFile: string,
): string {
  const lines = [
    '',
    `Bill-Payment Partner API reference server (${running.store.driver === 'postgres' ? 'PostgreSQL' : `embedded store in ${config.dataDir}`})`,
    `  production  ${running.url}${BASE_PATH.production}`,
    `  sandbox     ${running.url}${BASE_PATH.sandbox}`,
    `  docs        ${running.url}/docs${existsSync(docsFile) ? '' : '   (not built: run npm run docs)'}`,
    `  contract    ${running.url}/openapi.json`,
  ];
  if (running.demoKeys) {
    lines.push('', 'Demo keys (demo mode; new secrets at every start, never stored):');
    for (const env of ENVIRONMENTS) {
      lines.push(`  ${env}:`);
      for (const [role, key] of Object.entries(running.demoKeys[env].keys)) lines.push(`    ${role.padEnd(16)} ${key}`);
    }
    if (config.demoKeysFile) lines.push('', `Demo keys written to ${config.demoKeysFile} (mode 0600).`);
    lines.push(
      '',
      'Try:',
      `  curl -s -H "Authorization: Bearer ${running.demoKeys.sandbox.keys.full}" ${running.demoKeys.sandbox.base_url}/account/balance`,
    );
  }
  return lines.join('\n') + '\n';
}
