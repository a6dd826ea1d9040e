/** The page made offline: Redoc's remote logos become inline nothing, an empty inline favicon is declared once. */
import { describe, expect, it } from 'vitest';
import { offlinePage, REMOTE_LOGOS } from './offline-docs.ts';

const page = (head: string, body: string) =>
  `<!DOCTYPE html>\n<html lang="en">\n<head>${head}</head>\n<body>${body}</body></html>`;
const logoScript = `<script>src:e?\`${REMOTE_LOGOS[0]}\`:\`${REMOTE_LOGOS[1]}\`</script>`;

describe('offlinePage', () => {
  it('replaces every remote logo with an empty inline image and says which it removed', () => {
    const r = offlinePage(page('', logoScript + logoScript));
    for (const url of REMOTE_LOGOS) expect(r.html).not.toContain(url);
    expect(r.html).toContain('src:e?`data:,`:`data:,`');
    expect(r.removed).toEqual([...REMOTE_LOGOS]);
  });

  it('declares an empty inline favicon once, in the head, and keeps a page without logos as it was otherwise', () => {
    const r = offlinePage(page('<title>x</title>', '<p>head <head> in text</p>'));
    expect(r.html.match(/rel="icon"/g)).toHaveLength(1);
    expect(r.html).toMatch(/<head>\n {2}<link rel="icon" href="data:,"><title>x<\/title>/);
    expect(r.removed).toEqual([]);
    expect(offlinePage(r.html).html).toBe(r.html); // idempotent
  });

  it('leaves a favicon the page already declares (the browser test judges where it points)', () => {
    const html = page('<link rel="shortcut icon" href="favicon.png">', '');
    expect(offlinePage(html).html).toBe(html);
  });

  it('refuses a page without a head', () => {
    expect(() => offlinePage('<html><body></body></html>')).toThrow(/no <head>/);
  });
});
