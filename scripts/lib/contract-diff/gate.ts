/**
 * The gate: a contract that differs from the released one carries a new info.version — a major bump for a breaking
 * change, at least a minor one for an additive change, at least a patch for any other — and release notes for it.
 * Versions are `MAJOR.MINOR.PATCH` (a pre-release suffix is ignored for ordering); anything else is refused.
 */
import { formatChange, type ContractChange } from './engine.ts';

export interface Version {
  major: number;
  minor: number;
  patch: number;
  text: string;
}

export function parseVersion(text: unknown): Version | undefined {
  if (typeof text !== 'string') return undefined;
  const m = /^v?(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(text.trim());
  if (!m) return undefined;
  return { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]), text: text.trim().replace(/^v/, '') };
}

export function compareVersions(a: Version, b: Version): number {
  return a.major - b.major || a.minor - b.minor || a.patch - b.patch;
}

export interface GateResult {
  ok: boolean;
  /** The reasons for failing, each naming what to do. */
  failures: string[];
  /** Notes that do not fail the gate. */
  notes: string[];
}

/** What a set of changes needs over the released version: a major (breaking), minor (additive) or patch bump. */
export type Bump = 'major' | 'minor' | 'patch' | 'none';

export function requiredBump(changes: ContractChange[]): Bump {
  if (changes.some((c) => c.breaking)) return 'major';
  if (changes.some((c) => c.impact === 'minor')) return 'minor';
  return changes.length ? 'patch' : 'none';
}

/** The smallest version over `base` that carries `bump`. */
export function bumped(base: Version, bump: Exclude<Bump, 'none'>): string {
  if (bump === 'major') return `${base.major + 1}.0.0`;
  if (bump === 'minor') return `${base.major}.${base.minor + 1}.0`;
  return `${base.major}.${base.minor}.${base.patch + 1}`;
}

/** Whether `current` is at least the version over `base` that `bump` asks for. */
export function carries(base: Version, current: Version, bump: Bump): boolean {
  if (bump === 'major') return current.major > base.major;
  if (bump === 'minor')
    return current.major > base.major || (current.major === base.major && current.minor > base.minor);
  if (bump === 'patch') return compareVersions(current, base) > 0;
  return true;
}

export interface GateOptions {
  /**
   * Whether the release notes (CHANGELOG.md) have a section for the current version; checked when the version is
   * above the released one. Undefined: not checked (a release writes the section itself).
   */
  releaseNotes?: { present: boolean; file: string };
}

/**
 * A contract that differs from its last release carries a new version — breaking changes a major bump, additive
 * ones (a new operation, field, optional parameter, enum value of an open enum …) at least a minor one, anything
 * else (descriptions, examples) at least a patch — and release notes for that version. The version never goes back.
 */
export function evaluateGate(
  baseVersion: string,
  currentVersion: string,
  changes: ContractChange[],
  opts: GateOptions = {},
): GateResult {
  const failures: string[] = [];
  const notes: string[] = [];
  const base = parseVersion(baseVersion);
  const current = parseVersion(currentVersion);
  if (!base || !current) {
    failures.push(
      `info.version must be MAJOR.MINOR.PATCH: released ${JSON.stringify(baseVersion)}, current ${JSON.stringify(currentVersion)}`,
    );
    return { ok: false, failures, notes };
  }
  if (compareVersions(current, base) < 0) {
    failures.push(`info.version went backwards: ${current.text} is lower than the released ${base.text}`);
  }
  const breaking = changes.filter((c) => c.breaking);
  const bump = requiredBump(changes);
  if (breaking.length && !carries(base, current, 'major')) {
    failures.push(
      `${breaking.length} breaking change(s) without a major version bump: info.version is ${current.text}, the released ` +
        `contract is ${base.text}; make the change backward compatible or bump info.version to ${bumped(base, 'major')}:\n` +
        breaking.map((c) => `  - ${formatChange(c, '      ')}`).join('\n'),
    );
  } else if (bump !== 'none' && !carries(base, current, bump)) {
    const kind = bump === 'minor' ? 'additive' : 'compatible (documentation, examples)';
    failures.push(
      `the contract differs from the released ${base.text} by ${changes.length} ${kind} change(s), but info.version is ` +
        `${current.text}: a changed contract carries a new version — bump info.version (openapi/openapi.yaml) to ` +
        `${bumped(base, bump)} (${bump === 'minor' ? 'additive → minor' : 'patch'}) and write its release notes in CHANGELOG.md`,
    );
  }
  if (opts.releaseNotes && !opts.releaseNotes.present && compareVersions(current, base) > 0) {
    failures.push(
      `${opts.releaseNotes.file} has no section "## ${current.text}": a new version of the contract comes with release ` +
        `notes (\`npm run contract:release\` adds the list of contract changes to that section when it releases)`,
    );
  }
  if (bump === 'none' && compareVersions(current, base) > 0) {
    notes.push(`info.version ${current.text} is above the released ${base.text} while the contract is unchanged`);
  }
  return { ok: failures.length === 0, failures, notes };
}
