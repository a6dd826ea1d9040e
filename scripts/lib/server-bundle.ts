/**
 * How `npm run build` bundles the server (scripts/build.ts), shared with the test that checks what the bundle holds
 * (test/contract/architecture.test.ts: nothing but the modules of server/ the server loads, no test code).
 */
import path from 'node:path';
import type { BuildOptions } from 'esbuild';

export function serverBundleOptions(root: string): BuildOptions {
  return {
    entryPoints: [path.join(root, 'server/main.ts')],
    outfile: path.join(root, 'dist', 'server.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22.13', // the oldest runtime package.json engines allows
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
    banner: { js: '// Built by `npm run build` from server/ (do not edit).' },
  };
}
