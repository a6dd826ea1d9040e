/** Headless Debian Chromium through playwright-core (test tools may not download browsers here). */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumMissing = existsSync(chromiumPath)
  ? null
  : `${chromiumPath} not found (scripts/ensure-chromium.sh installs it as root with apt-get)`;

/** `extraArgs`: more Chromium switches (helpers/page-requests.ts: a net log, no host resolvable). */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}
