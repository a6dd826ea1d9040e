/**
 * A tiny seeded PRNG (sfc32, seeded through cyrb128) for REPRODUCIBLE DEMO DATA ONLY.
 * It is not cryptographically secure and must never be used for secrets, keys or anything security-related
 * (API keys come from node:crypto, see server/auth/keys.ts). The same seed gives the same sequence on every
 * machine and every Node version: only 32-bit integer arithmetic (Math.imul, >>>) is used.
 */

const ALNUM_UPPER = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';

/** cyrb128: hashes a string into four 32-bit words, used as the sfc32 state. */
function cyrb128(str: string): [number, number, number, number] {
  let h1 = 1779033703,
    h2 = 3144134277,
    h3 = 1013904242,
    h4 = 2773480762;
  for (let i = 0; i < str.length; i++) {
    const k = str.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

export interface Rng {
  /** Next 32-bit unsigned integer. */
  u32(): number;
  /** Uniform float in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max] (both inclusive). */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
  /** One key of a weight table, with probability proportional to its weight. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K;
  /** A new array with the items in random order (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[];
  /** n characters drawn from 0-9A-Z. */
  alnum(n: number): string;
  /** n decimal digits. */
  digits(n: number): string;
  /** A UUID shaped like version 4 (version nibble 4, variant 8-b), drawn from this generator. */
  uuid(): string;
}

/** sfc32 generator seeded from any string or number (the seed is hashed, so nearby seeds diverge at once). */
export function createRng(seed: string | number): Rng {
  let [a, b, c, d] = cyrb128(String(seed));
  const u32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  // Warm up: the first outputs of sfc32 are weakly mixed.
  for (let i = 0; i < 15; i++) u32();

  const next = () => u32() / 4294967296;
  const int = (min: number, max: number) => {
    if (!Number.isInteger(min) || !Number.isInteger(max) || max < min) throw new RangeError(`bad range ${min}..${max}`);
    return min + Math.floor(next() * (max - min + 1));
  };
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new RangeError('pick from an empty array');
    return items[int(0, items.length - 1)] as T;
  };
  const fromAlphabet = (alphabet: string, n: number) => {
    let s = '';
    for (let i = 0; i < n; i++) s += alphabet[int(0, alphabet.length - 1)];
    return s;
  };

  return {
    u32,
    next,
    int,
    chance: (p) => next() < p,
    pick,
    weighted<K extends string>(weights: Readonly<Record<K, number>>): K {
      const entries = Object.entries(weights) as [K, number][];
      const total = entries.reduce((s, [, w]) => s + w, 0);
      let r = next() * total;
      for (const [k, w] of entries) {
        if (r < w) return k;
        r -= w;
      }
      return entries[entries.length - 1]![0];
    },
    shuffle<T>(items: readonly T[]): T[] {
      const out = items.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(0, i);
        [out[i], out[j]] = [out[j] as T, out[i] as T];
      }
      return out;
    },
    alnum: (n) => fromAlphabet(ALNUM_UPPER, n),
    digits: (n) => fromAlphabet(DIGITS, n),
    uuid() {
      const bytes = new Uint8Array(16);
      for (let i = 0; i < 16; i += 4) {
        const w = u32();
        bytes[i] = w >>> 24;
        bytes[i + 1] = (w >>> 16) & 0xff;
        bytes[i + 2] = (w >>> 8) & 0xff;
        bytes[i + 3] = w & 0xff;
      }
      bytes[6] = (bytes[6]! & 0x0f) | 0x40;
      bytes[8] = (bytes[8]! & 0x3f) | 0x80;
      const h = Buffer.from(bytes).toString('hex');
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
    },
  };
}
