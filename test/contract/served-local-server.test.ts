/**
 * A running reference server serves the contract (/openapi.json) and the docs (/docs) with the contract's local
 * server (`http://127.0.0.1:8080{base_path}` in openapi/openapi.yaml) at the address and port it answered on
 * (server/http/local-server.ts): the app on a port the system picked names that port in both, and 8080 nowhere as a
 * server. The docs page is the one `npm run docs` builds (scripts/docs.ts), written to a file of this test's own.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Request } from 'express';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { NO_TRUSTED_PROXIES } from '../../server/auth/client-ip.ts';
import { handlers } from '../../server/handlers/index.ts';
import { originOfRequest } from '../../server/http/local-server.ts';
import { BUNDLE_FILE } from '../../server/server.ts';
import { pgliteStores, type Stores } from '../helpers/store-fixtures.ts';
import { projectRoot, run } from '../helpers/run.ts';

const bundle = JSON.parse(readFileSync(BUNDLE_FILE, 'utf8')) as { servers: { url: string }[] };
const CONTRACT_LOCAL = 'http://127.0.0.1:8080{base_path}';

mkdirSync(join(projectRoot, 'dist'), { recursive: true });
const work = mkdtempSync(join(projectRoot, 'dist', 'served-docs-'));
const docsFile = join(work, 'index.html');

let stores: Stores;
let server: Server;
let port: number;
beforeAll(async () => {
  const built = run(process.execPath, ['--import', 'tsx', join(projectRoot, 'scripts/docs.ts'), '--output', docsFile]);
  expect(built.code, built.out).toBe(0);
  expect(readFileSync(docsFile, 'utf8').includes(CONTRACT_LOCAL), 'the built page names the local server').toBe(true);
  stores = await pgliteStores();
  const app = createApp({
    handlers,
    store: stores.store,
    logger: pino({ level: 'silent' }),
    bundle,
    trustProxy: NO_TRUSTED_PROXIES,
    validateResponses: false,
    docsFile,
  });
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
}, 120_000);
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await stores?.close();
  rmSync(work, { recursive: true, force: true });
});

describe("the contract's local server, as a running server serves it", () => {
  it('is in the contract at 8080 (the default of npm start)', () => {
    expect(bundle.servers.map((s) => s.url)).toContain(CONTRACT_LOCAL);
  });

  it('/openapi.json names the port the server runs on', async () => {
    const served = (await (await fetch(`http://127.0.0.1:${port}/openapi.json`)).json()) as typeof bundle;
    expect(served.servers.map((s) => s.url)).toEqual(
      bundle.servers.map((s) => (s.url === CONTRACT_LOCAL ? `http://127.0.0.1:${port}{base_path}` : s.url)),
    );
  });

  it('/docs names the port the server runs on, in its server panel and in the contract it renders', async () => {
    const r = await fetch(`http://127.0.0.1:${port}/docs`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await r.text();
    const count = (text: string, url: string) => text.split(url).length - 1;
    // As counts: a failure names what was found, not the 3 MB page.
    expect([count(page, CONTRACT_LOCAL), count(page, `http://127.0.0.1:${port}{base_path}`)]).toEqual([
      0,
      count(readFileSync(docsFile, 'utf8'), CONTRACT_LOCAL),
    ]);
  });
});

describe('the address a request arrived on, as a URL origin', () => {
  it.each([
    ['127.0.0.1', 'http://127.0.0.1:8099'],
    ['::ffff:127.0.0.1', 'http://127.0.0.1:8099'],
    ['::1', 'http://[::1]:8099'],
    ['192.0.2.10', 'http://192.0.2.10:8099'],
  ])('%s → %s', (localAddress, origin) => {
    expect(originOfRequest({ socket: { localAddress, localPort: 8099 } } as unknown as Request)).toBe(origin);
  });
});
