import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { parse } from 'yaml';
import { describeWithChromium, useChromium } from '../support/browser';
import {
  EDITOR,
  gotoLineEnd,
  openConsolePage,
  pasteOverEditor,
  readAttributes,
} from '../support/console-page';
import { startConsoleProcess, type ConsoleProcess } from '../support/console-process';
import { runCliProcess } from '../support/run-cli-process';

/**
 * The playground of `rulehook console` (the built binary) in Debian's chromium, on copies of the
 * fraud-and-spoofing pack: the tests panel against `rulehook test`, completion of event names, and a rule
 * owner's whole journey from an event a rule misses to the fix saved on disk.
 */
const PACK = path.join(__dirname, '../../examples/fraud-and-spoofing');
jest.setTimeout(60_000);

function copyPack(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'rulehook-console-'));
  cpSync(PACK, dir, { recursive: true, filter: (file) => !file.endsWith('.ts') });
  return dir;
}

interface CliReport {
  summary: { tests: number; passed: number; failed: number; files: number };
  files: { tests: { name: string; status: string; failures: { mismatches: Mismatch[] }[] }[] }[];
  coverage: { neverFired: string[] };
}
interface Mismatch {
  path: string;
  expected: unknown;
  actual: unknown;
}

/**
 * `rulehook console` on a copy of the pack, for the describe block it is called in: `dir()` and `server()`
 * are that block's, once its beforeAll ran.
 */
