/**
 * CHANGELOG.md: one section per released contract version, newest first. The section's "### Contract" part is
 * written by `npm run contract:release` from the diff with the previous release; anything above it in the section
 * (a summary, what else changed, notes to partners) is written by hand before the release, under the heading
 * `## <version> — unreleased`, which the release dates.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { affectsText, type ContractChange } from './engine.ts';
import type { ReleasedContract } from './base.ts';

export const CHANGELOG_HEADER =
  '# Changelog\n\nOne section per released contract version (`info.version` of `openapi/`), newest first; the\n' +
  '"Contract" part is written by `npm run contract:release` from the diff with the previous release.\n';

const bullet = (c: ContractChange) => {
  const affects = affectsText(c);
  return `- ${c.where}: ${c.what}${c.unclassified ? ` (unclassified: ${c.impact}, counted as breaking)` : ''}${affects ? ` — ${affects}` : ''}`;
};

/** The "### Contract" part of a version's section. `commit`: the commit the release is cut from. */
export function renderContractPart(
  version: string,
  previous: ReleasedContract | null,
  changes: ContractChange[],
  commit?: string,
): string {
  const lines = ['### Contract', ''];
  if (commit) {
    lines.push(
      `Cut from commit ${commit} (tag \`contract-v${version}\`); \`npm run contract:replay -- --release ${version}\` runs its conformance suite against a later server.`,
      '',
    );
  }
  if (!previous) {
    lines.push('First release of the contract: no previous release to compare with.');
    return lines.join('\n') + '\n';
  }
  lines.push(`Compared with the previous release, ${previous.version} (${previous.source}).`, '');
  const breaking = changes.filter((c) => c.breaking);
  const additions = changes.filter((c) => !c.breaking && c.impact === 'minor');
  const other = changes.filter((c) => !c.breaking && c.impact !== 'minor');
  lines.push('#### Breaking changes', '', ...(breaking.length ? breaking.map(bullet) : ['None.']), '');
  lines.push('#### Non-breaking changes', '', ...(additions.length ? additions.map(bullet) : ['None.']), '');
  if (other.length) lines.push('#### Documentation and other compatible changes', '', ...other.map(bullet), '');
  return lines.join('\n').replace(/\n+$/, '\n');
}

/** A whole section: heading and contract part. */
export function renderSection(
  version: string,
  date: string,
  previous: ReleasedContract | null,
  changes: ContractChange[],
  commit?: string,
): string {
  return `## ${version} — ${date}\n\n${renderContractPart(version, previous, changes, commit)}`;
}

const heading = (version: string) => new RegExp(`^## ${version.replaceAll('.', '\\.')}(?=\\s|$)[^\\n]*$`, 'm');

export function hasSection(text: string, version: string): boolean {
  return heading(version).test(text);
}

/** The section of `version` (from its heading to the next `## ` heading), or undefined. */
function sectionBounds(text: string, version: string): { start: number; end: number } | undefined {
  const m = heading(version).exec(text);
  if (!m) return undefined;
  const next = text.slice(m.index + m[0].length).search(/^## /m);
  return { start: m.index, end: next < 0 ? text.length : m.index + m[0].length + next };
}

/** Whether the version's section already has its "### Contract" part. */
export function hasContractPart(text: string, version: string): boolean {
  const b = sectionBounds(text, version);
  return b !== undefined && /^### Contract\s*$/m.test(text.slice(b.start, b.end));
}

/**
 * Completes a hand-written section at release: dates its heading (`## 1.1.0 — unreleased` → `## 1.1.0 — <date>`) and
 * appends the contract part at its end. The section must exist and have no contract part yet.
 */
export function completeSection(path: string, version: string, date: string, contractPart: string): void {
  const text = readFileSync(path, 'utf8');
  const b = sectionBounds(text, version);
  if (!b) throw new Error(`CHANGELOG.md has no section for ${version}`);
  const section = text.slice(b.start, b.end).replace(heading(version), `## ${version} — ${date}`).replace(/\n*$/, '\n');
  const rest = text.slice(b.end);
  writeFileSync(path, `${text.slice(0, b.start)}${section}\n${contractPart}${rest ? `\n${rest}` : ''}`);
}

/** Puts `section` first under the header of CHANGELOG.md (creating it with the header when missing). */
export function prependSection(path: string, section: string): void {
  const text = existsSync(path) ? readFileSync(path, 'utf8') : CHANGELOG_HEADER;
  const firstSection = text.search(/^## /m);
  const head = firstSection < 0 ? text.replace(/\n*$/, '\n') : text.slice(0, firstSection).replace(/\n*$/, '\n');
  const rest = firstSection < 0 ? '' : text.slice(firstSection);
  writeFileSync(path, `${head}\n${section}${rest ? `\n${rest}` : ''}`);
}
