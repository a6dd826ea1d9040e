/**
 * The rendered reference docs, as `npm run docs` builds them (scripts/docs.ts), in a real browser: they list every
 * operation and show the guide and code samples; and opened from a file with the network unavailable they make no
 * request to any host (helpers/page-requests.ts records every request, the favicon included) — shown able to fail
 * on copies that ask a host for a favicon or a font, and on the page as Redocly writes it before scripts/docs.ts.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { parse as parseYaml } from 'yaml';
import { chromiumMissing, launchChromium } from '../helpers/chromium.ts';
import { operations } from '../helpers/bundle.ts';
import { leaving, pageRequests, type PageRequest } from '../helpers/page-requests.ts';
import { bin, projectRoot, run } from '../helpers/run.ts';

// A page of its own (the server tests serve dist/docs/index.html at /docs): `npm run docs -- --output <file>`.
const html = join(projectRoot, 'dist/docs-browser/index.html');
const screenshot = join(projectRoot, 'dist/docs-screenshot.png');
const buildDocs = (output: string) => run(process.execPath, ['--import', 'tsx', join(projectRoot, 'scripts/docs.ts'), '--output', output]);

describe.skipIf(chromiumMissing)(`reference docs in headless Chromium${chromiumMissing ? ` (skipped: ${chromiumMissing})` : ''}`, () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    const r = buildDocs(html);
    expect(r.code, r.out).toBe(0);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    // Nothing may leave the machine (the offline proof is the describe at the end).
    await page.route(/^https?:/, (route) => route.abort());
    await page.goto(pathToFileURL(html).href, { waitUntil: 'load' });
    await page.getByText('Bill-Payment Partner API').first().waitFor({ timeout: 20_000 });
  });
  afterAll(async () => { await browser?.close(); });

  it('lists all 16 operations by their summaries under their tags', async () => {
    const ops = operations();
    expect(ops).toHaveLength(16);
    for (const o of ops) {
      const tag = String((o.operation.tags as string[])[0]);
      const summary = String(o.operation.summary);
      const entry = page.getByText(summary, { exact: true }).first();
      if (!(await entry.isVisible())) await page.getByRole('link', { name: tag, exact: true }).first().click();
      await expect.poll(() => entry.isVisible(), { message: `${o.operationId}: '${summary}' under ${tag}` }).toBe(true);
    }
  });

  it('shows the purchases guide with its state diagram and the sandbox scenarios table', async () => {
    await expect.poll(() => page.getByRole('heading', { name: 'Sandbox scenarios' }).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('08022222222').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('biller reverses').count()).toBeGreaterThan(0);
  });

  it('shows the authentication section and the bearer scheme', async () => {
    await expect.poll(() => page.getByRole('heading', { name: 'Authentication' }).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('bearerAuth').count()).toBeGreaterThan(0);
  });

  // x-codeSamples (test/contract/code-samples.test.ts runs them) in the request-samples panel of one operation, on
  // a page of its own so the tests above keep theirs. Redoc 3 shows only the languages of its `codeSamples.languages`
  // setting (default: curl, JavaScript, Node.js, Python…): the TypeScript sample appears only when redocly.yaml lists
  // it (`openapi: { codeSamples: { languages: [{ lang: curl }, { lang: TypeScript, label: TypeScript (client) }] } }`).
  const samplesPanel = async () => {
    const p = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await p.route(/^https?:/, (route) => route.abort());
    await p.goto(`${pathToFileURL(html).href}#/account/getaccountbalance`, { waitUntil: 'load' });
    const section = p.locator('[data-section-id="/account/getaccountbalance"]').first();
    await section.waitFor({ timeout: 20_000 });
    const panel = section.locator('.panel-request-samples').first();
    await panel.locator('code').first().waitFor({ state: 'visible', timeout: 20_000 });
    return { p, panel };
  };
  // The operation with its samples panel: scrolled to, fonts loaded, painted (an early shot can come out blank).
  const shoot = async (p: Page, panel: Locator, file: string) => {
    await panel.scrollIntoViewIfNeeded();
    await p.evaluate(() => document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))));
    mkdirSync(join(projectRoot, 'dist'), { recursive: true });
    const shot = join(projectRoot, file);
    await p.screenshot({ path: shot, animations: 'disabled' });
    expect(existsSync(shot) && statSync(shot).size).toBeGreaterThan(20_000);
  };

  it('shows the curl sample of an operation, and saves a screenshot of it', async () => {
    const { p, panel } = await samplesPanel();
    try {
      await expect.poll(() => panel.innerText()).toContain('curl -s "https://api.billpay.ng/api/partners/sandbox/v1/account/balance"');
      expect(await panel.innerText()).toContain('Authorization: Bearer $BILL_PAYMENT_API_KEY');
      await shoot(p, panel, 'dist/docs-code-samples.png');
    } finally {
      await p.close();
    }
  });

  const docsConfig = parseYaml(readFileSync(join(projectRoot, 'redocly.yaml'), 'utf8')) as { openapi?: { codeSamples?: { languages?: { label?: string }[] } } };
  const tsListed = (docsConfig.openapi?.codeSamples?.languages ?? []).some((l) => l.label === 'TypeScript (client)');
  it.skipIf(!tsListed)(`shows the TypeScript sample of an operation${tsListed ? '' : ' (skipped: redocly.yaml has no openapi.codeSamples.languages entry labelled "TypeScript (client)")'}`, async () => {
    const { p, panel } = await samplesPanel();
    try {
      await panel.getByRole('button', { name: 'curl', exact: true }).click();
      await p.getByRole('menuitem', { name: 'TypeScript (client)', exact: true }).click();
      await expect.poll(() => panel.innerText()).toContain("import { createBillPaymentClient } from '@bill-payment/partner-client';");
      expect(await panel.innerText()).toContain('await client.account.balance()');
      await shoot(p, panel, 'dist/docs-code-samples-typescript.png');
    } finally {
      await p.close();
    }
  });

  it('saves a screenshot under dist/', async () => {
    mkdirSync(join(projectRoot, 'dist'), { recursive: true });
    await page.screenshot({ path: screenshot, fullPage: false });
    expect(existsSync(screenshot) && statSync(screenshot).size).toBeGreaterThan(10_000);
  });
});

/** What a reader does: the page rendered, scrolled to its end, the sidebar collapsed (Redoc's small footer logo) and
 * opened again, the colour mode switched; then a second for anything lazy to ask. */
