import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { parse } from 'yaml';
import { describeWithChromium, useChromium } from '../support/browser';
import { openConsolePage, pasteOverEditor, readAttributes } from '../support/console-page';
import { useServeProcesses, type ServeProcess } from '../support/serve-process';

/**
 * The live decisions of `rulehook serve --console` (the built binary) in Debian's chromium, as an operator
 * uses them: filters, pause and resume while events keep coming, and a decision opened in the playground.
 */
const PACK = path.join(__dirname, '../../examples/fraud-and-spoofing');
jest.setTimeout(60_000);

const EVENTS: Record<string, Record<string, string>> = {
  spoof: {
    'state.sessionId': 'cs-live-a',
    'state.currentEvent': 'SPOOF_CHECK_COMPLETED',
    'spoof.decision': 'SPOOF',
  },
  fraud: {
    'state.sessionId': 'cs-live-b',
    'state.currentEvent': 'FRAUD_CHECK_COMPLETED',
    'fraud.decision': 'WATCHLIST_MATCH',
  },
  quiet: { 'state.sessionId': 'cs-live-c', 'state.currentEvent': 'CALL_STARTED', 'call.ani': '+14155550142' },
  later: { 'state.sessionId': 'cs-live-d', 'state.currentEvent': 'CALL_STARTED', 'call.ani': '+14155550143' },
};

describeWithChromium('live decisions in a browser, under serve --console', () => {
  const chromium = useChromium();
  const serve = useServeProcesses(['--no-grpc', '--rules', PACK, '--console']);
  let server: ServeProcess;
  beforeEach(async () => {
    server = await serve();
  });
  const base = () => `http://127.0.0.1:${server.httpPort}`;

  async function send(variables: Record<string, string>) {
    const answer = await fetch(`${base()}/v1/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session_variables: variables }),
    });
    expect(answer.status).toBe(200);
  }

  /** Opens the live view, waits for its stream, and sends the first three events. */
  async function openLive(): Promise<{ page: Page; errors: string[] }> {
    const watched = await openConsolePage(chromium.open, `${base()}/console/`);
    await watched.page.getByRole('button', { name: 'Live decisions' }).click();
    await watched.page.locator('.live-view .status.live').waitFor();
    for (const name of ['spoof', 'fraud', 'quiet']) await send(EVENTS[name]!);
    await watched.page.locator('[data-testid=live-decisions] > li[data-session="cs-live-c"]').waitFor();
    return watched;
  }

  const sessions = (page: Page) => readAttributes(page, '[data-testid=live-decisions] > li', 'data-session');

  /** The sessions of the decisions shown, once the page has rendered them (the list follows the filters). */
  async function expectSessions(page: Page, expected: string[]) {
    const until = Date.now() + 5_000;
    let shown = await sessions(page);
    while (JSON.stringify(shown) !== JSON.stringify(expected) && Date.now() < until) {
      await page.waitForTimeout(50);
      shown = await sessions(page);
    }
    expect(shown).toEqual(expected);
  }

  it('narrows the decisions by session, event, rule and outcome', async () => {
    const { page, errors } = await openLive();
    await expect(sessions(page)).resolves.toEqual(['cs-live-c', 'cs-live-b', 'cs-live-a']);
    // At 1280x800 the filters sit in one row at the top, and the decisions below them are on screen.
    const filters = (await page.locator('.live-view .filters').boundingBox())!;
    const first = (await page.locator('[data-testid=live-decisions] > li').first().boundingBox())!;
    expect(filters.height).toBeLessThan(80);
    expect(first.y).toBeGreaterThanOrEqual(filters.y + filters.height);
    expect(first.y + first.height).toBeLessThanOrEqual(800);
    const filter = async (label: string, value: string, expected: string[]) => {
      const field = page.locator('.live-view .filters').getByLabel(label, { exact: label !== 'Outcome' });
      if (label === 'Outcome') await field.selectOption(value);
      else await field.fill(value);
      await expectSessions(page, expected);
      if (label === 'Outcome') await field.selectOption('any');
      else await field.fill('');
    };
    await filter('Session', 'LIVE-B', ['cs-live-b']);
    await filter('Event', 'check_completed', ['cs-live-b', 'cs-live-a']);
    await filter('Rule', 'SPOOF-suspected', ['cs-live-a']);
    await filter('Outcome', 'fired', ['cs-live-b', 'cs-live-a']);
    await filter('Outcome', 'none', ['cs-live-c']);
    await filter('Outcome', 'error', []);
    await expect(sessions(page)).resolves.toEqual(['cs-live-c', 'cs-live-b', 'cs-live-a']);
    expect(errors).toEqual([]);
  });

  it('holds new decisions back while paused, and shows them on resume', async () => {
    const { page, errors } = await openLive();
    const pause = page.locator('[data-testid=pause-decisions]');
    await pause.click();
    await send(EVENTS.later!);
    await send({ ...EVENTS.spoof!, 'state.sessionId': 'cs-live-e' });
    // The decisions reached the page (they are counted) but are not shown.
    await page.locator('[data-testid=pause-decisions]', { hasText: 'Resume (2 waiting)' }).waitFor();
    await expect(sessions(page)).resolves.toEqual(['cs-live-c', 'cs-live-b', 'cs-live-a']);
    await pause.click();
    await expectSessions(page, ['cs-live-e', 'cs-live-d', 'cs-live-c', 'cs-live-b', 'cs-live-a']);
    await expect(pause.textContent()).resolves.toBe('Pause');
    expect(errors).toEqual([]);
  });

  it("opens a decision's event in the playground and runs it against the edited rules", async () => {
    const { page, errors } = await openLive();
    // An edit in the playground: spoof-suspected is turned off (not saved: the console is read-only).
    const saved = readFileSync(path.join(PACK, 'risk.yaml'), 'utf8');
    await page.getByRole('button', { name: 'Playground', exact: true }).click();
    await pasteOverEditor(
      page,
      saved.replace('  - id: spoof-suspected\n', (line) => `${line}    enabled: false\n`),
    );
    await page.locator('[data-testid=file-list] [data-file="risk.yaml"] .file-edited').waitFor();
    await page.getByRole('button', { name: 'Live decisions' }).click();

    const decision = page.locator('[data-testid=live-decisions] > li[data-session="cs-live-a"]');
    await expect(decision.textContent()).resolves.toContain('fraud-and-spoofing/spoof-suspected');
    await decision.getByRole('button', { name: 'Open in playground' }).click();

    const recent = (await (await fetch(`${base()}/console/api/decisions/recent`)).json()) as {
      decisions: { session_variables: Record<string, string> }[];
    };
    const received = recent.decisions.find((d) => d.session_variables['state.sessionId'] === 'cs-live-a');
    const input = page.locator('[data-testid=event-input]');
    await expect(input.isVisible()).resolves.toBe(true);
    expect(parse(await input.inputValue())).toEqual(received!.session_variables);

    // Run at once, against the edit: the rule that fired on the server is off here.
    await page.locator('[data-testid=event-sent][data-sent="true"]').waitFor();
    await expect(readAttributes(page, '[data-testid=fired-rules] > li', 'data-rule')).resolves.toEqual([]);
    await expect(
      page
        .locator('[data-testid=not-fired-rules] > li[data-rule="fraud-and-spoofing/spoof-suspected"]')
        .textContent(),
    ).resolves.toContain('enabled: false');
    expect(errors).toEqual([]);
  });
});