function useConsoleOnCopy(): { dir: () => string; server: () => ConsoleProcess } {
  let dir: string;
  let server: ConsoleProcess;
  beforeAll(async () => {
    dir = copyPack();
    server = await startConsoleProcess(dir);
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  return { dir: () => dir, server: () => server };
}

/** What `rulehook test --format json --coverage` prints for the pack in `dir`. */
async function runCliTests(dir: string): Promise<CliReport> {
  const run = await runCliProcess(['test', '--format', 'json', '--coverage', dir], 30_000);
  expect(run.timedOut).toBe(false);
  return JSON.parse(run.stdout) as CliReport;
}

/** spoof-suspected alerts with severity `major` (the tests expect `critical`), and a rule no test fires. */
function breakRules(text: string): string {
  const at = text.indexOf('severity: critical', text.indexOf('- id: spoof-suspected'));
  const rule = [
    '  - id: note-lost-media',
    '    on: HEARTBEAT_MEDIA',
    '    if: { var: spoof.reason, equals: MEDIA_LOST }',
    '    then:',
    '      set:',
    '        risk.reason: media lost',
    '',
  ].join('\n');
  return `${text.slice(0, at)}severity: major${text.slice(at + 'severity: critical'.length)}${rule}`;
}

describeWithChromium('the playground in a browser', () => {
  const chromium = useChromium();
  const { dir, server } = useConsoleOnCopy();

  it('runs the scenario tests as `rulehook test` does, lists a broken expectation and the rules never fired', async () => {
    const { page, errors } = await openConsolePage(chromium.open, server().url);
    const summary = page.locator('[data-testid=tests-summary]');
    const counts = async () => ({
      tests: Number(await summary.getAttribute('data-tests')),
      passed: Number(await summary.getAttribute('data-passed')),
      failed: Number(await summary.getAttribute('data-failed')),
    });

    await page.locator('[data-testid=run-tests]').click();
    await summary.waitFor();
    const clean = await runCliTests(dir());
    expect(clean.summary.failed).toBe(0);
    await expect(counts()).resolves.toEqual({
      tests: clean.summary.tests,
      passed: clean.summary.passed,
      failed: 0,
    });
    await expect(page.locator('[data-testid=test-failures] > li').count()).resolves.toBe(0);
    await expect(page.locator('[data-testid=never-fired]').count()).resolves.toBe(0);

    // The same edit in the page (not saved) and in a copy of the pack that `rulehook test` runs on.
    const broken = breakRules(readFileSync(path.join(dir(), 'risk.yaml'), 'utf8'));
    const copy = copyPack();
    try {
      writeFileSync(path.join(copy, 'risk.yaml'), broken);
      const expected = await runCliTests(copy);
      await pasteOverEditor(page, broken);
      await page.locator('[data-testid=file-list] [data-file="risk.yaml"] .file-edited').waitFor();
      await page.locator('[data-testid=run-tests]').click();
      await page.locator('[data-testid=tests-summary][data-failed]:not([data-failed="0"])').waitFor();

      expect(expected.summary.failed).toBeGreaterThan(0);
      await expect(counts()).resolves.toEqual({
        tests: expected.summary.tests,
        passed: expected.summary.passed,
        failed: expected.summary.failed,
      });
      const failed = expected.files.flatMap((f) => f.tests).filter((t) => t.status !== 'passed');
      await expect(readAttributes(page, '[data-testid=test-failures] > li', 'data-test')).resolves.toEqual(
        failed.map((t) => t.name),
      );
      const mismatch = failed[0]!.failures[0]!.mismatches[0]!;
      expect(mismatch).toMatchObject({ expected: 'critical', actual: 'major' });
      const shown = page
        .locator('[data-testid=test-failures] > li')
        .first()
        .locator(`pre[data-path="${mismatch.path}"]`);
      await expect(shown.textContent()).resolves.toBe(
        `${mismatch.path}\n  expected: "critical"\n  actual:   "major"`,
      );

      expect(expected.coverage.neverFired).toEqual(['fraud-and-spoofing/note-lost-media']);
      await expect(readAttributes(page, '[data-testid=never-fired] > li', 'data-rule')).resolves.toEqual(
        expected.coverage.neverFired,
      );
      // A rule never fired opens its rule in the editor.
      await page.locator('[data-testid=never-fired] > li button').click();
      await page
        .locator('[data-testid=rule-editor] .cm-activeLine', { hasText: 'note-lost-media' })
        .waitFor();
      // The page ran the tests without writing the pack.
      expect(readFileSync(path.join(dir(), 'risk.yaml'), 'utf8')).not.toContain('note-lost-media');
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
    expect(errors).toEqual([]);
  });

  it("completes the catalog's event names in `on: [`, and inserts the one picked", async () => {
    const { page, errors } = await openConsolePage(chromium.open, server().url);
    const catalog = parse(readFileSync(path.join(dir(), 'catalog.yaml'), 'utf8')) as { events: string[] };
    await page.locator(EDITOR).focus();
    await page.keyboard.press('Control+End');
    await page.keyboard.insertText('  - id: new-rule\n    on: ');
    await page.keyboard.press('Escape');
    await page.keyboard.type('[');
    const options = page.locator('.cm-tooltip-autocomplete li .cm-completionLabel');
    await options.first().waitFor();
    const labels = await options.allTextContents();
    expect([...labels].sort()).toEqual([...catalog.events].sort());

    await page.keyboard.type('HEARTBEAT_M');
    await expect(options.allTextContents()).resolves.toEqual(['HEARTBEAT_MEDIA']);
    await page.keyboard.press('Enter');
    await page
      .locator('[data-testid=rule-editor] .cm-activeLine', { hasText: 'on: [HEARTBEAT_MEDIA]' })
      .waitFor();
    // A comma opens the list again, for the next event.
    await page.keyboard.type(',');
    await expect(options.first().textContent()).resolves.toBeTruthy();
    await page.keyboard.press('Escape');
    await expect(page.locator('.cm-tooltip-autocomplete').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
  });
});

describeWithChromium("a rule owner's journey in the console", () => {
  const chromium = useChromium();
  const { dir, server } = useConsoleOnCopy();

  it('sees why a rule does not fire, fixes it, runs the event and the tests again, and saves the fix', async () => {
    const { page, errors } = await openConsolePage(chromium.open, server().url);
    const onDisk = readFileSync(path.join(dir(), 'risk.yaml'), 'utf8');
    const qaRule = 'fraud-and-spoofing/skip-qa-test-calls';

    // QA now calls from +1 202 555 0300-0399 too: their spoofing tests still raise the alarm.
    await page
      .locator('[data-testid=event-input]')
      .fill(
        [
          'state.sessionId: cs-qa-0342',
          'state.currentEvent: SPOOF_CHECK_COMPLETED',
          'call.ani: "+12025550342"',
          'spoof.decision: SPOOF',
        ].join('\n'),
      );
    await page.locator('[data-testid=run-event]').click();
    const fired = page.locator('[data-testid=fired-rules] > li');
    await fired.first().waitFor();
    await expect(readAttributes(page, '[data-testid=fired-rules] > li', 'data-rule')).resolves.toEqual([
      'fraud-and-spoofing/spoof-suspected',
    ]);
    await page.getByText('Why the other rules did not fire').click();
    const why = page.locator(`[data-testid=not-fired-rules] > li[data-rule="${qaRule}"]`);
    await expect(why.isVisible()).resolves.toBe(true);
    await expect(why.textContent()).resolves.toBe(
      `${qaRule}: its \`if\` does not hold: call.ani regex "^\\\\+120255501\\\\d\\\\d$" is false (actual ` +
        `"+12025550342"); call.ani matches "sip:qa-*@*" is false (actual "+12025550342")`,
    );

    // The fix: one more QA number range in the `qa-test-call` condition, typed in the editor.
    await gotoLineEnd(page, onDisk, `- { var: call.ani, matches: "sip:qa-*@*" }`);
    await page.keyboard.press('Enter');
    await page.keyboard.type(`- { var: call.ani, regex: '^\\+120255503\\d\\d$' }`);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+Enter');
    await page.locator(`[data-testid=fired-rules] > li[data-rule="${qaRule}"]`).waitFor();
    await expect(readAttributes(page, '[data-testid=fired-rules] > li', 'data-rule')).resolves.toEqual([
      qaRule,
    ]);
    await expect(page.locator('[data-testid=response]').textContent()).resolves.toContain(
      'QA test number +12025550342',
    );

    await page.locator('[data-testid=run-tests]').click();
    await page.locator('[data-testid=status]', { hasText: 'tests passed' }).waitFor();
    await expect(page.locator('[data-testid=tests-summary]').getAttribute('data-failed')).resolves.toBe('0');

    await page.locator('[data-testid=save]').click();
    await page.locator('[data-testid=status]', { hasText: 'saved risk.yaml' }).waitFor();
    const matches = `      - { var: call.ani, matches: "sip:qa-*@*" }\n`;
    expect(readFileSync(path.join(dir(), 'risk.yaml'), 'utf8')).toBe(
      onDisk.replace(matches, () => `${matches}      - { var: call.ani, regex: '^\\+120255503\\d\\d$' }\n`),
    );
    await expect(page.locator('[data-testid=file-list] .file-edited').count()).resolves.toBe(0);
    // `rulehook test` agrees with the page on the saved pack.
    await expect(runCliTests(dir()).then((report) => report.summary.failed)).resolves.toBe(0);
    expect(errors).toEqual([]);
  });
});

/**
 * What has the focus (a test id, a file, the editor, or the text of a button), marked `data-reached`; `body`
 * when nothing has it.
 */
async function takeFocus(page: Page): Promise<string> {
  const focused = page.locator(':focus');
  if ((await focused.count()) === 0) return 'body';
  return focused.evaluate((element) => {
    element.setAttribute('data-reached', '');
    const id = element.getAttribute('data-testid');
    if (id !== null) return id;
    if (element.closest('[data-testid=rule-editor]') !== null) return 'rule-editor';
    const file = element.closest('[data-file]')?.getAttribute('data-file');
    if (file) return `file:${file}`;
    return `${element.tagName.toLowerCase()}:${element.textContent?.trim() ?? ''}`;
  });
}

describeWithChromium('the playground with the keyboard, at 1280x800', () => {
  const chromium = useChromium();
  const { server } = useConsoleOnCopy();

  it('reaches every control with Tab in reading order, and buttons work with Enter and Space', async () => {
    const { page, errors } = await openConsolePage(chromium.open, server().url);
    const order: string[] = [];
    for (let i = 0; i < 40; i += 1) {
      await page.keyboard.press('Tab');
      const focus = await takeFocus(page);
      if (order.includes(focus)) break;
      order.push(focus);
    }
    const at = (focus: string) => {
      expect(order).toContain(focus);
      return order.indexOf(focus);
    };
    const reading = [
      'button:Playground',
      'button:Live decisions',
      'button:Call timeline',
      'file:catalog.yaml',
      'file:risk.yaml',
      'run-tests',
      'share',
      'rule-editor',
      'event-input',
      'run-event',
    ];
    expect(reading.map(at)).toEqual(reading.map(at).sort((a, b) => a - b));
    // Every visible control the page offers is among those Tab reached.
    const missed = await page
      .locator('button, input, select, textarea, a[href], [contenteditable=true]')
      .evaluateAll((elements) =>
        elements
          .filter((e) => !e.matches(':disabled, [data-reached]') && e.getClientRects().length > 0)
          .map((e) => e.outerHTML.slice(0, 80)),
      );
    expect(missed).toEqual([]);

    // Enter on "Run tests", Space on a view's button.
    await page.locator('[data-testid=run-tests]').focus();
    await page.keyboard.press('Enter');
    await page.locator('[data-testid=tests-summary]').waitFor();
    await page.getByRole('button', { name: 'Live decisions' }).focus();
    await page.keyboard.press('Space');
    await page.locator('.live-view .hint').waitFor();
    await expect(page.locator('[data-testid=event-input]').isVisible()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Playground', exact: true }).focus();
    await page.keyboard.press('Space');
    await page.locator('[data-testid=event-input]').waitFor();

    // Ctrl+Enter in the editor runs the event panel's event.
    await page.locator(EDITOR).focus();
    await page.keyboard.press('Control+Enter');
    await page.locator('[data-testid=event-sent]').waitFor();
    await expect(page.locator('[data-testid=rule-editor] :focus').count()).resolves.toBe(1);
    expect(errors).toEqual([]);
  });

  it('shows the main panels whole at 1280x800, with no page scrolling sideways', async () => {
    const { page, errors } = await openConsolePage(chromium.open, server().url);
    // With an event's result and the tests' report shown, the panels at their fullest.
    await page.locator('[data-testid=run-event]').click();
    await page.locator('[data-testid=event-sent]').waitFor();
    await page.locator('[data-testid=run-tests]').click();
    await page.locator('[data-testid=tests-summary]').waitFor();
    expect(page.viewportSize()).toEqual({ width: 1280, height: 800 });
    const overflow = await page.locator('html').evaluate((html) => ({
      x: html.scrollWidth - html.clientWidth,
      y: html.scrollHeight - html.clientHeight,
    }));
    expect(overflow).toEqual({ x: 0, y: 0 });
    for (const id of [
      'file-list',
      'run-tests',
      'share',
      'rule-editor',
      'diagnostics',
      'event-input',
      'run-event',
    ]) {
      const box = await page.locator(`[data-testid=${id}]`).boundingBox();
      expect({ id, box }).toEqual({ id, box: expect.anything() });
      expect({ id, left: box!.x >= 0, right: box!.x + box!.width <= 1280, top: box!.y >= 0 }).toEqual({
        id,
        left: true,
        right: true,
        top: true,
      });
      expect({ id, visible: box!.y < 800 && box!.width > 0 }).toEqual({ id, visible: true });
    }
    expect(errors).toEqual([]);
  });
});
