/** What the runner prints: one line per case group as it finishes, then the summary table, coverage and failures. */
import type { CaseResult, Failure } from '../model.ts';
import type { RunResult } from '../runner.ts';

const MARK: Record<CaseResult['status'], string> = { passed: '.', failed: 'F', skipped: 'S' };
const MAX_FAILURES_SHOWN = 25;

const count = (rs: CaseResult[], s: CaseResult['status']) => rs.filter((r) => r.status === s).length;

export function groupLine(group: string, results: CaseResult[], ms: number): string {
  const marks = results.map((r) => MARK[r.status]).join('');
  const shown = marks.length > 60 ? `${marks.slice(0, 60)}…` : marks;
  return `  ${group.padEnd(13)} ${shown}  ${count(results, 'passed')} passed, ${count(results, 'failed')} failed, ${count(results, 'skipped')} skipped (${(ms / 1000).toFixed(1)} s)`;
}

export function failureLines(f: Failure): string[] {
  return [
    `  ✗ [${f.check}] ${f.operationId}: ${f.message}`,
    ...(f.request ? [`      request:  ${f.request}`] : []),
    ...(f.response ? [`      got:      ${f.response}`] : []),
    ...(f.documented ? [`      contract: ${f.documented}`] : []),
  ];
}

export function summary(r: RunResult): string[] {
  const lines = [
    '',
    `  ${'group'.padEnd(13)} ${'cases'.padStart(6)} ${'passed'.padStart(7)} ${'failed'.padStart(7)} ${'skipped'.padStart(8)}`,
  ];
  const row = (name: string, rs: CaseResult[]) =>
    `  ${name.padEnd(13)} ${String(rs.length).padStart(6)} ${String(count(rs, 'passed')).padStart(7)} ${String(count(rs, 'failed')).padStart(7)} ${String(count(rs, 'skipped')).padStart(8)}`;
  for (const g of [...new Set(r.cases.map((c) => c.group))])
    lines.push(
      row(
        g,
        r.cases.filter((c) => c.group === g),
      ),
    );
  lines.push(row('total', r.cases), '');

  const c = r.coverage;
  lines.push(
    `coverage (${c.notion}): ${c.percent}% — ${c.exercised}/${c.reachable} cells, ${c.cells.length - c.reachable} out of reach; minimum ${r.minCoverage}%`,
  );
  for (const op of [...new Set(c.cells.map((x) => x.operationId))]) {
    const cells = c.cells.filter((x) => x.operationId === op);
    const reach = cells.filter((x) => x.state !== 'out-of-reach');
    const hit = reach.filter((x) => x.state === 'exercised' || x.state === 'failed');
    const away = [...new Set(cells.filter((x) => x.state === 'out-of-reach').map((x) => x.status))];
    const missing = reach.filter((x) => x.state === 'missing').map((x) => `${x.status}${x.code ? ` ${x.code}` : ''}`);
    lines.push(
      `  ${op.padEnd(24)} ${hit.length}/${reach.length}${away.length ? `  (out of reach: ${away.join(', ')})` : ''}${missing.length ? `  missing: ${missing.join(', ')}` : ''}`,
    );
  }
  lines.push(`requests ${r.requests}, 429s waited out ${r.retries429}, ${(r.durationMs / 1000).toFixed(1)} s`);

  const failures = r.cases.flatMap((x) => x.failures.map((f) => ({ ...f, caseId: x.id })));
  if (failures.length) {
    lines.push(
      '',
      `FAILURES (${failures.length} in ${r.totals.failed} cases${failures.length > MAX_FAILURES_SHOWN ? `; first ${MAX_FAILURES_SHOWN} shown, all in the reports` : ''}):`,
    );
    for (const f of failures.slice(0, MAX_FAILURES_SHOWN)) lines.push(`  ${f.caseId}`, ...failureLines(f));
  }
  const skips = new Map<string, number>();
  for (const s of r.cases.filter((x) => x.status === 'skipped'))
    skips.set(s.reason ?? '', (skips.get(s.reason ?? '') ?? 0) + 1);
  if (skips.size) {
    lines.push('', `SKIPPED (${r.totals.skipped}):`);
    for (const [reason, n] of skips) lines.push(`  ${n} × ${reason}`);
  }
  const why = r.totals.failed
    ? `${r.totals.failed} cases failed`
    : c.percent < r.minCoverage
      ? `coverage ${c.percent}% < ${r.minCoverage}%`
      : '';
  lines.push('', r.exitCode === 0 ? `PASS: ${r.totals.passed} cases passed, coverage ${c.percent}%` : `FAIL: ${why}`);
  return lines;
}
