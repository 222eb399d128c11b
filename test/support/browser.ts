import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { findMissingChromium, launchChromium } from './chromium';
import { describeRequiring } from './describe-requiring';

export { CHROMIUM } from './chromium';

/**
 * The browser suites drive Debian's chromium (test/support/chromium.ts). Without it they skip loudly, and
 * fail under CI (`.ci/run` installs it).
 */
export function describeWithChromium(name: string, body: () => void): void {
  describeRequiring(findMissingChromium(), name, body);
}

/** A page and every error it reported: console errors, uncaught exceptions, failed requests. */
export interface WatchedPage {
  page: Page;
  errors: string[];
}

/**
 * One chromium for a suite (playwright gives it a fresh user-data directory of its own, removed when it
 * closes: no profile, no state between runs). `open(url)` gives a page in a context of its own, 1280x800,
 * its errors collected (`options` adds to the context's: `httpCredentials`, say); the pages of a test are
 * closed after it.
 */
export function useChromium(): {
  open: (url: string, options?: BrowserContextOptions) => Promise<WatchedPage>;
} {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    for (const context of browser?.contexts() ?? []) await context.close();
  });
  return {
    open: async (url, options = {}) => {
      const context = await browser!.newContext({ viewport: { width: 1280, height: 800 }, ...options });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      page.on('requestfailed', (request) => {
        // A stream the page closes (EventSource) or a navigation away is no failure of the page.
        if (request.failure()?.errorText !== 'net::ERR_ABORTED') errors.push(`request: ${request.url()}`);
      });
      await page.goto(url);
      return { page, errors };
    },
  };
}

/** Screenshots for docs/console.md are taken only when asked: `UPDATE_SCREENSHOTS=1`. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  if (process.env.UPDATE_SCREENSHOTS !== '1') return;
  await page.screenshot({ path: path.join(__dirname, '../../docs/images', `console-${name}.png`) });
}
