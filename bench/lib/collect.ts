/**
 * What each phase of a run hands back (a `Part`), and the one place where parts become the run's results, in the
 * order the phases ran: the phases share no mutable state, run.ts keeps the list.
 */
import type { BenchResults } from './report.ts';

type Listed = 'measurements' | 'cold_start' | 'validation' | 'p1_rounds' | 'deep_pages' | 'notes';
type Single = 'auth' | 'soak' | 'profile' | 'conformance' | 'purchases' | 'realistic' | 'storm';

/** A phase's findings: any of the lists (appended in order) and any of the single sections (set once). */
export type Part = { [K in Listed]?: NonNullable<BenchResults[K]> } & { [K in Single]?: BenchResults[K] };

export type RunHead = Pick<BenchResults, 'generated_at' | 'mode' | 'restricted' | 'machine' | 'settings'>;

export function assemble(head: RunHead, parts: Part[], totalSeconds: number): BenchResults {
  const r: BenchResults = {
    ...head,
    measurements: [],
    cold_start: [],
    validation: [],
    auth: null,
    soak: null,
    profile: null,
    p1_rounds: [],
    deep_pages: [],
    conformance: null,
    purchases: null,
    realistic: null,
    storm: null,
    notes: [],
  };
  for (const p of parts) {
    r.measurements.push(...(p.measurements ?? []));
    r.cold_start.push(...(p.cold_start ?? []));
    r.validation.push(...(p.validation ?? []));
    r.p1_rounds!.push(...(p.p1_rounds ?? []));
    r.deep_pages!.push(...(p.deep_pages ?? []));
    r.notes.push(...(p.notes ?? []));
    for (const k of ['auth', 'soak', 'profile', 'conformance', 'purchases', 'realistic', 'storm'] as const) {
      if (p[k] === undefined) continue;
      if (r[k] !== null) throw new Error(`two phases reported ${k}`);
      (r as Record<Single, unknown>)[k] = p[k];
    }
  }
  r.total_seconds = totalSeconds;
  return r;
}
