/**
 * CHANGELOG.md: one section per released contract version, newest first, written by `npm run contract:release`
 * from the diff with the previous release.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { ContractChange } from './engine.ts';
import type { ReleasedContract } from './base.ts';

export const CHANGELOG_HEADER =
  '# Changelog\n\nOne section per released contract version (`info.version` of `openapi/`), newest first; the\n' +
  '"Contract" part is written by `npm run contract:release` from the diff with the previous release.\n';

const bullet = (c: ContractChange) => `- ${c.where}: ${c.what}${c.unclassified ? ` (unclassified: ${c.impact}, counted as breaking)` : ''}`;

/** `commit`: the commit the release is cut from (recorded in openapi/releases/index.json too). */
export function renderSection(version: string, date: string, previous: ReleasedContract | null, changes: ContractChange[], commit?: string): string {
  const lines = [`## ${version} — ${date}`, '', '### Contract', ''];
  if (commit) {
    lines.push(`Cut from commit ${commit} (tag \`contract-v${version}\`); \`npm run contract:replay -- --release ${version}\` runs its conformance suite against a later server.`, '');
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

export function hasSection(text: string, version: string): boolean {
  return new RegExp(`^## ${version.replaceAll('.', '\\.')}(\\s|$)`, 'm').test(text);
}

/** Puts `section` first under the header of CHANGELOG.md (creating it with the header when missing). */
export function prependSection(path: string, section: string): void {
  const text = existsSync(path) ? readFileSync(path, 'utf8') : CHANGELOG_HEADER;
  const firstSection = text.search(/^## /m);
  const head = firstSection < 0 ? text.replace(/\n*$/, '\n') : text.slice(0, firstSection).replace(/\n*$/, '\n');
  const rest = firstSection < 0 ? '' : text.slice(firstSection);
  writeFileSync(path, `${head}\n${section}${rest ? `\n${rest}` : ''}`);
}
