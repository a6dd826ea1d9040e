/**
 * The rendered reference docs, as `npm run docs` builds them (scripts/docs.ts), in a real browser: they list every
 * operation, show the guide and code samples, and patterns in words without their regular expressions (shown able to
 * fail on a page built without `hideSchemaPattern`). That the page makes no request offline: docs-offline.test.ts.
 */
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { parse as parseYaml } from 'yaml';
import { chromiumMissing, launchChromium } from '../helpers/chromium.ts';
import { bundle, operations, type Json, type JsonObject } from '../helpers/bundle.ts';
import { bin, projectRoot, run } from '../helpers/run.ts';

// A page of its own (the server tests serve dist/docs/index.html at /docs): `npm run docs -- --output <file>`.
const html = join(projectRoot, 'dist/docs-browser/index.html');
const screenshot = join(projectRoot, 'dist/docs-screenshot.png');
const buildDocs = (output: string) =>
  run(process.execPath, ['--import', 'tsx', join(projectRoot, 'scripts/docs.ts'), '--output', output]);

/** Every `pattern` of the contract (not inside example values). */
const PATTERNS = ((): string[] => {
  const out = new Set<string>();
  const walk = (node: Json) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    if (typeof node.pattern === 'string') out.add(node.pattern);
    for (const [k, v] of Object.entries(node)) if (k !== 'example' && k !== 'examples' && !k.startsWith('x-')) walk(v);
  };
  walk(bundle);
  return [...out];
})();

