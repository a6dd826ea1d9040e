/**
 * Text that came from outside — a webhook receiver's answer, a biller's — made storable and bounded before it is
 * written or shown. PostgreSQL's text type refuses U+0000 (PGlite too: the write fails), a lone surrogate has no
 * UTF-8 form (drivers write it as U+FFFD, silently), and every column and contract field is limited in characters:
 * code points, which is what PostgreSQL's length() and JSON Schema's maxLength count, not UTF-16 units (String
 * .prototype.slice can cut a pair in two). Hand-written: it is a regular expression and a loop, and no package in
 * package.json does it (String.prototype.toWellFormed is ES2024, past the ES2023 library tsconfig.json targets).
 */

/** What U+0000 and lone surrogates become: the character TextDecoder already puts for bytes that are not UTF-8. */
export const REPLACEMENT_CHARACTER = '\uFFFD';

/** U+0000, a high surrogate not followed by a low one, a low one not preceded by a high one. */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * `text` without U+0000 or lone surrogates (each replaced by U+FFFD), cut to at most `maxChars` code points; with
 * `ellipsis`, a cut text ends in '…' (still within maxChars). Never reads more of a huge string than the bound needs.
 */
export function storableText(text: string, maxChars: number, { ellipsis = false } = {}): string {
  const max = Math.max(0, Math.trunc(maxChars));
  // Two units per code point at most, plus one so that a pair cut by this slice falls past the bound.
  const head = text.length > 2 * max + 1 ? text.slice(0, 2 * max + 1) : text;
  const clean = head.replace(UNSTORABLE, REPLACEMENT_CHARACTER);
  const cutAt = (n: number): number => {
    let end = 0;
    for (let i = 0; i < n && end < clean.length; i++) end += clean.codePointAt(end)! > 0xffff ? 2 : 1;
    return end;
  };
  const end = cutAt(max);
  if (end === clean.length && head === text) return clean;
  if (!ellipsis || max === 0) return clean.slice(0, end);
  return `${clean.slice(0, cutAt(max - 1))}…`;
}

/** storableText for a nullable value. */
export const storableTextOrNull = (text: string | null, maxChars: number, o?: { ellipsis?: boolean }): string | null =>
  text === null ? null : storableText(text, maxChars, o);
