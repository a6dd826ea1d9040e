/**
 * Which contract is "the released one" to compare with, in this order: `--base-file <path>`, `--base <git ref>`,
 * the newest git tag `contract-v<version>` (by semver), the newest committed snapshot `openapi/releases/<version>.json`
 * (CI clones may carry no tags, so the snapshots are the fallback). None → null.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { OpenApiDoc } from './engine.ts';
import { compareVersions, parseVersion, type Version } from './gate.ts';

export const CURRENT_BUNDLE = 'generated/openapi.json';
export const RELEASES_DIR = 'openapi/releases';
export const TAG_PREFIX = 'contract-v';

export interface ReleasedContract {
  /** Where it came from, for messages: `tag contract-v1.0.0`, `openapi/releases/1.0.0.json` … */
  source: string;
  version: string;
  doc: OpenApiDoc;
}

export interface BaseOptions {
  root: string;
  baseFile?: string;
  baseRef?: string;
  /** Only releases older than this version (the release of a version compares with the one before it). */
  below?: Version;
}

export function git(root: string, args: string[]): { ok: boolean; out: string; err: string } {
  const r = spawnSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { ok: r.status === 0, out: r.stdout ?? '', err: r.stderr ?? '' };
}

export function versionOf(doc: OpenApiDoc): string {
  const info = doc.info as { version?: unknown } | undefined;
  return typeof info?.version === 'string' ? info.version : '';
}

function parseDoc(text: string, source: string): OpenApiDoc {
  try {
    return JSON.parse(text) as OpenApiDoc;
  } catch (e) {
    throw new Error(`${source} is not a JSON OpenAPI bundle: ${(e as Error).message}`, { cause: e });
  }
}

function fromGit(root: string, ref: string, source: string): ReleasedContract {
  const r = git(root, ['show', `${ref}:${CURRENT_BUNDLE}`]);
  if (!r.ok) throw new Error(`cannot read ${CURRENT_BUNDLE} at ${ref}: ${r.err.trim()}`);
  const doc = parseDoc(r.out, source);
  return { source, version: versionOf(doc), doc };
}

const isBelow = (v: Version, below?: Version) => !below || compareVersions(v, below) < 0;

function newest<T extends { version: Version }>(items: T[]): T | undefined {
  return items.toSorted((a, b) => compareVersions(b.version, a.version))[0];
}

/** The `contract-v*` tags of the repository, as versions (none when it is not a git repository). */
export function releaseTags(root: string): { tag: string; version: Version }[] {
  const r = git(root, ['tag', '--list', `${TAG_PREFIX}*`]);
  if (!r.ok) return [];
  return r.out
    .split('\n')
    .map((tag) => tag.trim())
    .flatMap((tag) => {
      const version = parseVersion(tag.slice(TAG_PREFIX.length));
      return tag && version ? [{ tag, version }] : [];
    });
}

/** The committed snapshots `openapi/releases/<version>.json`, as versions. */
export function releaseSnapshots(root: string): { file: string; version: Version }[] {
  const dir = join(root, RELEASES_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const version = name.endsWith('.json') ? parseVersion(name.slice(0, -'.json'.length)) : undefined;
    return version ? [{ file: `${RELEASES_DIR}/${name}`, version }] : [];
  });
}

export function resolveBase(opts: BaseOptions): ReleasedContract | null {
  if (opts.baseFile) {
    const path = resolve(opts.baseFile);
    const doc = parseDoc(readFileSync(path, 'utf8'), opts.baseFile);
    return { source: opts.baseFile, version: versionOf(doc), doc };
  }
  if (opts.baseRef) return fromGit(opts.root, opts.baseRef, `git ref ${opts.baseRef}`);
  const tag = newest(releaseTags(opts.root).filter((t) => isBelow(t.version, opts.below)));
  if (tag) return fromGit(opts.root, `refs/tags/${tag.tag}`, `tag ${tag.tag}`);
  const snapshot = newest(releaseSnapshots(opts.root).filter((s) => isBelow(s.version, opts.below)));
  if (snapshot) {
    const doc = parseDoc(readFileSync(join(opts.root, snapshot.file), 'utf8'), snapshot.file);
    return { source: snapshot.file, version: versionOf(doc), doc };
  }
  return null;
}
