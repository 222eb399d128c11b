import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describeWithChromium, saveScreenshot, useChromium } from '../support/browser';
import { startConsoleProcess, type ConsoleProcess } from '../support/console-process';
import { useServeProcesses, type ServeProcess } from '../support/serve-process';

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
    await page
      .locator('[data-testid=rule-editor] .cm-activeLine', { hasText: 'FRAUD_CHECK_COMPLETD' })
      .waitFor({ timeout: 5_000 });
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
    await expect(
      page
        .locator('[data-testid=not-fired-rules] [data-rule="fraud-and-spoofing/fraudster-suspected"]')
        .textContent(),
    ).resolves.toContain('not for this event (`on`)');
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
    // The refused save's 422 is the one error chromium reports (it logs every 4xx answer).
    expect(errors).toEqual([expect.stringContaining('status of 422')]);
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

describeWithChromium('the console page with a large pack', () => {
  const chromium = useChromium();
  let dir: string;
  let server: ConsoleProcess;

  /** A pack of 1,000 rules in one file (about 200 KB), with the examples' catalog. */
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'rulehook-console-large-'));
    cpSync(path.join(PACK, 'catalog.yaml'), path.join(dir, 'catalog.yaml'));
    // A clean pack, as one in use is: `risk.reason` takes any text under the catalog, `risk.level` does not.
    const rules = Array.from(
      { length: 1000 },
      (_, i) =>
        `  - id: rule-${i}\n    on: [FRAUD_CHECK_COMPLETED]\n    if: { var: fraud.score, gt: ${(i / 1000).toFixed(3)} }\n` +
        `    then:\n      set:\n        risk.reason: L${i}\n`,
    );
    writeFileSync(path.join(dir, 'large.yaml'), `ruleset: large\nrules:\n${rules.join('')}`);
    server = await startConsoleProcess(dir);
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  // How fast it opens is measured by `npm run bench -- console`, not here.
  it('opens a pack of 1,000 rules, ready to edit', async () => {
    const { page, errors } = await chromium.open(server.url);
    await page.locator('[data-testid=rule-editor] .cm-line', { hasText: 'rule-0' }).first().waitFor();
    const files = await page
      .locator('[data-testid=file-list] [data-file]')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-file')));
    expect(files.sort()).toEqual(['catalog.yaml', 'large.yaml']);
    await expect(page.locator('[data-testid=rule-editor]').getAttribute('data-file')).resolves.toBe(
      'large.yaml',
    );
    // The whole file is in the editor: its last rule is one keystroke away (the editor renders what is in view).
    await page.locator('[data-testid=rule-editor] .cm-content').focus();
    await page.keyboard.press('Control+End');
    await page
      .locator('[data-testid=rule-editor] .cm-line', { hasText: 'risk.reason: L999' })
      .waitFor({ timeout: 5_000 });
    expect(errors).toEqual([]);
  });
});

describeWithChromium('the console page under serve --console', () => {
  const chromium = useChromium();
  const serve = useServeProcesses(['--no-grpc', '--rules', PACK, '--console']);
  let server: ServeProcess;
  beforeEach(async () => {
    server = await serve();
  });
  const consoleUrl = () => `http://127.0.0.1:${server.httpPort}/console/`;

  it('is read-only, and shows the decisions of the server as they are made', async () => {
    const { page, errors } = await chromium.open(consoleUrl());
    await page.locator('[data-testid=rule-editor] .cm-content').waitFor();
    await expect(page.locator('[data-testid=save]').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Live decisions' }).click();
    await page.locator('.live-view .status.live').waitFor();
    const answer = await fetch(`http://127.0.0.1:${server.httpPort}/v1/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        session_variables: {
          'state.sessionId': 'cs-live-1',
          'state.currentEvent': 'SPOOF_CHECK_COMPLETED',
          'spoof.decision': 'SPOOF',
        },
      }),
    });
    expect(answer.status).toBe(200);
    const decision = page.locator('[data-testid=live-decisions] > li[data-session="cs-live-1"]');
    await decision.waitFor();
    await expect(decision.textContent()).resolves.toContain('fraud-and-spoofing/spoof-suspected');
    await saveScreenshot(page, 'live-decisions');
    await decision.getByRole('button', { name: 'Call timeline' }).click();
    await page.locator('[data-testid=call-timeline] > li[data-sent="true"]').first().waitFor();
    expect(errors).toEqual([]);
  });

  it('shows a recorded call as a timeline, event by event, sent or filtered', async () => {
    const { page, errors } = await chromium.open(consoleUrl());
    await page.getByRole('button', { name: 'Call timeline' }).click();
    await page.getByLabel('Recording', { exact: true }).fill('recordings/2024-06-11-risk-calls.jsonl');
    await page.getByLabel('Session id (optional)').fill('cs-20240611-3a6f10');
    await page.locator('[data-testid=show-call]').click();
    const events = page.locator('[data-testid=call-timeline] > li');
    await events.first().waitFor();
    const sent = await events.evaluateAll((items) => items.map((item) => item.getAttribute('data-sent')));
    expect(sent.length).toBeGreaterThan(1);
    expect(sent.every((value) => value === 'true' || value === 'false')).toBe(true);
    await expect(events.first().textContent()).resolves.toContain('CALL_STARTED');
    await saveScreenshot(page, 'call-timeline');
    expect(errors).toEqual([]);
  });
});
