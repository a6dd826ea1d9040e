/**
 * The group-commit queue on its own (no database): who runs alone, who is grouped and in which order, how many run
 * at once, and that a failed group gives every call the answer — or the error — it has alone.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit.ts';

/** A queue over numbers whose group and lone runs are recorded and finish when the test lets them. */
function harness(opts: {
  max: number;
  parallel: number;
  failGroup?: (items: number[]) => boolean;
  failAlone?: (n: number) => boolean;
  unknown?: boolean;
}) {
  const groups: number[][] = [];
  const alone: number[] = [];
  let inFlight = 0;
  let most = 0;
  const pending: (() => void)[] = [];
  const hold = async () => {
    inFlight++;
    most = Math.max(most, inFlight);
    await new Promise<void>((r) => pending.push(r));
    inFlight--;
  };
  const call = groupCommit<number, string>({
    max: opts.max,
    parallel: opts.parallel,
    order: (a, b) => a - b,
    retryAlone: () => opts.unknown !== true,
    async group(items) {
      groups.push(items);
      await hold();
      if (opts.failGroup?.(items)) throw new Error('group failed');
      return items.map((n) => `g${n}`);
    },
    async alone(n) {
      alone.push(n);
      await hold();
      if (opts.failAlone?.(n)) throw new Error(`alone ${n} failed`);
      return `a${n}`;
    },
  });
  /** Lets every run that is waiting finish, until nothing is left to run. */
  const drain = async () => {
    for (let i = 0; i < 1000; i++) {
      await new Promise((r) => setImmediate(r));
      const batch = pending.splice(0);
      if (batch.length === 0 && inFlight === 0) return;
      batch.forEach((r) => r());
    }
    throw new Error('the queue never drained');
  };
  return { call, groups, alone, drain, most: () => most };
}

describe('groupCommit', () => {
  it('runs a call alone at once while a slot is free: nothing waits without contention', async () => {
    const h = harness({ max: 10, parallel: 2 });
    const answers = [h.call(5), h.call(3)];
    await h.drain();
    expect(await Promise.all(answers)).toEqual(['a5', 'a3']);
    expect(h.groups).toEqual([]);
  });

  it('groups the calls that wait for a slot, up to max, in order, and answers each with its own row', async () => {
    const h = harness({ max: 3, parallel: 1 });
    const answers = [9, 4, 7, 1, 8, 2].map((n) => h.call(n));
    await h.drain();
    expect(h.alone).toEqual([9]); // the first finds the slot free
    expect(h.groups).toEqual([
      [1, 4, 7],
      [2, 8],
    ]); // the rest wait: groups of at most 3, sorted
    expect(await Promise.all(answers)).toEqual(['a9', 'g4', 'g7', 'g1', 'g8', 'g2']);
  });

  it('a failed group runs each of its calls alone: each gets its own answer or its own error', async () => {
    const h = harness({ max: 10, parallel: 1, failGroup: (items) => items.includes(6), failAlone: (n) => n === 6 });
    const answers = [1, 6, 5, 7].map((n) => h.call(n).catch((e: Error) => e.message));
    await h.drain();
    expect(h.groups).toEqual([[5, 6, 7]]);
    expect(await Promise.all(answers)).toEqual(['a1', 'alone 6 failed', 'a5', 'a7']);
  });

  it("a group whose outcome is unknown is not run again: each of its calls gets the group's error", async () => {
    const h = harness({ max: 10, parallel: 1, failGroup: () => true, unknown: true });
    const answers = [1, 6, 5].map((n) => h.call(n).catch((e: Error) => e.message));
    await h.drain();
    expect(await Promise.all(answers)).toEqual(['a1', 'group failed', 'group failed']);
    expect(h.alone).toEqual([1]);
  });

  it('whatever the arrivals: every call answered once, by its own run; at most `parallel` slots busy at once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 99 }), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.integer({ min: 0, max: 99 }), { maxLength: 5 }),
        async (items, max, parallel, poison) => {
          const h = harness({ max, parallel, failGroup: (g) => g.some((n) => poison.includes(n)) });
          const answers = Promise.all(items.map((n) => h.call(n)));
          await h.drain();
          const got = await answers;
          got.forEach((a, i) => expect(a.slice(1)).toBe(String(items[i])));
          // A slot runs a lone call, a group, or a failed group's calls side by side (each alone).
          const failed = h.groups.some((g) => g.some((n) => poison.includes(n)));
          expect(h.most()).toBeLessThanOrEqual(failed ? parallel * max : parallel);
          for (const g of h.groups) {
            expect(g.length).toBeLessThanOrEqual(max);
            expect(g).toEqual([...g].sort((a, b) => a - b));
          }
          // Each call ran alone or in a group that succeeded, exactly once.
          const grouped = h.groups.filter((g) => !g.some((n) => poison.includes(n))).flat();
          expect([...h.alone, ...grouped].sort((a, b) => a - b)).toEqual([...items].sort((a, b) => a - b));
        },
      ),
      { numRuns: 200 },
    );
  });
});
