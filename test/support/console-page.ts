import type { BrowserContextOptions, Page } from 'playwright-core';
import type { WatchedPage } from './browser';

/** The editor's text area (CodeMirror's content element), where a user types. */
export const EDITOR = '[data-testid=rule-editor] .cm-content';

/** Opens the console at `url` and waits for the pack: risk.yaml listed, and a file in the editor. */
export async function openConsolePage(
  open: (url: string, options?: BrowserContextOptions) => Promise<WatchedPage>,
  url: string,
  options?: BrowserContextOptions,
): Promise<WatchedPage> {
  const watched = await open(url, options);
  await watched.page.locator('[data-testid=file-list] [data-file="risk.yaml"]').waitFor();
  await watched.page.locator(EDITOR).waitFor();
  return watched;
}

/**
 * Puts the cursor at the end of the first line of the open file holding `text` (after the line holding
 * `after`, when given), as a keyboard user does: the editor's "go to line" (Ctrl+Alt+G).
 */
export async function gotoLineEnd(page: Page, fileText: string, text: string, after = ''): Promise<void> {
  const lines = fileText.split('\n');
  const from = lines.findIndex((l) => l.includes(after));
  const line = lines.findIndex((l, index) => index >= from && l.includes(text)) + 1;
  expect(line).toBeGreaterThan(0);
  await page.locator(EDITOR).focus();
  await page.keyboard.press('Control+Alt+g');
  await page.keyboard.type(String(line));
  await page.keyboard.press('Enter');
  await page.keyboard.press('End');
}

/** Replaces the open file's whole text, as pasting over a selection of all of it does. */
export async function pasteOverEditor(page: Page, text: string): Promise<void> {
  await page.locator(EDITOR).focus();
  await page.keyboard.press('Control+a');
  await page.keyboard.insertText(text);
  await page.keyboard.press('Escape');
}

/** The values of `attribute` on the elements `selector` finds, in document order. */
export function readAttributes(page: Page, selector: string, attribute: string): Promise<(string | null)[]> {
  return page
    .locator(selector)
    .evaluateAll((items, name) => items.map((item) => item.getAttribute(name)), attribute);
}
