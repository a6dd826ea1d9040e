/**
 * Every request a page makes in headless Chromium, with the network unavailable: opens a file in a browser of its
 * own, lets the caller use the page, closes the browser and answers every URL asked for. Two recorders, because
 * neither sees everything:
 * - Playwright's request events (documents, scripts, styles, images, fonts, fetches of the page and its workers);
 * - Chromium's net log (`--log-net-log`), which also has what the browser process fetches for the page — the
 *   favicon, which Playwright never reports. Chromium's own background services (its updater, the Google account
 *   check) also appear there; each request names its purpose by a network traffic annotation, and only those of
 *   BROWSER_OWN are left out: anything else, known or new, is the page's.
 * `--host-resolver-rules=MAP * ~NOTFOUND` makes every host unresolvable, so nothing leaves the machine whatever the
 * page asks for.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { launchChromium } from './chromium.ts';

/**
 * Chromium's hash of a traffic annotation's unique id (net/traffic_annotation/network_traffic_annotation.h,
 * `COMPUTE_NETWORK_TRAFFIC_ANNOTATION_ID_HASH`): the number the net log shows as `traffic_annotation`.
 */
export function annotationHash(uniqueId: string): number {
  let h = uniqueId.charCodeAt(0);
  for (let i = 1; i < uniqueId.length; i++) h = (h * 31 + uniqueId.charCodeAt(i)) % 138003713;
  return h;
}

/** Requests Chromium makes for itself whatever the page: component updates, the signed-in Google accounts check. */
export const BROWSER_OWN = ['update_client', 'gaia_auth_list_accounts'];
/** Named in failure messages. */
const KNOWN = [...BROWSER_OWN, 'blink_resource_loader', 'favicon_loader'];
const NAMES = new Map(KNOWN.map((id) => [annotationHash(id), id]));

export interface PageRequest {
  url: string;
  /** `playwright`, or `netlog <traffic annotation>`. */
  seenBy: string;
}

/**
 * Requests that never leave the page: the file itself, inline data, blank documents, and the page's own in-memory
 * objects (`blob:` URLs made by `URL.createObjectURL`; Redoc makes some). A blob URL names its creator's origin,
 * which for a page opened from a file is `null`: `blob:null/<uuid>` is the page's own, any other blob is not.
 */
export const LOCAL = /^(file:|data:|about:|blob:null\/)/;

/** Opens `file` offline, runs `use` on the page, and answers every request made meanwhile (the local ones too). */
export async function pageRequests(file: string, use: (page: Page) => Promise<void>): Promise<PageRequest[]> {
  const dir = mkdtempSync(join(tmpdir(), 'page-requests-'));
  const netlog = join(dir, 'netlog.json');
  const seen: PageRequest[] = [];
  try {
    const browser = await launchChromium([`--log-net-log=${netlog}`, '--host-resolver-rules=MAP * ~NOTFOUND']);
    try {
      const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
      context.on('request', (r) => seen.push({ url: r.url(), seenBy: 'playwright' }));
      const page = await context.newPage();
      page.on('websocket', (ws) => seen.push({ url: ws.url(), seenBy: 'playwright websocket' }));
      await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
      await use(page);
    } finally {
      await browser.close(); // the net log is complete once the browser has exited
    }
    return [...seen, ...netlogRequests(readFileSync(netlog, 'utf8'))];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The URL of every request in a net log but Chromium's own (BROWSER_OWN). */
export function netlogRequests(text: string): PageRequest[] {
  const log = JSON.parse(text) as {
    constants: { logEventTypes: Record<string, number> };
    events: { type: number; params?: { url?: string; traffic_annotation?: number } }[];
  };
  const alive = log.constants.logEventTypes.REQUEST_ALIVE;
  const own = new Set(BROWSER_OWN.map(annotationHash));
  return log.events
    .filter((e) => e.type === alive && typeof e.params?.url === 'string' && !own.has(e.params.traffic_annotation ?? -1))
    .map((e) => ({
      url: e.params!.url!,
      seenBy: `netlog ${NAMES.get(e.params!.traffic_annotation ?? -1) ?? `annotation ${e.params!.traffic_annotation}`}`,
    }));
}

/** The requests to anything but the page itself (`url — seen by`), for an assertion that lists them. */
export const leaving = (requests: PageRequest[]) => [
  ...new Set(requests.filter((r) => !LOCAL.test(r.url)).map((r) => `${r.url} — ${r.seenBy}`)),
];
