/**
 * Summarises a V8 CPU profile (`node --cpu-prof`): self time by package / file and by function, and the total
 * (inclusive) time of the heaviest functions. Usage: node --import tsx bench/profile-summary.ts FILE.cpuprofile [N]
 */
import { summarizeProfile } from './lib/profile.ts';

const [file, nArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: bench/profile-summary.ts FILE.cpuprofile [N]');
  process.exit(2);
}
const s = summarizeProfile(file, Number(nArg ?? 25));
for (const [title, rows] of [
  ['self time by package / file', s.self_by_package],
  ['self time by function', s.self_by_function],
  ['total time by function', s.total_by_function],
] as const) {
  console.log(`\n== ${title} (of ${s.total_ms.toFixed(0)} ms sampled)`);
  for (const r of rows)
    console.log(`${(r.share * 100).toFixed(1).padStart(5)} %  ${r.ms.toFixed(0).padStart(6)} ms  ${r.name}`);
}
