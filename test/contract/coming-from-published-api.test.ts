/**
 * The docs page "Coming from the published partner API" (openapi/coming-from-published-api.md) does what it says:
 * - it is part of the docs the server serves: the description of a trait tag of the contract (openapi.yaml `tags`,
 *   `x-traitTag`), so the bundle carries it as written and Redoc shows it as a section of the side menu, with its
 *   headings, beside the introduction's;
 * - each of its purchase flows (airtime, data, electricity, cable TV) runs as written against the reference server,
 *   on the embedded store and on PostgreSQL: the sample's shell block, with only the sandbox URL swapped for the test
 *   server's, verifies (electricity, cable TV), buys with a reference and no Idempotency-Key (201 pending), sends the
 *   same order again (409 DUPLICATE_REFERENCE naming the purchase, nothing bought), finds the purchase by its
 *   reference, reads it by id and queries it (successful at once in the sandbox); the wallet is debited once. The
 *   server runs without its settlement worker, so only the query can settle the purchase.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bash } from '../helpers/bash.ts';
import { chromiumMissing, launchChromium } from '../helpers/chromium.ts';
import { bundle, operations, type JsonObject } from '../helpers/bundle.ts';
import { projectRoot, run } from '../helpers/run.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const PAGE_FILE = 'openapi/coming-from-published-api.md';
const PAGE = readFileSync(join(projectRoot, PAGE_FILE), 'utf8');
const TITLE = 'Coming from the published partner API';
/** The sandbox server of the contract, as the samples write it (the one thing the test swaps). */
const SANDBOX = 'https://api.billpay.ng/api/partners/sandbox/v1';
const PG_URL = process.env.TEST_DATABASE_URL;

