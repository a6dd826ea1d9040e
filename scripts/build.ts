/**
 * `npm run build`: the reference server as one ES module, `dist/server.mjs` (+ source map), with its SQL
 * migrations and function sources beside it in `dist/migrations/` and `dist/sql/`. Packages stay external
 * (node_modules), so the bundle holds only our code. `npm start` and the benchmark run it with plain `node`: no
 * TypeScript transform at start-up, which saves about half a second of cold start over `node --import tsx
 * server/main.ts` (bench/README.md).
 *
 * Paths in the code resolve from the bundle the same way as from the sources: `..` of dist/ and of server/ are
 * both the project root, and the migrations and function sources sit next to the module that reads them
 * (migrate.ts).
 */
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { serverBundleOptions } from './lib/server-bundle.ts';

const root = new URL('..', import.meta.url).pathname;
const dist = path.join(root, 'dist');

await build(serverBundleOptions(root));
for (const dir of ['migrations', 'sql']) {
  fs.rmSync(path.join(dist, dir), { recursive: true, force: true });
  fs.cpSync(path.join(root, 'server/store', dir), path.join(dist, dir), { recursive: true });
}
console.log('build: dist/server.mjs');
