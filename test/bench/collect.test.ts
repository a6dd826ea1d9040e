/** The phases' findings become one results object: lists in the order the phases ran, each single section once. */
import { describe, expect, it } from 'vitest';
import { assemble, type Part, type RunHead } from '../../bench/lib/collect.ts';
import type { Measurement } from '../../bench/lib/report.ts';

const head: RunHead = {
  generated_at: '2026-11-23T00:00:00.000Z',
  mode: 'quick',
  restricted: false,
  machine: {
    cpu_model: 'test',
    cores: 2,
    memory_gib: 1,
    platform: 'linux x64',
    kernel: 'k',
    node: 'v24.21.0',
    load_average_at_start: [0, 0, 0],
  },
  settings: { connections: 50, duration_sec: 1, warmup_sec: 0.3, sizes: [10_000], soak_sec: 3, postgres: null },
};
const m = (target: Measurement['target'], endpoint: Measurement['endpoint']) =>
  ({ target, size: null, endpoint, rps: 1 }) as unknown as Measurement;

describe('assemble', () => {
  it('keeps the order of the phases within each list and sets each section from the phase that found it', () => {
    const parts: Part[] = [
      { measurements: [m('prism', 'health')] },
      {
        cold_start: [{ target: 'embedded', size: 10_000, variant: undefined, ms_to_first_200: 900 }],
        measurements: [m('embedded', 'health'), m('embedded', 'list100')],
      },
      { notes: ['first'] },
      { measurements: [m('baseline', 'list100')], notes: ['second'] },
    ];
    const r = assemble(head, parts, 42);
    expect(r.measurements.map((x) => `${x.target}/${x.endpoint}`)).toEqual([
      'prism/health',
      'embedded/health',
      'embedded/list100',
      'baseline/list100',
    ]);
    expect(r.cold_start).toHaveLength(1);
    expect(r.notes).toEqual(['first', 'second']);
    expect(r).toMatchObject({
      auth: null,
      profile: null,
      conformance: null,
      p1_rounds: [],
      validation: [],
      total_seconds: 42,
    });
    expect(r.machine.node).toBe('v24.21.0');
  });

  it('writes the sections in the order of the results file', () => {
    expect(Object.keys(assemble(head, [], 1))).toEqual([
      'generated_at',
      'mode',
      'restricted',
      'machine',
      'settings',
      'measurements',
      'cold_start',
      'validation',
      'auth',
      'soak',
      'profile',
      'p1_rounds',
      'deep_pages',
      'conformance',
      'purchases',
      'realistic',
      'storm',
      'notes',
      'total_seconds',
    ]);
  });

  it('refuses two phases reporting the same single section', () => {
    const conformance = { seconds: 1, exit_code: 0, summary: '' };
    expect(() => assemble(head, [{ conformance }, { conformance }], 1)).toThrow('two phases reported conformance');
  });
});