describe.skipIf(chromiumMissing)(
  `reference docs in headless Chromium${chromiumMissing ? ` (skipped: ${chromiumMissing})` : ''}`,
  () => {
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
      // A budget for the work: the docs build (redocly) and a start of Chromium, spawned processes.
    }, 180_000);
    afterAll(async () => {
      await browser?.close();
    });

    /**
     * Whether `entry` shows in the side menu, expanding its `group` if that is collapsed. A click on a group's label
     * toggles it, so clicking whenever an entry is not (yet) visible could fold an expanding group shut again on a
     * busy machine (CI saw it once); the group is clicked only while it has no sub-menu.
     */
    const shownInMenu = async (entry: string, group: string): Promise<boolean> => {
      if (await page.getByText(entry, { exact: true }).first().isVisible()) return true;
      const label = page.getByRole('link', { name: group, exact: true }).first();
      const item = page.locator('[data-component-name="Menu/MenuItem"]').filter({ has: label }).last();
      if ((await item.locator(':scope > div > ul[data-component-name="Menu/Menu"]').count()) === 0) await label.click();
      return false;
    };

    it('lists all 31 operations by their summaries under their tags', async () => {
      const ops = operations();
      expect(ops).toHaveLength(31);
      for (const o of ops) {
        const tag = String((o.operation.tags as string[])[0]);
        const summary = String(o.operation.summary);
        await expect
          .poll(() => shownInMenu(summary, tag), {
            message: `${o.operationId}: '${summary}' under ${tag}`,
            timeout: 10_000,
          })
          .toBe(true);
      }
    });

    it('shows the purchases guide with its state diagram and the sandbox scenarios table', async () => {
      await expect.poll(() => page.getByRole('heading', { name: 'Sandbox scenarios' }).count()).toBeGreaterThan(0);
      await expect.poll(() => page.getByText('08022222222').count()).toBeGreaterThan(0);
      await expect.poll(() => page.getByText('biller reverses').count()).toBeGreaterThan(0);
    });

    it('shows the webhooks guide with both verification samples, and the eight webhooks we send', async () => {
      for (const heading of [
        'How webhooks work',
        'Verifying a delivery',
        'Rotating a secret',
        'Where deliveries may go',
      ]) {
        await expect
          .poll(() => page.getByRole('heading', { name: heading }).count(), { message: heading })
          .toBeGreaterThan(0);
      }
      await expect.poll(() => page.getByText('def verify_delivery(').count()).toBeGreaterThan(0);
      await expect.poll(() => page.getByText('export function verifyDelivery(').count()).toBeGreaterThan(0);
      const webhooks = Object.values(bundle.webhooks as JsonObject).map((w) =>
        String(((w as JsonObject).post as JsonObject).summary),
      );
      expect(webhooks).toHaveLength(8);
      for (const summary of webhooks) {
        await expect
          .poll(() => shownInMenu(summary, 'Webhooks'), { message: `webhook '${summary}'`, timeout: 10_000 })
          .toBe(true);
      }
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
      await p.evaluate(() =>
        document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))),
      );
      mkdirSync(join(projectRoot, 'dist'), { recursive: true });
      const shot = join(projectRoot, file);
      await p.screenshot({ path: shot, animations: 'disabled' });
      expect(existsSync(shot) && statSync(shot).size).toBeGreaterThan(20_000);
    };

    it('shows the curl sample of an operation, and saves a screenshot of it', async () => {
      const { p, panel } = await samplesPanel();
      try {
        await expect
          .poll(() => panel.innerText())
          .toContain('curl -s "https://api.billpay.ng/api/partners/sandbox/v1/account/balance"');
        expect(await panel.innerText()).toContain('Authorization: Bearer $BILL_PAYMENT_API_KEY');
        await shoot(p, panel, 'dist/docs-code-samples.png');
      } finally {
        await p.close();
      }
    });

    const docsConfig = parseYaml(readFileSync(join(projectRoot, 'redocly.yaml'), 'utf8')) as {
      openapi?: { codeSamples?: { languages?: { label?: string }[] } };
    };
    const tsListed = (docsConfig.openapi?.codeSamples?.languages ?? []).some((l) => l.label === 'TypeScript (client)');
    it.skipIf(!tsListed)(
      `shows the TypeScript sample of an operation${tsListed ? '' : ' (skipped: redocly.yaml has no openapi.codeSamples.languages entry labelled "TypeScript (client)")'}`,
      async () => {
        const { p, panel } = await samplesPanel();
        try {
          await panel.getByRole('button', { name: 'curl', exact: true }).click();
          await p.getByRole('menuitem', { name: 'TypeScript (client)', exact: true }).click();
          await expect
            .poll(() => panel.innerText())
            .toContain("import { createBillPaymentClient } from '@bill-payment/partner-client';");
          expect(await panel.innerText()).toContain('await client.account.balance()');
          await shoot(p, panel, 'dist/docs-code-samples-typescript.png');
        } finally {
          await p.close();
        }
      },
    );

    // Patterns are shown in words (their descriptions; test/contract/pattern-words.test.ts) and the raw regular
    // expressions hidden (`hideSchemaPattern` in redocly.yaml) — on a page built without that setting, they show.
    const visiblePatterns = async (file: string) => {
      const p = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
      await p.route(/^https?:/, (route) => route.abort());
      try {
        await p.goto(`${pathToFileURL(file).href}#/purchases/createelectricitypurchase`, { waitUntil: 'load' });
        const section = p.locator('[data-section-id="/purchases/createelectricitypurchase"]').first();
        await section.waitFor({ timeout: 20_000 });
        await expect.poll(() => section.innerText()).toContain('11 to 13 digits, such as 45678901234'); // MeterNumber's words
        const text = await p.evaluate(() => document.body.innerText);
        return PATTERNS.filter((pattern) => text.includes(pattern));
      } finally {
        await p.close();
      }
    };

    it('shows patterns in words, and none of the regular expressions', async () => {
      expect(PATTERNS).toContain('^[0-9]{11,13}$');
      expect(await visiblePatterns(html)).toEqual([]);
    });

    it('would show the regular expressions without hideSchemaPattern (the check can fail)', async () => {
      const shown = join(projectRoot, 'dist/docs-browser/patterns-shown.html');
      const r = run(bin('redocly'), [
        'build-docs',
        'generated/openapi.json',
        '--output',
        shown,
        '--inlineBundle',
        '--openapi.hideSchemaPattern=false',
      ]);
      expect(r.code, r.out).toBe(0);
      expect(await visiblePatterns(shown)).toContain('^[0-9]{11,13}$');
      // A budget for the work: a build of the docs page by redocly, a spawned process.
    }, 120_000);

    it('saves a screenshot under dist/', async () => {
      mkdirSync(join(projectRoot, 'dist'), { recursive: true });
      await page.screenshot({ path: screenshot, fullPage: false });
      expect(existsSync(screenshot) && statSync(screenshot).size).toBeGreaterThan(10_000);
    });
  },
);
