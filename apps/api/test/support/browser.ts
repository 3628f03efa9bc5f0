import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium (`apt-get install -y chromium`); `.ci/run` installs it when it is missing. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Why browser tests cannot run here, or undefined when they can. Playwright's own browser
 * download is not possible on these machines, so the tests use the system's Chromium.
 */
export const browserSkipReason: string | undefined = existsSync(CHROMIUM_PATH)
  ? undefined
  : `needs Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium, or set CHROMIUM_PATH)`;

/**
 * Headless Chromium with the flags that keep it off the network on its own (no background
 * updates, sync or component downloads): every request it makes is one a page asked for.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
