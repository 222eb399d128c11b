import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's chromium (`apt-get install chromium`), driven by playwright-core: no browser is ever
 * downloaded. Shared by the browser tests (test/support/browser.ts) and the console benchmark.
 */
export const CHROMIUM = '/usr/bin/chromium';

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** What the machine lacks to run chromium, and how to get it; undefined when it is there. */
export function findMissingChromium(): string | undefined {
  return existsSync(CHROMIUM) ? undefined : `${CHROMIUM} is missing (apt-get install chromium)`;
}

/** A headless chromium; playwright gives it a fresh user-data directory of its own, removed on close. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
}
