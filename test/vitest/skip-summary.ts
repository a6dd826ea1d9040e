/**
 * The last line of a vitest run that skipped tests for want of a service: what they need and the variable that runs
 * them, e.g. `skipped 266 tests that need PostgreSQL: set TEST_DATABASE_URL=postgres://… to run them`. vitest's own
 * summary gives only a count. A skip is known by the titles of the test and its suites, which name what is missing
 * (test/helpers/store-servers.ts, store-fixtures.ts, chromium.ts): `(skipped: TEST_DATABASE_URL not set)`.
 */
import type { Reporter, TestModule, Vitest } from 'vitest/node';

export interface Requirement {
  /** What the tests need, as the line names it. */
  needs: string;
  /** What makes them run. */
  remedy: string;
  /** A skipped test needs this when its title or a suite's says so… */
  mentions: RegExp;
  /** …and the requirement is unmet in this run. */
  unmet: (env: NodeJS.ProcessEnv) => boolean;
}

/** What the tests of `npm test` may need (Redis is only the robustness suite's: README.md, "Set-up"). */
export const REQUIREMENTS: readonly Requirement[] = [
  {
    needs: 'PostgreSQL',
    remedy: 'set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test',
    mentions: /TEST_DATABASE_URL|PostgreSQL/,
    unmet: (env) => !env.TEST_DATABASE_URL,
  },
  {
    needs: 'Chromium',
    remedy: 'run scripts/ensure-chromium.sh as root, or set CHROMIUM_PATH to a Chromium',
    // test/helpers/chromium.ts: `(skipped: /usr/bin/chromium not found …)`, whatever CHROMIUM_PATH names
    mentions: /\(skipped: [^)]*chromium[^)]* not found/i,
    unmet: () => true,
  },
];

export interface Skipped {
  /** The test's title after its suites' (vitest's fullName). */
  fullName: string;
  /** The note of `ctx.skip(note)`, if any. */
  note?: string;
}

const tests = (n: number) => `${n} test${n === 1 ? '' : 's'}`;

/** One line per requirement some skipped tests need, then one for the other skips; none when nothing was skipped. */
export function skipSummary(
  skipped: readonly Skipped[],
  env: NodeJS.ProcessEnv,
  requirements: readonly Requirement[] = REQUIREMENTS,
): string[] {
  const counts = new Map<Requirement, number>();
  let other = 0;
  for (const s of skipped) {
    const text = `${s.fullName} ${s.note ?? ''}`;
    const r = requirements.find((q) => q.unmet(env) && q.mentions.test(text));
    if (r) counts.set(r, (counts.get(r) ?? 0) + 1);
    else other++;
  }
  const lines = requirements
    .filter((r) => counts.has(r))
    .map((r) => `skipped ${tests(counts.get(r)!)} that need ${r.needs}: ${r.remedy} to run them`);
  if (other > 0)
    lines.push(`skipped ${tests(other)} for other reasons, named in their titles (it.skip, skipIf, a filter)`);
  return lines;
}

/** Prints skipSummary after vitest's own summary (it goes after 'default' in the reporters). */
export class SkipSummaryReporter implements Reporter {
  private vitest: Vitest | undefined;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const skipped: Skipped[] = [];
    for (const m of modules)
      for (const t of m.children.allTests('skipped')) {
        const result = t.result();
        if (t.options.mode !== 'todo')
          skipped.push({ fullName: t.fullName, note: result.state === 'skipped' ? result.note : undefined });
      }
    for (const line of skipSummary(skipped, process.env)) this.vitest?.logger.log(line);
  }
}
