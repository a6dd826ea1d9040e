/** The rendered reference docs work offline in a real browser and list every operation. */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chromiumMissing, launchChromium } from '../helpers/chromium.ts';
import { operations } from '../helpers/bundle.ts';
import { bin, projectRoot, run } from '../helpers/run.ts';

const html = join(projectRoot, 'dist/docs/index.html');
const screenshot = join(projectRoot, 'dist/docs-screenshot.png');

describe.skipIf(chromiumMissing)(`reference docs in headless Chromium${chromiumMissing ? ` (skipped: ${chromiumMissing})` : ''}`, () => {
  let browser: Browser;
  let page: Page;
  const requests: string[] = [];

  beforeAll(async () => {
    const r = run(bin('redocly'), ['build-docs', 'generated/openapi.json', '--output', html, '--inlineBundle']);
    expect(r.code, r.out).toBe(0);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    // Offline for real: every request that would leave the machine is aborted and recorded.
    await page.route(/^https?:/, (route) => { requests.push(route.request().url()); return route.abort(); });
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

  it('renders with the network blocked (no remote script, style or font is needed)', () => {
    // Redocly's footer badge asks for a remote logo; it is the only request, and blocking it changes nothing.
    expect(requests.filter((u) => !/\/logo[^/]*\.svg$/.test(u))).toEqual([]);
  });

  it('saves a screenshot under dist/', async () => {
    mkdirSync(join(projectRoot, 'dist'), { recursive: true });
    await page.screenshot({ path: screenshot, fullPage: false });
    expect(existsSync(screenshot) && statSync(screenshot).size).toBeGreaterThan(10_000);
  });
});