async function readThrough(page: Page): Promise<void> {
  await page.getByText('Bill-Payment Partner API').first().waitFor({ timeout: 30_000 });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole('button', { name: 'Hide sidebar' }).first().click();
  await page.getByTestId('color-mode-switcher').first().click();
  await page.getByRole('button', { name: 'Show sidebar' }).first().click();
  await page.waitForTimeout(1_000);
}

describe.skipIf(chromiumMissing)(`the docs page offline${chromiumMissing ? ` (skipped: ${chromiumMissing})` : ''}`, () => {
  mkdirSync(join(projectRoot, 'dist'), { recursive: true });
  const work = mkdtempSync(join(projectRoot, 'dist', 'docs-offline-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  /** A copy of the built page with `edit` applied (which must change it). */
  const copyWith = (name: string, edit: (page: string) => string) => {
    const before = readFileSync(html, 'utf8');
    const after = edit(before);
    expect(after).not.toBe(before);
    const file = join(work, `${name}.html`);
    writeFileSync(file, after);
    return file;
  };

  let built: PageRequest[];
  beforeAll(async () => {
    if (!existsSync(html)) expect(buildDocs(html).code).toBe(0); // this describe run alone
    built = await pageRequests(html, readThrough);
  }, 90_000);

  it("asks no host for anything: every request is to the file itself, inline data, a blank document or the page's own blobs", () => {
    expect(built.some((r) => r.url === pathToFileURL(html).href)).toBe(true); // the recorder saw the page load
    expect(leaving(built)).toEqual([]);
  });

  // The same recorder on copies that break the promise: each remote request is caught, by the recorder that can see it.
  it.each([
    ['a remote favicon', 'https://icons.example.invalid/favicon.ico', 'netlog favicon_loader',
      (p: string) => p.replace('<link rel="icon" href="data:,">', '<link rel="icon" href="https://icons.example.invalid/favicon.ico">')],
    ['a remote web font', 'https://fonts.example.invalid/css?family=Roboto', 'playwright',
      (p: string) => p.replace('<head>', '<head>\n  <link rel="stylesheet" href="https://fonts.example.invalid/css?family=Roboto">')],
  ])('fails on a copy with %s', async (name, url, seenBy, edit) => {
    const requests = await pageRequests(copyWith(name.replaceAll(' ', '-'), edit), readThrough);
    expect(leaving(requests)).toContain(`${url} — ${seenBy}`);
  }, 90_000);

  it("fails on the page as Redocly writes it, before scripts/docs.ts removes the footer's remote logo", async () => {
    const raw = join(work, 'raw.html');
    const r = run(bin('redocly'), ['build-docs', 'generated/openapi.json', '--output', raw, '--inlineBundle']);
    expect(r.code, r.out).toBe(0);
    expect(leaving(await pageRequests(raw, readThrough)).join('\n')).toMatch(/^https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(-full)?\.svg — playwright$/m);
  }, 120_000);
});
