/**
 * Summaries of a V8 CPU profile (`node --cpu-prof`): self time by package / file and by function, and inclusive
 * time by function. Used by the benchmark (where a request's CPU goes) and by bench/profile-summary.ts.
 */
import fs from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  /** Sampled milliseconds in total (idle included). */
  total_ms: number;
  self_by_package: { name: string; ms: number; share: number }[];
  self_by_function: { name: string; ms: number; share: number }[];
  total_by_function: { name: string; ms: number; share: number }[];
}

/** node_modules package, `node:` module, project file, or (native/vm). */
function whereOf(n: Node): string {
  const u = n.callFrame.url;
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(u);
  if (m) return m[1]!;
  if (u.startsWith('node:')) return u;
  if (!u)
    return n.callFrame.functionName === '(idle)'
      ? '(idle)'
      : n.callFrame.functionName === '(garbage collector)'
        ? '(garbage collector)'
        : '(native/vm)';
  return u.replace(/^file:\/\//, '').replace(/^.*\/(server|dist|scripts|bench)\//, '$1/');
}

export function summarizeProfile(file: string, top = 25): ProfileSummary {
  const p = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfUs = new Map<number, number>();
  p.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
  const fname = (n: Node) => `${n.callFrame.functionName || '(anonymous)'} ${whereOf(n)}:${n.callFrame.lineNumber + 1}`;
  const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
  const selfByFn = new Map<string, number>();
  const selfByPkg = new Map<string, number>();
  const inclByFn = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const n = byId.get(id)!;
    add(selfByFn, fname(n), us);
    add(selfByPkg, whereOf(n), us);
    const seen = new Set<string>(); // inclusive: each distinct function on the stack gets the sample once
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const k = fname(byId.get(cur)!);
      if (!seen.has(k)) {
        seen.add(k);
        add(inclByFn, k, us);
      }
    }
  }
  const list = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: us / 1000, share: total ? us / total : 0 }));
  return {
    total_ms: total / 1000,
    self_by_package: list(selfByPkg),
    self_by_function: list(selfByFn),
    total_by_function: list(inclByFn),
  };
}
