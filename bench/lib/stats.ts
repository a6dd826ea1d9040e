/** The few statistics and number formats the benchmark's measurements and reports share. */

/** The p-th percentile of ascending `sorted` (nearest rank: the p50 of an even count is its lower middle). */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

/** p-th percentile of `xs` in any order. */
export const percentileOf = (xs: readonly number[], p: number) => percentile(Float64Array.from(xs).sort(), p);

/** The median of the goals' rounds: the middle one, or the mean of the two middle ones. */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

const fixed = (digits: number) => (x: number | null | undefined) =>
  x === null || x === undefined || Number.isNaN(x) ? '–' : x.toFixed(digits);
/** A figure with 0, 1 or 2 decimals; '–' when missing. */
export const f0 = fixed(0);
export const f1 = fixed(1);
export const f2 = fixed(2);
