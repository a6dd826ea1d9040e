// Reading vitest's JUnit reports (reports/*-junit.xml) without a dependency: .ci/summary.mjs runs even when npm ci
// failed. Also used by scripts/test-durations.ts, so that one reader decodes the reports' attribute values.

/** An attribute value's text: XML's character references decoded. */
export const unescape = (text) =>
  text
    .replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The decoded value of the attribute `name` in an element's attribute text, or '' when it has none. */
export const textOf = (name, attributes) =>
  unescape((attributes.match(new RegExp(`\\b${name}="([^"]*)"`)) ?? [])[1] ?? '');
