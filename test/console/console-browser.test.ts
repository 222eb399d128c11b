import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describeWithChromium, saveScreenshot, useChromium } from '../support/browser';
import { startConsoleProcess, type ConsoleProcess } from '../support/console-process';

/**
 * The console's page in Debian's chromium, against `rulehook console` (the built binary) on a copy of the
 * fraud-and-spoofing pack: what a rule owner does in the playground, and that the page reports no error.
 */
const PACK = path.join(__dirname, '../../examples/fraud-and-spoofing');
jest.setTimeout(60_000);

describeWithChromium('the console page in a browser', () => {
  const chromium = useChromium();
  let dir: string;
  let server: ConsoleProcess;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'rulehook-console-'));
    cpSync(PACK, dir, { recursive: true, filter: (file) => !file.endsWith('.ts') });
    server = await startConsoleProcess(dir);
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Opens the console and waits for the pack: the file list, and risk.yaml in the editor. */
  async function openConsole(url = server.url) {
    const watched = await chromium.open(url);
    await watched.page.locator('[data-testid=file-list] [data-file="risk.yaml"]').waitFor();
    await watched.page.locator('[data-testid=rule-editor] .cm-content').waitFor();
    return watched;
  }

  /**
   * Puts the cursor at the end of the line of risk.yaml (as on disk) that holds `text`, as a keyboard user
   * does: the editor's "go to line" (Ctrl+Alt+G).
   */
  async function gotoLineEnd(page: Page, text: string) {
    const lines = readFileSync(path.join(dir, 'risk.yaml'), 'utf8').split('\n');
    const line = lines.findIndex((l) => l.includes(text)) + 1;
    expect(line).toBeGreaterThan(0);
    await page.locator('[data-testid=rule-editor] .cm-content').focus();
    await page.keyboard.press('Control+Alt+g');
    await page.keyboard.type(String(line));
    await page.keyboard.press('Enter');
    await page.keyboard.press('End');
  }

  it('lists the files of the pack and opens the rules, without any error', async () => {
    const { page, errors } = await openConsole();
    const files = await page
      .locator('[data-testid=file-list] [data-file]')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-file')));
    expect(files).toEqual(expect.arrayContaining(['catalog.yaml', 'risk.yaml', 'risk.test.yaml']));
    await expect(page.locator('[data-testid=rule-editor]').getAttribute('data-file')).resolves.toBe(
      'risk.yaml',
    );
    await page.locator('[data-testid=diagnostics]').waitFor({ state: 'attached' });
    await saveScreenshot(page, 'playground');
    expect(errors).toEqual([]);
  });

  it('reports a misspelled event name as you type, and a click on the problem moves the cursor to it', async () => {
    const { page, errors } = await openConsole();
    await gotoLineEnd(page, 'on: [FRAUD_CHECK_COMPLETED, VERIFY_COMPLETED]');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.type(', FRAUD_CHECK_COMPLETD');
    await page.keyboard.press('Escape');
    const problem = page.locator('[data-testid=diagnostics] [data-code=UNKNOWN_EVENT]');
    await problem.waitFor();
    await expect(problem.textContent()).resolves.toContain('FRAUD_CHECK_COMPLETD');
    await gotoLineEnd(page, 'priority: 100');
    await problem.locator('button').click();
    await expect(page.locator('[data-testid=rule-editor] .cm-activeLine').textContent()).resolves.toContain(
      'FRAUD_CHECK_COMPLETD',
    );
    await saveScreenshot(page, 'diagnostics');
    expect(errors).toEqual([]);
  });

  it('runs an event through the edited rules: the rules that fired, why the others did not, the response', async () => {
    const { page, errors } = await openConsole();
    await page
      .locator('[data-testid=event-input]')
      .fill(
        [
          'state.sessionId: cs-1',
          'state.currentEvent: SPOOF_CHECK_COMPLETED',
          'spoof.decision: SPOOF',
          'spoof.score: 0.97',
        ].join('\n'),
      );
    await page.locator('[data-testid=event-input]').press('Control+Enter');
    const fired = page.locator('[data-testid=fired-rules] [data-rule="fraud-and-spoofing/spoof-suspected"]');
    await fired.waitFor();
    const response = JSON.parse((await page.locator('[data-testid=response]').textContent()) ?? '');
    expect(response).toMatchObject({
      result_code: 200,
      actions_to_perform: [{ action: 'NotifyAgent' }],
      session_variable_updates: expect.arrayContaining([{ key: 'risk.level', value: 'HIGH' }]),
    });
    await expect(page.locator('[data-testid=event-sent]').getAttribute('data-sent')).resolves.toBe('true');
    await saveScreenshot(page, 'event');
    expect(errors).toEqual([]);
  });

  it('refuses to save a broken file, showing why, and saves it once it is fixed', async () => {
    const { page, errors } = await openConsole();
    const onDisk = readFileSync(path.join(dir, 'risk.yaml'), 'utf8');
    await gotoLineEnd(page, 'priority: 50');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('high');
    await page.keyboard.press('Escape');
    await page.locator('[data-testid=save]').click();
    await page.locator('[data-testid=status]', { hasText: 'not saved' }).waitFor();
    await page.locator('[data-testid=diagnostics] [data-code=INVALID_TYPE]').waitFor();
    expect(readFileSync(path.join(dir, 'risk.yaml'), 'utf8')).toBe(onDisk);

    await gotoLineEnd(page, 'priority: 50');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('51');
    await page.keyboard.press('Escape');
    await page.locator('[data-testid=save]').click();
    await page.locator('[data-testid=status]', { hasText: 'saved risk.yaml' }).waitFor();
    expect(readFileSync(path.join(dir, 'risk.yaml'), 'utf8')).toBe(
      onDisk.replace('priority: 50', 'priority: 51'),
    );
    expect(errors).toEqual([]);
  });

  it('restores the edited file and the event from a share link', async () => {
    const first = await openConsole();
    await gotoLineEnd(first.page, 'ruleset: fraud-and-spoofing');
    await first.page.keyboard.type('\n# shared edit ü');
    await first.page.locator('[data-testid=event-input]').fill('state.currentEvent: HEARTBEAT\n');
    await first.page.locator('[data-testid=share]').click();
    const link = await first.page.locator('[data-testid=share-link]').inputValue();
    expect(link.startsWith(server.url)).toBe(true);

    const second = await openConsole(link);
    await expect(
      second.page.locator('[data-testid=rule-editor] .cm-content').textContent(),
    ).resolves.toContain('# shared edit ü');
    await expect(second.page.locator('[data-testid=event-input]').inputValue()).resolves.toBe(
      'state.currentEvent: HEARTBEAT\n',
    );
    await expect(
      second.page.locator('[data-testid=file-list] [data-file="risk.yaml"] .file-edited').count(),
    ).resolves.toBe(1);
    expect([...first.errors, ...second.errors]).toEqual([]);
  });
});
