/**
 * The docs page as `npm run docs` builds it (scripts/docs.ts), opened from a file in headless Chromium with the
 * network unavailable, sends no request anywhere but to itself: no CDN, font, logo or favicon from a host.
 * helpers/page-requests.ts records every request (Playwright's events and Chromium's net log, which alone sees the
 * favicon). Shown able to fail: on copies that ask a host for a favicon or a web font, and on the page as Redocly
 * writes it, before scripts/docs.ts removes its footer's remote logo.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumMissing } from '../helpers/chromium.ts';
import { leaving, pageRequests, type PageRequest } from '../helpers/page-requests.ts';
import { bin, projectRoot, run } from '../helpers/run.ts';

// A page of its own: `npm run docs -- --output <file>`.
const html = join(projectRoot, 'dist/docs-offline/index.html');

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

describe.skipIf(chromiumMissing)(
  `the docs page offline${chromiumMissing ? ` (skipped: ${chromiumMissing})` : ''}`,
  () => {
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
      const r = run(process.execPath, ['--import', 'tsx', join(projectRoot, 'scripts/docs.ts'), '--output', html]);
      expect(r.code, r.out).toBe(0);
      built = await pageRequests(html, readThrough);
    }, 90_000);

    it("asks no host for anything: every request is to the file itself, inline data, a blank document or the page's own blobs", () => {
      expect(built.some((r) => r.url === pathToFileURL(html).href)).toBe(true); // the recorder saw the page load
      expect(leaving(built)).toEqual([]);
    });

    // The same recorder on copies that break the promise: each remote request is caught, by the recorder that can see it.
    it.each([
      [
        'a remote favicon',
        'https://icons.example.invalid/favicon.ico',
        'netlog favicon_loader',
        (p: string) =>
          p.replace(
            '<link rel="icon" href="data:,">',
            '<link rel="icon" href="https://icons.example.invalid/favicon.ico">',
          ),
      ],
      [
        'a remote web font',
        'https://fonts.example.invalid/css?family=Roboto',
        'playwright',
        (p: string) =>
          p.replace(
            '<head>',
            '<head>\n  <link rel="stylesheet" href="https://fonts.example.invalid/css?family=Roboto">',
          ),
      ],
    ])(
      'fails on a copy with %s',
      async (name, url, seenBy, edit) => {
        const requests = await pageRequests(copyWith(name.replaceAll(' ', '-'), edit), readThrough);
        expect(leaving(requests)).toContain(`${url} — ${seenBy}`);
      },
      90_000,
    );

    it("fails on the page as Redocly writes it, before scripts/docs.ts removes the footer's remote logo", async () => {
      const raw = join(work, 'raw.html');
      const r = run(bin('redocly'), ['build-docs', 'generated/openapi.json', '--output', raw, '--inlineBundle']);
      expect(r.code, r.out).toBe(0);
      expect(leaving(await pageRequests(raw, readThrough)).join('\n')).toMatch(
        /^https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(-full)?\.svg — playwright$/m,
      );
    }, 120_000);
  },
);
