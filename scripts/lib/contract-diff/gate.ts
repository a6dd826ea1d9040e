/**
 * The gate: a breaking change needs a major bump of info.version relative to the released contract. Versions
 * are `MAJOR.MINOR.PATCH` (a pre-release suffix is ignored for ordering); anything else is refused.
 */
import { formatChange, type ContractChange } from './engine.ts';

export interface Version { major: number; minor: number; patch: number; text: string }

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

export function evaluateGate(baseVersion: string, currentVersion: string, changes: ContractChange[]): GateResult {
  const failures: string[] = [];
  const notes: string[] = [];
  const base = parseVersion(baseVersion);
  const current = parseVersion(currentVersion);
  if (!base || !current) {
    failures.push(`info.version must be MAJOR.MINOR.PATCH: released ${JSON.stringify(baseVersion)}, current ${JSON.stringify(currentVersion)}`);
    return { ok: false, failures, notes };
  }
  if (compareVersions(current, base) < 0) {
    failures.push(`info.version went backwards: ${current.text} is lower than the released ${base.text}`);
  }
  const breaking = changes.filter((c) => c.breaking);
  if (breaking.length && current.major <= base.major) {
    failures.push(
      `${breaking.length} breaking change(s) without a major version bump: info.version is ${current.text}, the released ` +
        `contract is ${base.text}; make the change backward compatible or bump info.version to ${base.major + 1}.0.0:\n` +
        breaking.map((c) => `  - ${formatChange(c)}`).join('\n'),
    );
  }
  if (changes.length && compareVersions(current, base) === 0) {
    notes.push(`the contract changed but info.version is still the released ${base.text}; bump it before releasing`);
  }
  return { ok: failures.length === 0, failures, notes };
}
