/**
 * CLI of the conformance suite: `npm run conformance -- --keys FILE --env sandbox …` (see README.md).
 * Exit 0: every executed case passed and coverage ≥ the minimum; 1: failures or coverage below it; 2: bad usage, or a
 * run that would write to a target that is not a sandbox (refused before its first request: write-safety.ts).
 */
import { HELP, parseOptions, UsageError } from './options.ts';
import { redact } from './redact.ts';
import { runConformance } from './runner.ts';

export { runConformance } from './runner.ts';
export type { RunOptions, RunResult } from './runner.ts';

async function main(): Promise<number> {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(HELP);
    return 0;
  }
  let options;
  try {
    options = parseOptions(process.argv.slice(2), process.env);
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(`conformance: ${redact(e.message)} (usage: npm run conformance -- --help)`);
      return 2;
    }
    throw e;
  }
  try {
    const result = await runConformance(options);
    return result.exitCode;
  } catch (e) {
    // WriteRefused: the run would write to something that is not a sandbox; nothing was sent.
    if (e instanceof UsageError) {
      console.error(`conformance: ${redact(e.message)}`);
      return 2;
    }
    throw e;
  }
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('conformance/run.ts')) {
  process.exitCode = await main();
}
