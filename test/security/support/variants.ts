/**
 * Variants of an operation's path that a lenient router would take for the operation: case flips, a trailing
 * slash, doubled slashes, a percent-encoded letter, dot segments, `;x=1` parameters, base-path variants and an
 * empty segment. By the routing decision none of them is the operation (paths are compared byte for byte): each
 * must be answered exactly as the canonical path is, or 404 NOT_FOUND. The random letter flip is seeded.
 */
import type { Rng } from '../../robustness/support/contract-fuzz.ts';

export interface Segment {
  text: string;
  /** A literal segment of the template (not a `{param}` value). */
  literal: boolean;
}

export interface Variant {
  /** What was changed, for failure messages: "case: Account", "trailing slash"… */
  kind: string;
  path: string;
}

const flipCase = (c: string) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase());
const isLetter = (c: string) => c.toLowerCase() !== c.toUpperCase();
const pct = (c: string) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`;

/** The case flips of one segment: all upper case, first letter flipped, one seeded random letter flipped. */
function caseFlips(text: string, r: Rng): string[] {
  const letters = [...text].map((c, i) => (isLetter(c) ? i : -1)).filter((i) => i >= 0);
  if (letters.length === 0) return [];
  const flipAt = (i: number) => text.slice(0, i) + flipCase(text[i]!) + text.slice(i + 1);
  return [text.toUpperCase(), flipAt(letters[0]!), flipAt(letters[Math.floor(r() * letters.length)]!)];
}

/**
 * `base` is this environment's base path (`/api/partners/v1`), `otherBase` the other one's; `segments` the
 * template's segments with the parameters filled in.
 */
export function pathVariants(base: string, otherBase: string, segments: Segment[], r: Rng): Variant[] {
  const join = (segs: string[]) => `/${segs.join('/')}`;
  const texts = segments.map((s) => s.text);
  const rest = join(texts);
  const out: Variant[] = [];
  const add = (kind: string, path: string) => out.push({ kind, path });
  const withSegment = (i: number, text: string) => base + join(texts.map((t, j) => (j === i ? text : t)));

  segments.forEach((s, i) => {
    if (!s.literal) return;
    for (const flipped of caseFlips(s.text, r)) add(`case: ${flipped}`, withSegment(i, flipped));
    const letter = [...s.text].findIndex(isLetter);
    if (letter >= 0)
      add(
        `percent-encoded letter in ${s.text}`,
        withSegment(i, s.text.slice(0, letter) + pct(s.text[letter]!) + s.text.slice(letter + 1)),
      );
    add(`;x=1 on ${s.text}`, withSegment(i, `${s.text};x=1`));
  });
  add('trailing slash', `${base}${rest}/`);
  add('double slash (leading)', `${base}/${rest}`);
  for (let i = 1; i < texts.length; i++)
    add(`double slash (inner, before ${texts[i]})`, base + join([...texts.slice(0, i), '', ...texts.slice(i)]));
  add('double slash (trailing)', `${base}${rest}//`);
  // Dot segments go before the last segment: a trailing `.` would be a parameter value of a longer template.
  const last = texts.length - 1;
  add('dot segment /./', base + join([...texts.slice(0, last), '.', texts[last]!]));
  add('dot segments /x/../', base + join([...texts.slice(0, last), 'x', '..', texts[last]!]));
  segments.forEach((s, i) => {
    if (!s.literal) add(`empty segment for ${segments.map((x) => x.text).join('/')}`, withSegment(i, ''));
  });

  const baseSegs = base.split('/').slice(1);
  for (const flipped of caseFlips(base, r)) add(`base path case: ${flipped}`, flipped + rest);
  add('base path double slash', `/${baseSegs[0]}//${baseSegs.slice(1).join('/')}${rest}`);
  add('leading double slash', `/${base}${rest}`);
  add(`base path via ${otherBase}/..`, `${dotsTo(otherBase, base)}${rest}`);
  add('base path without its version', join(baseSegs.slice(0, -1)) + rest);
  const seen = new Set<string>();
  return out.filter((v) => !seen.has(v.path) && seen.add(v.path) && v.path !== base + rest);
}

/** `from` followed by enough `..` to climb to the common prefix, then down to `to`: resolves to `to` but is not it. */
function dotsTo(from: string, to: string): string {
  const f = from.split('/').slice(1);
  const t = to.split('/').slice(1);
  let common = 0;
  while (common < f.length && common < t.length && f[common] === t[common]) common++;
  return `/${[...f, ...Array<string>(f.length - common).fill('..'), ...t.slice(common)].join('/')}`;
}
