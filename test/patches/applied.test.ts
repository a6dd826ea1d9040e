/**
 * Every file in patches/ is applied to the installed package it names, at the version it was made for, and `npm ci`
 * applies them (postinstall). Checked with patch-package's own parser and applier in dry-run mode: the patch applied
 * in reverse cleanly (it is in place) and forwards it does not (it is not merely applicable). Nothing is written.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/run.ts';

type Effects = unknown[];
const fromPatchPackage = createRequire(createRequire(import.meta.url).resolve('patch-package/package.json'));
const { parsePatchFile } = fromPatchPackage('./dist/patch/parse') as { parsePatchFile: (text: string) => Effects };
const { reversePatch } = fromPatchPackage('./dist/patch/reverse') as { reversePatch: (effects: Effects) => Effects };
const { executeEffects } = fromPatchPackage('./dist/patch/apply') as {
  executeEffects: (effects: Effects, opts: { dryRun: boolean; cwd: string; bestEffort: boolean }) => void;
};
const { getPackageDetailsFromPatchFilename } = fromPatchPackage('./dist/PackageDetails') as {
  getPackageDetailsFromPatchFilename: (file: string) => { name: string; version: string; path: string } | null;
};

const patchesDir = join(projectRoot, 'patches');
const patchFiles = readdirSync(patchesDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.patch'));

function applies(effects: Effects): boolean {
  try {
    executeEffects(effects, { dryRun: true, cwd: projectRoot, bestEffort: false });
    return true;
  } catch {
    return false;
  }
}

describe('patches/', () => {
  it('holds the validator, Prism and Newman patches', () => {
    expect(patchFiles.sort()).toEqual(['@stoplight+prism-http+5.12.0.patch', 'express-openapi-validator+5.6.2.patch', 'newman+6.2.2.patch']);
  });

  it.each(patchFiles)('%s is made for the installed version and is in place', (file) => {
    const details = getPackageDetailsFromPatchFilename(file);
    expect(details).not.toBeNull();
    const installed = JSON.parse(readFileSync(join(projectRoot, details!.path, 'package.json'), 'utf8')) as { name: string; version: string };
    expect(installed).toMatchObject({ name: details!.name, version: details!.version });
    const effects = parsePatchFile(readFileSync(join(patchesDir, file), 'utf8'));
    expect(effects.length).toBeGreaterThan(0);
    expect(applies(reversePatch(effects))).toBe(true);
    expect(applies(effects)).toBe(false);
  });

  it('are applied by npm ci, which fails if one no longer applies', () => {
    const pkg = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.postinstall).toBe('patch-package --error-on-fail');
  });
});
