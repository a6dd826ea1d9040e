/** Drops the boxed notices (╔═…═╗ / ║ … ║ / ╚═…═╝) a tool draws around an announcement, and keeps every other line. */

const BOX_LINE = /^\s*[╔║╚]/;

export function dropNoticeBoxes(text: string): string {
  const kept = text.split('\n').filter((line) => !BOX_LINE.test(line));
  // A box is usually framed by blank lines; do not leave a gap of several where it stood.
  return kept
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+/, '');
}
