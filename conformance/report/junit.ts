/** JUnit XML: one testsuite per case group, one testcase per case; failures and skips marked. */
import type { CaseResult } from '../model.ts';
import type { RunResult } from '../runner.ts';
import { failureLines } from './terminal.ts';

const esc = (s: string) =>
  s
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
const secs = (ms: number) => (ms / 1000).toFixed(3);

function testcase(c: CaseResult): string {
  const open = `    <testcase classname="conformance.${esc(c.group)}" name="${esc(`${c.id}: ${c.title}`)}" time="${secs(c.durationMs)}"`;
  if (c.status === 'skipped') return `${open}>\n      <skipped message="${esc(c.reason ?? '')}"/>\n    </testcase>`;
  if (c.status === 'passed') return `${open}/>`;
  const first = c.failures[0]!;
  const body = c.failures.flatMap(failureLines).join('\n');
  return `${open}>\n      <failure type="${esc(first.check)}" message="${esc(first.message)}">${esc(body)}</failure>\n    </testcase>`;
}

export function junitXml(r: RunResult): string {
  const groups = [...new Set(r.cases.map((c) => c.group))];
  const suites = groups.map((g) => {
    const cs = r.cases.filter((c) => c.group === g);
    const n = (s: CaseResult['status']) => cs.filter((c) => c.status === s).length;
    const time = cs.reduce((a, c) => a + c.durationMs, 0);
    return `  <testsuite name="conformance.${esc(g)}" tests="${cs.length}" failures="${n('failed')}" errors="0" skipped="${n('skipped')}" time="${secs(time)}">\n${cs.map(testcase).join('\n')}\n  </testsuite>`;
  });
  const t = r.totals;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="conformance (${r.profile}, ${r.env})" tests="${t.cases}" failures="${t.failed}" errors="0" skipped="${t.skipped}" time="${secs(r.durationMs)}">\n${suites.join('\n')}\n</testsuites>\n`;
}
