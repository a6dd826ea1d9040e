/**
 * What `npm run contract:diff` compares the current contract with — two things, which differ while a version is
 * being prepared (info.version above the last release, its CHANGELOG.md section "unreleased"):
 *
 * - the **release** the version is judged against (the gate's bump: breaking → major, additive → minor, other →
 *   patch): `--base-file`; else `--base <ref>` when that ref's version is itself released (a `contract-v<version>`
 *   tag or an `openapi/releases/<version>.json`); else the last release (base.ts); else, when nothing is released,
 *   `--base <ref>` (the CLI then notes that it is no release);
 * - the **edit**, the changes listed first: against `--base <ref>` when that ref is not a release, else, when the
 *   working tree's contract differs from HEAD's committed one and HEAD's is not the release's, against HEAD. An edit
 *   under an unreleased 1.2.0 thus lists its own changes, and its version is judged against 1.1.0, not against HEAD's
 *   1.2.0 (an additive edit needs no bump beyond the one 1.2.0 already carries).
 */
import { isDeepStrictEqual } from 'node:util';
import {
  CURRENT_BUNDLE,
  git,
  releaseSnapshots,
  releaseTags,
  resolveBase,
  versionOf,
  type ReleasedContract,
} from './base.ts';
import type { OpenApiDoc } from './engine.ts';

export interface Comparison {
  /** What the version is judged against; null when nothing is released (and no --base-file / --base was given). */
  release: ReleasedContract | null;
  /** What the edit's own changes are listed against, when that is not the release. */
  edit: ReleasedContract | null;
}

/** The contract committed at `ref` (generated/openapi.json), or null when `root` has none there. */
export function committedContract(root: string, ref: string): ReleasedContract | null {
  const r = git(root, ['show', `${ref}:${CURRENT_BUNDLE}`]);
  if (!r.ok) return null;
  try {
    const doc = JSON.parse(r.out) as OpenApiDoc;
    return { source: `${CURRENT_BUNDLE} at ${ref}`, version: versionOf(doc), doc };
  } catch {
    return null;
  }
}

/** Whether `version` is a released one: a `contract-v<version>` tag or a committed snapshot of it. */
export function isReleased(root: string, version: string): boolean {
  return (
    releaseTags(root).some((t) => t.version.text === version) ||
    releaseSnapshots(root).some((s) => s.version.text === version)
  );
}

/** Two bundles say the same contract (the `x-generated` note aside). */
export function sameContract(a: OpenApiDoc, b: OpenApiDoc): boolean {
  const { 'x-generated': _a, ...restA } = a;
  const { 'x-generated': _b, ...restB } = b;
  return isDeepStrictEqual(restA, restB);
}

export function resolveComparison(opts: {
  root: string;
  /** The contract to judge, asked for only when there is something to compare it with. */
  current: () => OpenApiDoc;
  baseFile?: string | undefined;
  baseRef?: string | undefined;
}): Comparison {
  const { root } = opts;
  if (opts.baseFile) return { release: resolveBase({ root, baseFile: opts.baseFile }), edit: null };
  if (opts.baseRef) {
    const ref = resolveBase({ root, baseRef: opts.baseRef })!;
    const last = resolveBase({ root });
    if (!last || isReleased(root, ref.version)) return { release: ref, edit: null };
    return { release: last, edit: ref };
  }
  const release = resolveBase({ root });
  if (!release) return { release: null, edit: null };
  const head = committedContract(root, 'HEAD');
  const edited = head && !sameContract(head.doc, release.doc) && !sameContract(head.doc, opts.current());
  return { release, edit: edited ? head : null };
}
