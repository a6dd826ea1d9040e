/** The Markdown summary: totals, the coverage matrix, the failures with their details, the skips with reasons. */
import { NO_WRITES_WHY, OUT_OF_REACH } from '../coverage.ts';
import type { RunResult } from '../runner.ts';

const MARK = { exercised: '✅', failed: '❌', missing: '⬜', 'out-of-reach': '➖' } as const;
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function markdownSummary(r: RunResult): string {
  const t = r.totals;
  const out = [
    `# Conformance report — ${r.exitCode === 0 ? 'PASS' : 'FAIL'}`,
    '',
    `Profile **${r.profile}**, environment **${r.env}**${r.writes ? ', with writes' : ', read-only'}, target \`${r.baseUrl}\`, started ${r.startedAt}, ${(r.durationMs / 1000).toFixed(1)} s, ${r.requests} requests, ${r.retries429} 429s waited out.`,
    '',
    `| cases | passed | failed | skipped | coverage | minimum |`,
    `|---|---|---|---|---|---|`,
    `| ${t.cases} | ${t.passed} | ${t.failed} | ${t.skipped} | ${r.coverage.percent}% (${r.coverage.exercised}/${r.coverage.reachable}) | ${r.minCoverage}% |`,
    '',
    `## Coverage: ${r.coverage.notion}`,
    '',
    `${MARK.exercised} exercised · ${MARK.failed} exercised, a case failed · ${MARK.missing} not exercised · ${MARK['out-of-reach']} out of reach (not counted)`,
    '',
    '| operation | status | error code | | cases |',
    '|---|---|---|---|---|',
    ...r.coverage.cells.map(
      (c) => `| ${c.operationId} | ${c.status} | ${c.code ?? '—'} | ${MARK[c.state]} | ${c.cases} |`,
    ),
    '',
    '### Out of reach',
    '',
    ...OUT_OF_REACH.map((o) => `- **${o.status} ${o.code}**: ${o.why}.`),
    ...(r.writes ? [] : [`- **every cell of a write operation but its 405**: ${NO_WRITES_WHY}.`]),
    '',
  ];
  const failed = r.cases.filter((c) => c.status === 'failed');
  out.push(`## Failures (${failed.length})`, '');
  for (const c of failed) {
    out.push(`### ${cell(c.id)}`, '', `${cell(c.title)}`, '');
    for (const f of c.failures) {
      out.push(`- **${f.check}** (${f.operationId}): ${cell(f.message)}`);
      if (f.request) out.push(`  - request: \`${f.request}\``);
      if (f.response) out.push(`  - got: \`${f.response.replace(/`/g, "'")}\``);
      if (f.documented) out.push(`  - contract: ${cell(f.documented)}`);
    }
    out.push('');
  }
  const skipped = r.cases.filter((c) => c.status === 'skipped');
  out.push(`## Skipped (${skipped.length})`, '');
  if (skipped.length)
    out.push('| case | reason |', '|---|---|', ...skipped.map((c) => `| ${cell(c.id)} | ${cell(c.reason ?? '')} |`));
  out.push('', `## Cases by group`, '', '| group | cases | passed | failed | skipped |', '|---|---|---|---|---|');
  for (const g of [...new Set(r.cases.map((c) => c.group))]) {
    const cs = r.cases.filter((c) => c.group === g);
    const n = (s: string) => cs.filter((c) => c.status === s).length;
    out.push(`| ${g} | ${cs.length} | ${n('passed')} | ${n('failed')} | ${n('skipped')} |`);
  }
  return `${out.join('\n')}\n`;
}
