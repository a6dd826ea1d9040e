/** Dropping a tool's boxed notice keeps everything else it said. */
import { describe, expect, it } from 'vitest';
import { dropNoticeBoxes } from './notice-box.ts';

// As @redocly/cli 2.77 prints it before build-docs' own lines.
const REDOCLY = [
  '',
  '    ╔══════════════════════════════════════════════╗',
  '    ║                                              ║',
  '    ║  build-docs now renders docs with Redoc 3.   ║',
  '    ╚══════════════════════════════════════════════╝',
  '',
  "Found redocly.yaml and using 'openapi' options",
  'Prerendering docs',
  '',
  '🎉 bundled successfully in: dist/docs/index.html (2592 KiB) [⏱ 213ms].',
  '',
].join('\n');

describe('dropNoticeBoxes', () => {
  it('removes the box and keeps the lines around it', () => {
    expect(dropNoticeBoxes(REDOCLY)).toBe(
      "Found redocly.yaml and using 'openapi' options\nPrerendering docs\n\n🎉 bundled successfully in: dist/docs/index.html (2592 KiB) [⏱ 213ms].\n",
    );
  });

  it('keeps a line that merely contains a box character, and text without a box unchanged', () => {
    const text = 'error: unexpected ║ in title\nwarning: something\n';
    expect(dropNoticeBoxes(text)).toBe(text);
  });
});
