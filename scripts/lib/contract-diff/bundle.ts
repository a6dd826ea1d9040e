/**
 * The contract as `openapi/` says it now: the bundle `npm run generate` writes to generated/openapi.json, built in
 * memory. The breaking-change gate judges this, not generated/, so an edit of openapi/ that was never regenerated is
 * judged all the same; scripts/generate.ts writes generated/openapi.json from it, so the two cannot differ.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OpenApiDoc } from './engine.ts';

const project = new URL('../../../', import.meta.url).pathname;

export const GENERATED_NOTE =
  'DO NOT EDIT: written by `npm run generate` from openapi/. Edit the contract, then regenerate.';
/** The API of redocly.yaml whose root is openapi/openapi.yaml. */
export const API_NAME = 'partner-api';
export const CONTRACT_ROOT = 'openapi/openapi.yaml';

/** Bundles `root`'s contract (its redocly.yaml's `partner-api`); the text is what generated/openapi.json must hold. */
export function bundleContract(root: string): { text: string; doc: OpenApiDoc } {
  const dir = mkdtempSync(join(tmpdir(), 'bundle-'));
  try {
    const out = join(dir, 'openapi.json');
    try {
      execFileSync(join(project, 'node_modules/.bin/redocly'), ['bundle', API_NAME, '--output', out], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'], // redocly's banners are noise unless it fails
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      });
    } catch (e) {
      const err = e as { stdout?: Buffer; stderr?: Buffer; message: string };
      throw new Error(
        `cannot bundle ${CONTRACT_ROOT} of ${root}: ${`${err.stdout ?? ''}${err.stderr ?? ''}`.trim() || err.message}`,
        { cause: e },
      );
    }
    const doc = JSON.parse(readFileSync(out, 'utf8')) as OpenApiDoc;
    const text = JSON.stringify({ 'x-generated': GENERATED_NOTE, ...doc }, null, 2) + '\n';
    return { text, doc: JSON.parse(text) as OpenApiDoc };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
