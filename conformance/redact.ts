/**
 * Secrets never leave the runner: every message, report line and terminal line passes through redact(), which
 * keeps a key's environment prefix (useful when reading a failure) and drops the rest.
 */
const SECRET = /sk_(live|test)_[^\s"'`,;&<>()[\]{}\\]*/g;

export function redact(text: string): string {
  return text.replace(SECRET, 'sk_$1_…');
}

/** Redacted excerpt of a text: at most `max` characters. */
export function excerpt(text: string, max = 300): string {
  const clean = redact(text).replace(/\s+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}
