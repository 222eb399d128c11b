import type { Browser } from 'playwright-core';
import { check } from './suite';

/** What the page shows once it is ready to edit: every file of the pack listed, the first rule file open. */
export interface ReadyState {
  /** How many entries the file list has: one per file `GET /console/api/pack` lists. */
  files: number;
  /** The file the editor opens first (the page's choice: the first rule file the API lists). */
  file: string;
  /** The first line of that file, as the editor renders it. */
  firstLine: string;
}

/** One page load, in ms since the navigation started (the page's `performance.timeOrigin`). */
export interface PageLoad {
  /** console.js received (its resource timing's responseEnd). */
  script: number;
  /** `GET /console/api/pack` answered (responseEnd). */
  pack: number;
  /** The DOM first matches the ReadyState (a MutationObserver sees it, in the same task). */
  ready: number;
  /** The first animation frame after `ready`: the page as the user sees it, ready to edit. */
  frame: number;
}

/**
 * Runs in the page before any of its scripts: watches every DOM change and records when the page first
 * holds the ReadyState, then the start of the next animation frame (that frame paints it).
 */
function readinessScript(want: ReadyState): string {
  return `(() => {
  const want = ${JSON.stringify(want)};
  const isReady = () => {
    const editor = document.querySelector('[data-testid=rule-editor]');
    const line = editor === null ? null : editor.querySelector('.cm-content .cm-line');
    return (
      line !== null &&
      line.textContent === want.firstLine &&
      editor.getAttribute('data-file') === want.file &&
      document.querySelectorAll('[data-testid=file-list] [data-file]').length === want.files
    );
  };
  const observer = new MutationObserver(() => {
    if (!isReady()) return;
    observer.disconnect();
    const ready = performance.now();
    requestAnimationFrame(() => (window.__rulehookReady = { ready, frame: performance.now() }));
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
})();`;
}

const READ_TIMINGS = `(() => {
  const end = (part) => performance.getEntriesByType('resource').find((e) => e.name.endsWith(part))?.responseEnd;
  return { ...window.__rulehookReady, script: end('/console/console.js'), pack: end('/console/api/pack') };
})()`;

/**
 * Opens `url` in a fresh browser context (no cache, no storage: a first visit) and waits until the page
 * is ready to edit; fails the run when the page reports an error.
 */
export async function loadConsolePage(browser: Browser, url: string, want: ReadyState): Promise<PageLoad> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.addInitScript({ content: readinessScript(want) });
    await page.goto(url);
    await page.waitForFunction('window.__rulehookReady !== undefined', undefined, { timeout: 30_000 });
    const load = (await page.evaluate(READ_TIMINGS)) as Partial<PageLoad>;
    check(errors.length === 0, `the console page reports no error (${errors.join('; ')})`);
    for (const key of ['script', 'pack', 'ready', 'frame'] as const)
      check(typeof load[key] === 'number', `the page load has its ${key} time`);
    return load as PageLoad;
  } finally {
    await context.close();
  }
}