/** The page's `## ` sections by title. */
const sections = new Map(
  PAGE.split(/^## /m)
    .slice(1)
    .map((s) => [s.slice(0, s.indexOf('\n')), s] as const),
);

/** The flows: each `### ` heading of the paying section and its one shell block. */
const FLOWS = (() => {
  const paying = [...sections.entries()].find(([title]) => title.startsWith('Paying'))?.[1] ?? '';
  return paying
    .split(/^### /m)
    .slice(1)
    .map((s) => {
      const blocks = [...s.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
      return { name: s.slice(0, s.indexOf('\n')), blocks };
    });
})();

/** What each flow buys: the transaction's product_type, and the verification's resource type when it verifies. */
const KINDS: Record<string, { product_type: string; verifies?: string }> = {
  Airtime: { product_type: 'airtime' },
  Data: { product_type: 'dataplan' },
  Electricity: { product_type: 'electricity', verifies: 'meter' },
  'Cable TV': { product_type: 'cabletv', verifies: 'smartcard' },
};

/**
 * The JSON texts of `curl -s` answers printed one after the other: curl adds no newline after a body, so the output
 * is JSON texts back to back, which JSON.parse cannot split. Each answer is one object: split at the end of each
 * top-level object (depth back to 0 outside strings), then parse each.
 */
function jsonTexts(out: string): unknown[] {
  const values: unknown[] = [];
  let depth = 0;
  let inString = false;
  let start = -1;
  for (let i = 0; i < out.length; i++) {
    const c = out[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') {
      if (depth++ === 0) start = i;
    } else if (c === '}' && --depth === 0) values.push(JSON.parse(out.slice(start, i + 1)));
  }
  expect(depth, `unterminated JSON in the output: ${out.slice(start, start + 200)}`).toBe(0);
  return values;
}

const kobo = (amount: string) => Math.round(Number(amount) * 100);

describe(`the docs page "${TITLE}"`, () => {
  it('is a trait tag of the contract whose description is the page as written, so the docs show it', () => {
    const tags = bundle.tags as JsonObject[];
    const tag = tags.find((t) => t.name === TITLE);
    expect(tag, `a tag named ${TITLE}`).toBeDefined();
    expect(tag!['x-traitTag']).toBe(true);
    expect(tag!.description).toBe(PAGE);
  });

  it('lists what a client changes and has one flow per product kind, each one shell block', () => {
    expect([...sections.keys()][0]).toBe('What a client changes');
    expect(FLOWS.map((f) => f.name)).toEqual(Object.keys(KINDS));
    for (const f of FLOWS) {
      expect(f.blocks, f.name).toHaveLength(1);
      expect(f.blocks[0]!.split(`B=${SANDBOX}\n`), `${f.name}: sets B to the sandbox URL once`).toHaveLength(2);
    }
  });
});

/**
 * The operations the flows use that this contract gained with the published API's purchases. Until they are all in
 * the contract the flows cannot run, and say so in their title (a skip, not a pass).
 */
const NEEDED = ['createPurchase', 'verifyPurchase', 'getPurchase', 'queryPurchase'];
const missing = NEEDED.filter((id) => !operations().some((o) => o.operationId === id));
const skipped = missing.length ? ` (skipped: the contract has no ${missing.join(', ')} yet)` : '';

const stores: [label: string, driver: 'pglite' | 'postgres', enabled: boolean][] = [
  [`the embedded store${skipped}`, 'pglite', !missing.length],
  [
    `PostgreSQL${skipped || (PG_URL ? '' : ' (skipped: TEST_DATABASE_URL not set)')}`,
    'postgres',
    !!PG_URL && !missing.length,
  ],
];

describe.each(stores)('its purchase flows, run as written against the reference server on %s', (_, driver, enabled) => {
  let srv: TestServer;
  const schema = `published_docs_${process.pid}_${Date.now()}`;
  const pgClient = async (q: string) => {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };
  beforeAll(async () => {
    if (!enabled) return;
    const env: Record<string, string> = {};
    if (driver === 'postgres') {
      await pgClient(`CREATE SCHEMA ${schema}`);
      env.DATABASE_URL = `${PG_URL}${PG_URL!.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    }
    // No settlement worker: a pending purchase stays pending until the sample's query moves it on.
    srv = await startTestServer(['--no-settlement'], env);
    expect(srv.store.driver).toBe(driver);
  }, 90_000);
  afterAll(async () => {
    await srv?.stop();
    if (enabled && driver === 'postgres') await pgClient(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  });

  it.skipIf(!enabled).each(FLOWS.map((f) => [f.name, f.blocks[0]!] as const))(
    '%s: (verify,) buy with a reference (201 pending), the same order again (409, nothing bought), found by reference, read by id, queried to successful',
    async (name, block) => {
      const kind = KINDS[name]!;
      const sandbox = srv.demoKeys!.sandbox;
      const headers = { Authorization: `Bearer ${sandbox.keys.full}` };
      const balance = async () =>
        kobo(
          (
            (await (await fetch(`${sandbox.base_url}/account/balance`, { headers })).json()) as {
              data: { balance: string };
            }
          ).data.balance,
        );
      const before = await balance();

      const r = await bash(block.replace(`B=${SANDBOX}\n`, `B=${sandbox.base_url}\n`), {
        BILL_PAYMENT_API_KEY: sandbox.keys.full,
      });
      expect(r.code, `${r.stderr}\nthe answers so far: ${r.stdout.slice(-1500)}`).toBe(0);
      const answers = jsonTexts(r.stdout) as any[];
      expect(
        answers.map((a) => a.status?.code),
        r.stdout.slice(0, 2000),
      ).toEqual([...(kind.verifies ? [200] : []), 201, 409, 200, 200]);
      if (kind.verifies) expect(answers.shift().data.type).toBe(kind.verifies);
      const [bought, again, read, queried] = answers;

      const tx = bought.data;
      expect(tx.attributes).toMatchObject({ status: 'pending', product_type: kind.product_type, category: 'purchase' });
      expect(tx.attributes.external_reference).toMatch(/^\d{10}[A-Za-z0-9]{6}$/);
      // The reference is the partner's own: its Unix seconds, now (give or take the run).
      expect(Math.abs(Number(tx.attributes.external_reference.slice(0, 10)) - Date.now() / 1000)).toBeLessThan(120);

      expect(again.error.code).toBe('DUPLICATE_REFERENCE');
      expect(JSON.stringify(again.error), 'the 409 names the purchase').toContain(tx.id);

      expect(read.data.id).toBe(tx.id);
      expect(read.data.attributes).toMatchObject({
        status: 'pending',
        external_reference: tx.attributes.external_reference,
      });

      expect(queried.data.id).toBe(tx.id);
      expect(queried.data.attributes.status).toBe('successful');
      if (kind.product_type === 'electricity') expect(queried.data.attributes.token).toMatch(/^\d{20}$/);

      // One purchase, one debit: the order sent twice cost its total debit once.
      expect(before - (await balance())).toBe(kobo(tx.attributes.price.total_debit));
    },
    90_000,
  );
});

/** The page's headings (`## ` and `### `), in order. */
const HEADINGS = [...PAGE.matchAll(/^#{2,3} (.+)$/gm)].map((m) => m[1]!);
const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

describe.skipIf(chromiumMissing)(`the rendered docs${chromiumMissing ? ` (skipped: ${chromiumMissing})` : ''}`, () => {
  it('show the page as a section of the side menu: each heading a menu entry that shows it, each flow its sample', async () => {
    // A page of its own (the server serves dist/docs/index.html, built the same way by `npm run docs`).
    const html = join(projectRoot, 'dist/docs-published-api/index.html');
    const built = run(process.execPath, ['--import', 'tsx', join(projectRoot, 'scripts/docs.ts'), '--output', html]);
    expect(built.code, built.out).toBe(0);
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
      await page.route(/^https?:/, (route) => route.abort());
      await page.goto(pathToFileURL(html).href, { waitUntil: 'load' });
      const title = page.getByRole('link', { name: TITLE, exact: true }).first();
      await title.click({ timeout: 20_000 });
      await expect
        .poll(() =>
          page
            .getByText(PAGE.slice(0, PAGE.indexOf(' — ')))
            .first()
            .isVisible(),
        )
        .toBe(true);
      // Redoc renders the sections near the one shown: each is reached by its own menu entry, under the page's.
      const entry = page.locator('[data-component-name="Menu/MenuItem"]').filter({ has: title }).last();
      expect(HEADINGS).toEqual(expect.arrayContaining([...sections.keys(), ...FLOWS.map((f) => f.name)]));
      for (const heading of HEADINGS) {
        await entry.getByRole('link', { name: heading, exact: true }).first().click();
        await expect
          .poll(
            () =>
              page
                .locator('h2, h3')
                .filter({ hasText: exactly(heading) })
                .first()
                .isVisible(),
            {
              message: heading,
              timeout: 10_000,
            },
          )
          .toBe(true);
        const flow = FLOWS.find((f) => f.name === heading);
        if (flow) {
          const products = /"\$B(\/products\/[^"]+)"/.exec(flow.blocks[0]!)![1]!;
          expect(await page.getByText(products).first().isVisible(), `${heading}: ${products}`).toBe(true);
        }
      }
    } finally {
      await browser.close();
    }
  }, 120_000);
});
