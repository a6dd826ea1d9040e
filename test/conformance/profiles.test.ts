/** The full profile's phases, and what `reads: false` (RunOptions.writesOnly) leaves out of them. */
import { describe, expect, it } from 'vitest';
import { Contract } from '../../conformance/contract/operations.ts';
import { RunContext } from '../../conformance/context.ts';
import { phasesOf } from '../../conformance/profiles.ts';

const run = new RunContext(null as never, new Contract(), null as never, true, true);
const phases = (reads: boolean) => phasesOf('full', { reads }).map((phase) => phase(run));

describe('the full profile without its reads', () => {
  const all = phases(true);
  const writesOnly = phases(false);

  it('keeps every write case, the webhook setup, the walks and both money readings, in the same phases', () => {
    expect(writesOnly.length).toBe(all.length);
    all.forEach((cases, i) => {
      const kept = cases.filter((c) => c.writes || i !== 2).map((c) => c.id);
      expect(writesOnly[i]!.map((c) => c.id)).toEqual(kept);
    });
    const ids = writesOnly.flat().map((c) => c.id);
    expect(ids).toContain('money.before');
    expect(ids).toContain('money.conservation');
    expect(writesOnly[1]!.length).toBeGreaterThan(0); // the walks
  });

  it('leaves out only the read cases after the walks, hundreds of them', () => {
    const left = all.flat().filter((c) => !writesOnly.flat().some((k) => k.id === c.id));
    expect(left.every((c) => !c.writes)).toBe(true);
    expect(left.length).toBeGreaterThan(300);
  });
});
