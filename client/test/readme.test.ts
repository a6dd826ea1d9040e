/**
 * client/README.md, done as it says, against the REAL reference server:
 * - *Install*: `npm pack` in client/, then `npm install <the tarball>` in a new project — offline: the tarball's
 *   dependencies are packed from the repository's own node_modules and installed first (they stand in for the
 *   registry; nothing is fetched);
 * - every ```ts example is compiled in that project by tsc with `strict` (against the installed package's
 *   declarations, skipLibCheck off) and run with node, importing the installed package: the first example (create a
 *   client) is the start of each of the others, as the README says; each must exit 0;
 * - the webhook handler example answers a real delivery of the server (verified: 204) and refuses it tampered (400);
 * - the method table names every method of every group of the client, and the README every export of the package.
 */
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers/server.ts';
import { onBothStores } from '../../test/helpers/store-servers.ts';
import * as exported from '../src/index.ts';
import { createBillPaymentClient } from '../src/index.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLIENT = join(ROOT, 'client');
const README = readFileSync(join(CLIENT, 'README.md'), 'utf8');
const pkg = JSON.parse(readFileSync(join(CLIENT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  dependencies: Record<string, string>;
};
const TARBALL = `${pkg.name.replace(/^@/, '').replace('/', '-')}-${pkg.version}.tgz`;

/** The README's install commands (its *Install* section's ```sh block), and the file name it installs (may be a glob). */
const INSTALL = /^## Install\n[\s\S]*?^```sh\n([\s\S]*?)^```$/m.exec(README)?.[1] ?? '';
const INSTALLED_NAME = /^cd \S+ && npm install \S*\/(\S+\.tgz)$/m.exec(INSTALL)?.[1] ?? '';

/** The ```ts blocks of the README, in order. */
const EXAMPLES = [...README.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map(([, code]) => code!);

interface Run {
  code: number | null;
  out: string;
}
const run = (
  cmd: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
  timeout = 120_000,
): Promise<Run> =>
  new Promise((resolve) => {
    execFile(
      cmd,
      args,
      { cwd, timeout, env: { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH}`, ...env } },
      (err, stdout, stderr) =>
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, out: `${stdout}${stderr}` }),
    );
  });

/** The package directories the client's dependencies need, transitively, as installed in the repository. */
function dependencyDirs(): string[] {
  const seen = new Set<string>();
  const visit = (deps: Record<string, string> = {}) => {
    for (const name of Object.keys(deps)) {
      const dir = join(ROOT, 'node_modules', name);
      if (seen.has(dir)) continue;
      seen.add(dir);
      visit(
        (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> })
          .dependencies,
      );
    }
  };
  visit(pkg.dependencies);
  return [...seen];
}

let srv: TestServer;
let work: string;
let app: string;
let packed: Run;
let installed: Run;
let compiled: Run;
const env = (): Record<string, string> => ({
  BILLPAY_KEY: srv.demoKeys!.sandbox.keys.full,
  BILLPAY_BASE_URL: srv.demoKeys!.sandbox.base_url,
  BILLPAY_WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
});

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'client-readme-'));
  app = join(work, 'your-app');
  mkdirSync(join(work, 'deps'));
  mkdirSync(app);
  srv = await startTestServer(['--no-settlement']);
  // Install, as the README says: npm pack in client/ (its prepack builds dist/), npm install <tarball> in the app.
  packed = await run('npm', ['pack', '--pack-destination', work], CLIENT);
  if (packed.code !== 0) return;
  const deps = await run(
    'npm',
    ['pack', '--ignore-scripts', '--pack-destination', join(work, 'deps'), ...dependencyDirs()],
    work,
  );
  expect(deps.code, deps.out).toBe(0);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'your-app', private: true, type: 'module' }));
  const npmInstall = ['install', '--offline', '--no-audit', '--no-fund'];
  const registry = await run(
    'npm',
    [...npmInstall, '--no-save', ...readdirSync(join(work, 'deps')).map((f) => join(work, 'deps', f))],
    app,
  );
  expect(registry.code, registry.out).toBe(0);
  // The README's npm install, its path to the tarball (or glob) made this test's, through a shell as typed.
  installed = await run('bash', ['-c', `npm ${npmInstall.join(' ')} ${work}/${INSTALLED_NAME}`], app);
  if (installed.code !== 0) return;
  // Each example after the first continues from the first (the client).
  EXAMPLES.forEach((code, i) =>
    writeFileSync(join(app, `example-${i}.ts`), i === 0 ? code : `${EXAMPLES[0]}\n${code}`),
  );
  writeFileSync(
    join(app, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2023',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        lib: ['ES2023', 'DOM'],
        strict: true,
        noUncheckedIndexedAccess: true,
        skipLibCheck: false,
        types: ['node'],
        typeRoots: [join(ROOT, 'node_modules/@types')],
        outDir: 'out',
      },
      include: ['example-*.ts'],
    }),
  );
  compiled = await run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', app], app);
}, 240_000);
afterAll(async () => {
  await srv?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

/**
 * Runs compiled example i with the given key and base URL: it must exit 0, and an example that says what it prints
 * (`console.log(…); // true true`, `// 409 DUPLICATE_REFERENCE true`: words of `true`, statuses and error codes)
 * prints it.
 */
async function runsAsItSays(i: number, environment: Record<string, string>): Promise<void> {
  expect(compiled.code, compiled.out).toBe(0);
  const r = await run(process.execPath, [join(app, 'out', `example-${i}.js`)], app, environment, 60_000);
  expect(r.code, r.out).toBe(0);
  const word = String.raw`(?:true|\d{3}|[A-Z][A-Z_]+)`;
  for (const [, said] of EXAMPLES[i]!.matchAll(
    new RegExp(String.raw`console\.log\([^\n]*\); \/\/ (${word}(?: ${word})*)$`, 'gm'),
  ))
    expect(r.out.split('\n'), r.out).toContain(said);
}

describe('client/README.md', () => {
  it('Install: names the tarball npm pack writes, and npm install of it', () => {
    expect(INSTALL).toMatch(/^cd \S*client && npm pack\b/m);
    // The tarball by name, or by a glob of its name whatever the version (bill-payment-partner-client-*.tgz).
    const glob = new RegExp(`^${INSTALLED_NAME.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '[^/]*')}$`);
    expect(TARBALL, INSTALL).toMatch(glob);
    expect(README).not.toMatch(/npm install @bill-payment\/partner-client/);
  });

  it('npm pack builds the package, and npm install of the tarball makes it importable by its name', () => {
    expect(packed.code, packed.out).toBe(0);
    expect(installed.code, installed.out).toBe(0);
    const manifest = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(manifest.dependencies[pkg.name]).toMatch(new RegExp(`^file:.*${TARBALL.replaceAll('.', '\\.')}$`));
    expect(readdirSync(join(app, 'node_modules', pkg.name, 'dist/generated'))).toContain('schema.d.ts');
  });

  it('every example compiles with strict, against the installed package', () => {
    expect(EXAMPLES.length).toBeGreaterThanOrEqual(8);
    expect(compiled.code, compiled.out).toBe(0);
  });

  it.each(
    EXAMPLES.map(
      (code, i) =>
        [
          i,
          code
            .split('\n')
            .find((l) => l.trim() && !l.startsWith('import'))!
            .trim(),
        ] as const,
    ),
  )('example %i (%s) runs against the reference server, exit 0', (i) => runsAsItSays(i, env()), 60_000);

  it('the webhook handler example answers a real delivery 204, verified, and the same tampered 400 invalid_signature', async () => {
    const i = EXAMPLES.findIndex((code) => /export async function POST\(request: Request\)/.test(code));
    expect(i).toBeGreaterThan(0);
    // A receiver on loopback (the demo server delivers to it), and an endpoint for it.
    const deliveries: { body: string; headers: Record<string, string> }[] = [];
    const receiver: Server = createServer((req, res) => {
      let body = '';
      req
        .setEncoding('utf8')
        .on('data', (c: string) => {
          body += c;
        })
        .on('end', () => {
          deliveries.push({
            body,
            headers: Object.fromEntries(
              Object.entries(req.headers)
                .filter(([k]) => k.startsWith('webhook-') || k === 'content-type')
                .map(([k, v]) => [k, String(v)]),
            ),
          });
          res.writeHead(204).end();
        });
    });
    receiver.listen(0, '127.0.0.1');
    await once(receiver, 'listening');
    try {
      const client = createBillPaymentClient({ apiKey: env().BILLPAY_KEY, baseUrl: env().BILLPAY_BASE_URL });
      const { endpoint } = await client.webhooks.create({
        url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/billpay`,
        events: ['transaction.successful'],
      });
      await client.purchases.airtime({ network: 'MTN', phone_number: '08031234567', amount: '100.00' });
      const until = Date.now() + 30_000;
      while (deliveries.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      expect(deliveries.length).toBeGreaterThan(0);
      writeFileSync(join(app, 'delivery.json'), JSON.stringify(deliveries[0]));
      writeFileSync(
        join(app, 'deliver.mjs'),
        [
          `import { readFileSync } from 'node:fs';`,
          `import { POST } from './out/example-${i}.js';`,
          `const { body, headers } = JSON.parse(readFileSync('delivery.json', 'utf8'));`,
          `for (const sent of [body, body.replace('"transaction.successful"', '"transaction.failed"')]) {`,
          `  const answer = await POST(new Request('http://127.0.0.1/billpay', { method: 'POST', headers, body: sent }));`,
          `  console.log('answer', answer.status, await answer.text());`,
          `}`,
        ].join('\n'),
      );
      const r = await run(process.execPath, ['deliver.mjs'], app, {
        ...env(),
        BILLPAY_WEBHOOK_SECRET: endpoint.attributes.secret,
      });
      expect(r.code, r.out).toBe(0);
      const event = JSON.parse(deliveries[0]!.body) as { type: string; data: { id: string } };
      expect(r.out.split('\n').filter(Boolean)).toEqual([
        `${event.type} ${event.data.id}`,
        'answer 204 ',
        'answer 400 invalid_signature',
      ]);
    } finally {
      receiver.close();
    }
  }, 60_000);

  it('the method table names every method of every group of the client', () => {
    const client = createBillPaymentClient({ apiKey: 'sk_test_x' }) as unknown as Record<string, unknown>;
    const methods = Object.entries(client)
      .filter(([group]) => group !== 'operations' && group !== 'raw')
      .flatMap(([group, members]) =>
        Object.entries(members as object)
          .filter(([, f]) => typeof f === 'function')
          .map(([m]) => `client.${group}.${m}(`),
      );
    expect(methods.length).toBeGreaterThanOrEqual(27);
    expect(methods.filter((m) => !README.includes(`\`${m}`))).toEqual([]);
    for (const id of Object.keys(createBillPaymentClient({ apiKey: 'sk_test_x' }).operations))
      expect(README).toContain(`| \`${id}\` |`);
  });

  it('names every value the package exports', () => {
    expect(Object.keys(exported).filter((name) => !new RegExp(`\\b${name}\\b`).test(README))).toEqual([]);
  });

  it('no longer says the contract has no webhook operations', () => {
    expect(README).not.toMatch(/no webhook operations/);
  });
});

// The published partner API's flow (verify, buy by product_id with an external_reference and no Idempotency-Key,
// the same order again 409 DUPLICATE_REFERENCE naming the first, read by the reference, query), as the README shows
// it, on each store: the by-reference uniqueness is the store's constraint.
onBothStores(
  'client/README.md, the published partner API’s flow',
  {},
  (server) => {
    const flow = EXAMPLES.findIndex((code) =>
      code.includes('client.purchases.create(order, { idempotencyKey: null })'),
    );

    it('is an example of the README that prints 409 DUPLICATE_REFERENCE naming the first purchase', () => {
      expect(flow).toBeGreaterThan(0);
      expect(EXAMPLES[flow]).toMatch(/\/\/ 409 DUPLICATE_REFERENCE true$/m);
    });

    it('runs against the reference server, exit 0, printing what it says', async () => {
      const { keys, base_url } = server().demoKeys!.sandbox;
      await runsAsItSays(flow, { BILLPAY_KEY: keys.full, BILLPAY_BASE_URL: base_url });
    }, 60_000);
  },
  ['--no-settlement'],
);
