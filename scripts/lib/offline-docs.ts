/**
 * Makes the page `redocly build-docs --inlineBundle` writes send no request anywhere but to itself, so the docs work
 * opened from a file with no network, and never tell a third party who reads them. `--inlineBundle` already inlines
 * Redoc's script and styles, and Redoc 3 loads no web font; what is left, and what this removes:
 *
 * - the footer badge "API docs by Redocly", whose logo is an <img> of a Redocly CDN URL that Redoc hard-codes (no
 *   option turns it off; collapsing the sidebar shows the small logo). Each URL becomes `data:,`: the image fails
 *   without a request, and Redoc's own onError then renders nothing in its place (the words and link stay);
 * - the favicon: the page declares an empty inline one (`data:,`), so no browser asks a host (nor the reference
 *   server at /docs) for /favicon.ico.
 *
 * A hand-written string replacement, since Redoc has no setting for either; test/contract/docs-offline.test.ts
 * records every request the built page makes in Chromium and fails on any to a host, so a Redocly upgrade that
 * moves the logo is caught there.
 */

/** Remote images Redoc 3 hard-codes (the footer logo, full and for a collapsed sidebar). */
export const REMOTE_LOGOS = [
  'https://cdn.redoc.ly/redoc/logo-mini-full.svg',
  'https://cdn.redoc.ly/redoc/logo-mini.svg',
] as const;

const EMPTY = 'data:,';
const FAVICON = `<link rel="icon" href="${EMPTY}">`;

export interface OfflinePage {
  html: string;
  /** The remote URLs that were in the page (and are no longer). */
  removed: string[];
}

export function offlinePage(html: string): OfflinePage {
  const removed = REMOTE_LOGOS.filter((url) => html.includes(url));
  let out = removed.reduce((page, url) => page.replaceAll(url, EMPTY), html);
  if (!/<link\b[^>]*\brel=["']?(?:shortcut )?icon\b/i.test(out)) {
    const head = /<head(\s[^>]*)?>/i.exec(out);
    if (!head) throw new Error('docs: the page has no <head> to declare its favicon in');
    out = out.slice(0, head.index + head[0].length) + `\n  ${FAVICON}` + out.slice(head.index + head[0].length);
  }
  return { html: out, removed };
}
