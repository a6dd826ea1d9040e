/**
 * `npm run contract:release`: releases the contract of generated/openapi.json under its info.version — checks that it
 * is what openapi/ bundles to (when the root has openapi/) and committed, checks the gate against the previous
 * release, writes the snapshot openapi/releases/<version>.json, writes the version's "### Contract" part into
 * CHANGELOG.md (a new section, or the end of the hand-written `## <version> — unreleased` one, which it dates),
 * records HEAD's commit and the tag in openapi/releases/index.json (release-index.ts: how `npm run contract:replay`
 * finds the release's tree without tags) and creates the lightweight tag contract-v<version> on HEAD. Everything is
 * checked before anything is written; the snapshot, CHANGELOG.md and index.json are left for the caller to commit.
 * Rerunning it after a refusal is safe; after a success it refuses (the tag exists) until info.version is bumped.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CURRENT_BUNDLE, git, RELEASES_DIR, resolveBase, TAG_PREFIX, versionOf } from './base.ts';
import { bundleContract, CONTRACT_ROOT } from './bundle.ts';
import {
  completeSection,
  hasContractPart,
  hasSection,
  prependSection,
  renderContractPart,
  renderSection,
} from './changelog.ts';
import { diffContracts, formatChange, type OpenApiDoc } from './engine.ts';
import { evaluateGate, parseVersion } from './gate.ts';
import { readReleaseIndex, recordRelease, RELEASE_INDEX } from './release-index.ts';

export interface ReleaseOptions {
  root: string;
  baseFile?: string;
  baseRef?: string;
  /** The date of the CHANGELOG section (YYYY-MM-DD), today by default. */
  date?: string;
}

export interface ReleaseResult {
  ok: boolean;
  lines: string[];
}

export function release(opts: ReleaseOptions): ReleaseResult {
  const lines: string[] = [];
  const refuse = (why: string): ReleaseResult => ({ ok: false, lines: [...lines, `✗ release refused: ${why}`] });
  const { root } = opts;
  const text = readFileSync(join(root, CURRENT_BUNDLE), 'utf8');
  const current = JSON.parse(text) as OpenApiDoc;
  const version = parseVersion(versionOf(current));
  if (!version)
    return refuse(`info.version ${JSON.stringify(versionOf(current))} of ${CURRENT_BUNDLE} is not MAJOR.MINOR.PATCH`);
  const tag = `${TAG_PREFIX}${version.text}`;

  if (git(root, ['rev-parse', '-q', '--verify', `refs/tags/${tag}`]).ok)
    return refuse(`the tag ${tag} already exists: bump info.version`);
  if (existsSync(join(root, CONTRACT_ROOT)) && bundleContract(root).text !== text) {
    return refuse(`${CURRENT_BUNDLE} is not what openapi/ bundles to: run \`npm run generate\` and commit the result`);
  }
  const head = git(root, ['show', `HEAD:${CURRENT_BUNDLE}`]);
  if (!head.ok) return refuse(`cannot read ${CURRENT_BUNDLE} at HEAD (${head.err.trim()}): commit the contract first`);
  if (head.out !== text)
    return refuse(`${CURRENT_BUNDLE} has uncommitted changes: commit the contract first (the tag marks HEAD)`);
  const commit = git(root, ['rev-parse', '--verify', 'HEAD^{commit}']).out.trim();
  const recorded = readReleaseIndex(root)[version.text];
  if (recorded && recorded.commit !== commit)
    return refuse(`${RELEASE_INDEX} records ${version.text} as cut from commit ${recorded.commit}: bump info.version`);

  const base = resolveBase({ root, baseFile: opts.baseFile, baseRef: opts.baseRef, below: version });
  const changes = base ? diffContracts(base.doc, current) : [];
  if (base) {
    lines.push(`previous release: ${base.version} (${base.source}); ${changes.length} change(s)`);
    const gate = evaluateGate(base.version, version.text, changes);
    if (!gate.ok) return refuse(gate.failures.join('\n'));
    if (parseVersion(base.version) && version.text === base.version)
      return refuse(`${version.text} is the previous release's version`);
    for (const c of changes) lines.push(`  ${formatChange(c)}`);
  } else {
    lines.push('no previous release: this is the first');
  }

  const snapshot = join(root, RELEASES_DIR, `${version.text}.json`);
  const snapshotExists = existsSync(snapshot);
  if (snapshotExists && readFileSync(snapshot, 'utf8') !== text) {
    return refuse(
      `${RELEASES_DIR}/${version.text}.json exists with other content: ${version.text} was released differently, bump info.version`,
    );
  }
  const changelogPath = join(root, 'CHANGELOG.md');
  const changelogText = existsSync(changelogPath) ? readFileSync(changelogPath, 'utf8') : '';
  const changelogHas = hasSection(changelogText, version.text);
  const changelogDone = changelogHas && hasContractPart(changelogText, version.text);

  // Checked; now write.
  if (snapshotExists) lines.push(`${RELEASES_DIR}/${version.text}.json already holds this contract`);
  else {
    writeFileSync(snapshot, text);
    lines.push(`wrote ${RELEASES_DIR}/${version.text}.json`);
  }
  const date = opts.date ?? new Date().toISOString().slice(0, 10);
  if (changelogDone) lines.push(`CHANGELOG.md already has the contract part of ${version.text}; left as it is`);
  else if (changelogHas) {
    completeSection(changelogPath, version.text, date, renderContractPart(version.text, base, changes, commit));
    lines.push(`dated the ${version.text} section of CHANGELOG.md and added its contract part`);
  } else {
    prependSection(changelogPath, renderSection(version.text, date, base, changes, commit));
    lines.push(`prepended the ${version.text} section to CHANGELOG.md`);
  }
  if (recorded) lines.push(`${RELEASE_INDEX} already records ${version.text} at ${commit}`);
  else {
    recordRelease(root, version.text, { commit, tag });
    lines.push(`recorded ${version.text} → commit ${commit} in ${RELEASE_INDEX}`);
  }
  const tagged = git(root, ['tag', tag]);
  if (!tagged.ok) return refuse(`git tag ${tag} failed: ${tagged.err.trim()}`);
  lines.push(
    `tagged HEAD as ${tag}`,
    `now commit ${RELEASES_DIR}/${version.text}.json, ${RELEASE_INDEX} and CHANGELOG.md, and push the tag`,
  );
  return { ok: true, lines };
}
