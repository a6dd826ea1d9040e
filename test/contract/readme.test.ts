/**
 * README.md does what it says:
 * - its "Webhooks" section runs as written against a reference server with demo data: step 1's shell registers an
 *   endpoint, step 2's `receiver.mjs` (the stock `standardwebhooks` package) verifies the deliveries and refuses a
 *   forged one, step 3's shell buys a purchase that is pending, then successful, and reads the events and deliveries
 *   back, step 4's sends the newest event again (with its `Idempotency-Key`) and the receiver gets it. The only edits: `KEY` and `B` are the test server's sandbox key and base URL (the README's earlier block
 *   sets them the same way), and the receiver's port 4000 is a free one;
 * - the files it has you write inside the repository (`--demo-keys keys.json`) are git-ignored;
 * - it says `TEST_REDIS_URL` is read by the robustness suite, which is the only code that reads it;
 * - its opening paragraph says what the API does, purchases and webhooks included.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bash } from '../helpers/bash.ts';
import { projectRoot } from '../helpers/run.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

// A budget for the work of a test that runs git or npm pack, spawned processes.
const GIT_NPM_BUDGET = 120_000;

const README = readFileSync(join(projectRoot, 'README.md'), 'utf8');

/** The text of a `###`/`##` section, up to the next heading of the same or a higher level. */
function section(title: string): string {
  const start = README.indexOf(`\n${title}\n`);
  if (start < 0) throw new Error(`README.md has no section ${JSON.stringify(title)}`);
  const level = title.split(' ')[0]!;
  const rest = README.slice(start + title.length + 2);
  const end = rest.search(new RegExp(`\\n#{2,${level.length}} `));
  return end < 0 ? rest : rest.slice(0, end);
}
const blocks = (text: string) =>
  [...text.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1]!, code: m[2]! }));

