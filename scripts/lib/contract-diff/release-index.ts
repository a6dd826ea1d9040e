/**
 * `openapi/releases/index.json`: for every released contract version, the commit it was cut from and its tag —
 * `{ "1.0.0": { "commit": "<40 hex>", "tag": "contract-v1.0.0" } }`. Written by `npm run contract:release`, read by
 * `npm run contract:replay`, which needs the release's whole tree (its conformance suite) and, in a clone without
 * tags (CI clones `main` without them), finds it by the recorded commit. Its name is not a version, so the gate's
 * snapshot lookup (base.ts) never takes it for a release.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RELEASES_DIR } from './base.ts';
import { compareVersions, parseVersion } from './gate.ts';

export const RELEASE_INDEX = `${RELEASES_DIR}/index.json`;

export interface ReleaseRecord {
  commit: string;
  tag: string;
}
export type ReleaseIndex = Record<string, ReleaseRecord>;

const COMMIT = /^[0-9a-f]{40}$/;

/** The index of `root` ({} when there is none); a malformed one is an error that names the entry. */
export function readReleaseIndex(root: string): ReleaseIndex {
  const path = join(root, RELEASE_INDEX);
  if (!existsSync(path)) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new Error(`${RELEASE_INDEX} is not JSON: ${(e as Error).message}`, { cause: e });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error(`${RELEASE_INDEX} must be an object of versions`);
  for (const [version, record] of Object.entries(parsed)) {
    const r = record as Partial<ReleaseRecord> | null;
    if (!parseVersion(version)) throw new Error(`${RELEASE_INDEX}: "${version}" is not a MAJOR.MINOR.PATCH version`);
    if (typeof r?.commit !== 'string' || !COMMIT.test(r.commit))
      throw new Error(`${RELEASE_INDEX}: ${version}.commit must be a full commit id (40 hex digits)`);
    if (typeof r.tag !== 'string' || r.tag === '')
      throw new Error(`${RELEASE_INDEX}: ${version}.tag must be the release's tag name`);
  }
  return parsed as ReleaseIndex;
}

/** Adds (or replaces) a version's record, keeping the file sorted newest first and ending with a newline. */
export function recordRelease(root: string, version: string, record: ReleaseRecord): void {
  const index = { ...readReleaseIndex(root), [version]: record };
  const sorted = Object.keys(index).toSorted((a, b) => compareVersions(parseVersion(b)!, parseVersion(a)!));
  writeFileSync(
    join(root, RELEASE_INDEX),
    JSON.stringify(Object.fromEntries(sorted.map((v) => [v, index[v]])), null, 2) + '\n',
  );
}