function replaceOnce(text: string, from: string, to: string): string {
  expect(text.split(from).length - 1, `README example: ${JSON.stringify(from)} once`).toBe(1);
  return text.replace(from, to);
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

describe('README.md, Webhooks: the four steps as written', () => {
  let srv: TestServer;
  let receiver: ChildProcess | undefined;
  let work: string;
  const printed: string[] = [];
  beforeAll(async () => {
    srv = await startTestServer([], { WEBHOOK_INTERVAL_MS: '50', SETTLEMENT_INTERVAL_MS: '100' });
    work = mkdtempSync(join(tmpdir(), 'readme-webhooks-'));
    symlinkSync(join(projectRoot, 'node_modules'), join(work, 'node_modules')); // the repository's standardwebhooks
  }, 90_000);
  afterAll(async () => {
    receiver?.kill();
    await srv?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('registers an endpoint, verifies its deliveries with standardwebhooks (and refuses a forged one), reads them back, redelivers', async () => {
    const steps = blocks(section('### Webhooks'));
    expect(steps.map((b) => b.lang)).toEqual(['sh', 'js', 'sh', 'sh']);
    const port = await freePort();
    const env = { KEY: srv.demoKeys!.sandbox.keys.full, B: srv.demoKeys!.sandbox.base_url };

    // 1. Register.
    const register = replaceOnce(steps[0]!.code, '127.0.0.1:4000', `127.0.0.1:${port}`);
    const one = await bash(`${register}\nprintf '%s\\n%s\\n' "$WEBHOOK_ID" "$WEBHOOK_SECRET"`, env);
    expect(one.code, one.stderr).toBe(0);
    const [id, secret] = one.stdout.trim().split('\n');
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);

    // 2. Receive: the README's receiver.mjs, as `node receiver.mjs &` would run it.
    writeFileSync(join(work, 'receiver.mjs'), replaceOnce(steps[1]!.code, '.listen(4000,', `.listen(${port},`));
    receiver = spawn(process.execPath, ['receiver.mjs'], {
      cwd: work,
      env: { ...process.env, WEBHOOK_SECRET: secret! },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    receiver
      .stdout!.setEncoding('utf8')
      .on('data', (chunk: string) => printed.push(...chunk.split('\n').filter(Boolean)));
    const hook = `http://127.0.0.1:${port}/hooks`;
    await expect
      .poll(async () => (await fetch(hook, { method: 'POST', body: '{}' }).catch(() => null))?.status, {
        timeout: 10_000,
      })
      .toBe(400);
    // A delivery signed with another secret, or a body changed after signing, is refused.
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
      'webhook-signature': 'v1,' + Buffer.alloc(32).toString('base64'),
    };
    expect((await fetch(hook, { method: 'POST', headers, body: '{"type":"transaction.successful"}' })).status).toBe(
      400,
    );

    // 3. Buy, then read the events and the deliveries back.
    const three = await bash(steps[2]!.code, { ...env, WEBHOOK_ID: id! });
    expect(three.code, three.stderr).toBe(0);
    const purchase = /^\{"status":\{"code":201[^\n]*?"data":\{"id":"([0-9a-f-]{36})"/.exec(three.stdout);
    expect(purchase, three.stdout.slice(0, 300)).not.toBeNull();
    const tx = purchase![1]!;
    await expect
      .poll(() => printed.filter((l) => l.includes(tx)), { timeout: 20_000 })
      .toEqual([`transaction.pending ${tx} pending`, `transaction.successful ${tx} successful`]);
    // The purchase, then its two events in the event list.
    expect(three.stdout.split(`"data":{"id":"${tx}"`).length - 1).toBe(3);
    // The endpoint's log holds this purchase's two events, delivered (and the demo's own purchases settling meanwhile).
    const read = async (path: string) =>
      (
        (await (await fetch(`${env.B}${path}`, { headers: { Authorization: `Bearer ${env.KEY}` } })).json()) as {
          data: any[];
        }
      ).data;
    const events = new Set((await read(`/events?transaction_id=${tx}`)).map((e) => e.id as string));
    expect(events.size).toBe(2);
    const delivered = (await read(`/webhooks/${id}/deliveries?per_page=100`)).filter((d) =>
      events.has(d.attributes.event_id),
    );
    expect(delivered.map((d) => [d.attributes.event_type, d.attributes.status]).sort()).toEqual([
      ['transaction.pending', 'delivered'],
      ['transaction.successful', 'delivered'],
    ]);

    // 4. Send the newest event again (a POST with its Idempotency-Key): a new delivery, which the receiver verified
    // (it answers 2xx to nothing else).
    const four = await bash(steps[3]!.code, { ...env, WEBHOOK_ID: id! });
    expect(four.code, four.stderr).toBe(0);
    const redelivery = JSON.parse(four.stdout) as {
      status: { code: number };
      data: { id: string; attributes: { event_id: string; trigger: string } };
    };
    expect([redelivery.status.code, redelivery.data.attributes.trigger]).toEqual([201, 'redelivery']);
    const status = async () =>
      (
        (await (
          await fetch(`${env.B}/webhooks/${id}/deliveries/${redelivery.data.id}`, {
            headers: { Authorization: `Bearer ${env.KEY}` },
          })
        ).json()) as { data: { attributes: { status: string } } }
      ).data.attributes.status;
    await expect.poll(status, { timeout: 20_000 }).toBe('delivered');
  }, 90_000);
});

describe('README.md, what it says about the repository', () => {
  it(
    'every file it has you write inside the repository is git-ignored (keys.json)',
    () => {
      // Paths, not the option table's placeholder (`--demo-keys FILE`).
      const written = [...README.matchAll(/--demo-keys\s+([\w./-]+\.\w+)/g)]
        .map((m) => m[1]!)
        .filter((f) => !f.startsWith('/'));
      expect(written).toContain('keys.json');
      for (const f of written) {
        const r = spawnSync('git', ['check-ignore', '--no-index', '-q', f], { cwd: projectRoot });
        expect(r.status, `git check-ignore ${f}`).toBe(0);
      }
    },
    GIT_NPM_BUDGET,
  );

  it(
    'the tarball `npm pack` writes in client/ (client/README.md, Install) is git-ignored',
    () => {
      const client = JSON.parse(readFileSync(join(projectRoot, 'client/package.json'), 'utf8')) as {
        name: string;
        version: string;
      };
      // npm pack's file name: the scope's @ dropped, its / made a -.
      const tarball = `client/${client.name.replace(/^@/, '').replace('/', '-')}-${client.version}.tgz`;
      expect(readFileSync(join(projectRoot, 'client/README.md'), 'utf8')).toMatch(/^cd \S*client && npm pack\b/m);
      const r = spawnSync('git', ['check-ignore', '--no-index', '-q', tarball], { cwd: projectRoot });
      expect(r.status, `git check-ignore ${tarball}`).toBe(0);
    },
    GIT_NPM_BUDGET,
  );

  it(
    "says TEST_REDIS_URL is the robustness suite's, and only the robustness suite reads it",
    () => {
      // Code that reads the variable from the environment (a property access on env), not text that names it, as this file does.
      const readers = spawnSync(
        'git',
        ['grep', '-l', '-E', String.raw`env(\.|\[['"])TEST_REDIS_URL`, '--', '*.ts', '*.mjs', '*.js', '*.sh', '.ci/*'],
        { cwd: projectRoot, encoding: 'utf8' },
      )
        .stdout.split('\n')
        .filter(Boolean);
      expect(readers.length).toBeGreaterThan(0);
      for (const f of readers) expect(f, 'reads TEST_REDIS_URL').toMatch(/^test\/robustness\//);
      const sentences = README.split(/\n\n+/)
        .flatMap((p) => p.replace(/\n/g, ' ').split(/\.\s+(?=[A-Z])/))
        .filter((s) => s.includes('TEST_REDIS_URL'));
      expect(sentences.length).toBeGreaterThan(0);
      for (const s of sentences) expect(s, 'a sentence naming TEST_REDIS_URL').toMatch(/robustness/);
    },
    GIT_NPM_BUDGET,
  );

  it('opens with what the API does, purchases and webhooks included', () => {
    const opening = README.split(/\n\n/)[1]!;
    for (const word of ['account', 'balance', 'transactions', 'buy', 'webhooks', 'sandbox'])
      expect(opening.toLowerCase()).toContain(word);
  });
});
