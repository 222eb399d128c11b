import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { parse } from 'yaml';
import { describeWithChromium, useChromium } from '../support/browser';
import { BUILT_CLI } from '../support/built-cli';
import { openConsolePage, readAttributes } from '../support/console-page';
import { startConsoleProcess, type ConsoleProcess } from '../support/console-process';

/**
 * Where the console's events and calls come from, in Debian's chromium against the built binary: an event
 * (or a whole call) picked from a recording or a scenario test file into the playground, a recorded call
 * whose filtered events say why (as `rulehook replay` says), and a call of a running `rulehook sandbox`.
 */
const EXAMPLES = path.join(__dirname, '../../examples');
jest.setTimeout(60_000);

/** Picks, in the event panel, the `index`-th option (0: the whole call) of the call named `call`. */
async function pickEvent(page: Page, source: string, call: string, index: number) {
  await page.locator('[data-testid=event-source]').selectOption(source);
  const option = page.locator(`[data-testid=event-pick] optgroup[label="${call}"] option`).nth(index);
  await page.locator('[data-testid=event-pick]').selectOption((await option.getAttribute('value'))!);
}

describeWithChromium('events picked from the pack, and calls from a recording and a sandbox', () => {
  const chromium = useChromium();
  let server: ConsoleProcess;
  let noise: ConsoleProcess;
  beforeAll(async () => {
    [server, noise] = await Promise.all([
      startConsoleProcess(path.join(EXAMPLES, 'fraud-and-spoofing')),
      startConsoleProcess(path.join(EXAMPLES, 'noise-reduction')),
    ]);
  });
  afterAll(async () => {
    await Promise.all([server?.stop(), noise?.stop()]);
  });

  it("runs an event picked from the pack's recording, and one and a whole call picked from its test file", async () => {
    const { page, errors } = await openConsolePage(chromium.open, server.url);
    const recording = 'recordings/2024-06-11-risk-calls.jsonl';
    // The recording's first event that fires a rule, as the call endpoint runs it.
    const answer = await fetch(new URL('api/call', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ source: { recording } }),
    });
    const { events } = (await answer.json()) as {
      events: { fired: string[] | null; variables: Record<string, string> }[];
    };
    const firing = events.find((e) => (e.fired ?? []).length > 0)!;
    const session = firing.variables['state.sessionId']!;
    const index = events.filter((e) => e.variables['state.sessionId'] === session).indexOf(firing);
    await pickEvent(page, recording, session, index + 1);
    const input = page.locator('[data-testid=event-input]');
    expect(parse(await input.inputValue())).toEqual(firing.variables);
    await page.locator('[data-testid=run-event]').click();
    await page.locator(`[data-testid=fired-rules] [data-rule="${firing.fired![0]}"]`).waitFor();

    const test = "a recorded voice is stopped although it matched, with the README's answer";
    await pickEvent(page, 'risk.test.yaml', test, 1);
    expect(parse(await input.inputValue())).toMatchObject({
      'state.sessionId': 'cs-20240611-b81d02',
      'state.currentEvent': 'SPOOF_CHECK_COMPLETED',
      'spoof.reason': 'PLAYBACK_INDICATION',
    });
    await page.locator('[data-testid=run-event]').click();
    await page
      .locator('[data-testid=fired-rules] [data-rule="fraud-and-spoofing/spoof-suspected"]')
      .waitFor();

    // A whole call: the first test of several events, each event a step of the run.
    const groups = await readAttributes(page, '[data-testid=event-pick] optgroup', 'label');
    const sizes = await page
      .locator('[data-testid=event-pick] optgroup')
      .evaluateAll((items) => items.map((item) => item.querySelectorAll('option').length - 1));
    const call = sizes.findIndex((size) => size > 1);
    await pickEvent(page, 'risk.test.yaml', groups[call]!, 0);
    const list = parse(await input.inputValue()) as Record<string, string>[];
    expect(list).toHaveLength(sizes[call]!);
    await page.locator('[data-testid=run-event]').click();
    await expect(
      page
        .locator('.event-steps button')
        .nth(sizes[call]! - 1)
        .waitFor(),
    ).resolves.toBeUndefined();
    expect(errors).toEqual([]);
  });

  it("runs a test file's events with the file's engine settings, as rulehook test runs them", async () => {
    // `mark` writes custom.mark; `watch` fires on it only where the engine counts own updates as changes.
    const fixtures = await startConsoleProcess(path.join(__dirname, '../fixtures/engine-model'));
    try {
      const { page, errors } = await chromium.open(fixtures.url);
      await page.locator('[data-testid=file-list] [data-file="model.yaml"]').waitFor();
      const steps = page.locator('.event-steps button');
      const runCall = async (file: string, test: string) => {
        await pickEvent(page, file, test, 0);
        await page.locator('[data-testid=run-event]').click();
        await steps.nth(1).click();
      };
      const watch = page.locator('[data-testid=fired-rules] [data-rule="model/watch"]');
      await runCall('other-engine.test.yaml', "the webhook's own write is a change of the next event, once");
      await expect(page.locator('[data-testid=event-engine]').textContent()).resolves.toContain(
        'own_updates: changes',
      );
      await watch.waitFor();
      // The file without settings: the defaults, and the same write is no change.
      await runCall('default.test.yaml', "the webhook's own write is not a change of the next event");
      await page.locator('[data-testid=event-engine]').waitFor({ state: 'detached' });
      await watch.waitFor({ state: 'detached' });
      await expect(steps.nth(1).getAttribute('aria-pressed')).resolves.toBe('true');
      expect(errors).toEqual([]);
    } finally {
      await fixtures.stop();
    }
  });

  it('shows which events of a recorded call the filters hold back, and why, as rulehook replay does', async () => {
    const recording = 'recordings/2024-06-11-busy-hour.jsonl';
    const session = 'cs-20240611-a0c3b5';
    const replayed = execFileSync(
      process.execPath,
      [BUILT_CLI, 'replay', '--rules', '.', recording, '--session', session, '--format', 'jsonl'],
      { cwd: path.join(EXAMPLES, 'noise-reduction'), encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    )
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { sent: boolean; reason: string | null; entry: string | null });
    expect(replayed.some((e) => e.sent)).toBe(true);
    expect(replayed.some((e) => !e.sent)).toBe(true);

    const { page, errors } = await chromium.open(noise.url);
    await page.getByRole('button', { name: 'Call timeline' }).click();
    await page.getByLabel('Recording', { exact: true }).fill(recording);
    await page.getByLabel('Session id (optional)').fill(session);
    await page.locator('[data-testid=show-call]').click();
    const rows = page.locator('[data-testid=call-timeline] > li');
    await rows.nth(replayed.length - 1).waitFor();
    await expect(readAttributes(page, '[data-testid=call-timeline] > li', 'data-sent')).resolves.toEqual(
      replayed.map((e) => String(e.sent)),
    );
    const headlines = await rows.locator('.headline').allTextContents();
    for (const [index, event] of replayed.entries())
      if (!event.sent) expect(headlines[index]).toContain(`filtered: ${event.reason} (${event.entry})`);
      else expect(headlines[index]).not.toContain('filtered');
    expect(errors).toEqual([]);
  });

  describe('a call of a running sandbox', () => {
    let dir: string;
    let sandbox: ChildProcess | undefined;
    afterEach(() => {
      sandbox?.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    });

    /** The built `rulehook sandbox` on free ports, found through --ports-file; its HTTP base URL. */
    async function startSandbox(): Promise<string> {
      dir = mkdtempSync(path.join(tmpdir(), 'rulehook-console-sandbox-'));
      const file = path.join(dir, 'ports.json');
      sandbox = spawn(process.execPath, [
        BUILT_CLI,
        'sandbox',
        '--scenario',
        path.join(EXAMPLES, 'sandbox/noise-reduction.yaml'),
        '--rules',
        path.join(EXAMPLES, 'noise-reduction'),
        '--http-port',
        '0',
        '--grpc-port',
        '0',
        '--ports-file',
        file,
        '--start-time',
        '2026-05-01T09:00:00Z',
      ]);
      const deadline = Date.now() + 15_000;
      while (!existsSync(file) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const ports = JSON.parse(readFileSync(file, 'utf8')) as { http: { port: number } };
      return `http://127.0.0.1:${ports.http.port}`;
    }

    it("shows a sandbox call, run through the sandbox's HTTP API, event by event as the sandbox ran it", async () => {
      const base = await startSandbox();
      const started = await fetch(`${base}/v1/ivr-bot/bank/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ call_id: 'console-call', recording_id: 'rec-genuine' }),
      });
      const { call_session_id: id } = (await started.json()) as { call_session_id: string };
      // A second of the call (progress events come), then its end: the timeline no longer grows.
      await new Promise((r) => setTimeout(r, 1_200));
      expect((await fetch(`${base}/v1/ivr-bot/sessions/${id}`, { method: 'DELETE' })).status).toBe(200);
      const report = (await (await fetch(`${base}/v1/sandbox/sessions/${id}`)).json()) as {
        timeline: { kind: string; event?: string; sent?: boolean }[];
      };
      const expected = report.timeline.filter((entry) => entry.kind === 'event');
      expect(expected.length).toBeGreaterThan(1);

      const { page, errors } = await openConsolePage(chromium.open, server.url);
      await page.getByRole('button', { name: 'Call timeline' }).click();
      await page.locator('.call-source select').selectOption('sandbox');
      await page.getByLabel('Sandbox URL').fill(base);
      await page.getByLabel('Call session id').fill(id);
      await page.locator('[data-testid=show-call]').click();
      const rows = page.locator('[data-testid=call-timeline] > li');
      await rows.nth(expected.length - 1).waitFor();
      await expect(readAttributes(page, '[data-testid=call-timeline] > li', 'data-sent')).resolves.toEqual(
        expected.map((e) => String(e.sent)),
      );
      await expect(rows.locator('.headline b').allTextContents()).resolves.toEqual(
        expected.map((e) => e.event),
      );
      await expect(rows.first().textContent()).resolves.toContain(
        'noise-reduction/ignore-heartbeats-and-progress-counters',
      );
      expect(errors).toEqual([]);
    });

    it("lists the sandbox's sessions to pick a call from, each as the sandbox lists it", async () => {
      const base = await startSandbox();
      const ids: string[] = [];
      // Two calls at once, each on its own recording (the scenario's media serves any recording id).
      for (const call of ['first-call', 'second-call']) {
        const started = await fetch(`${base}/v1/ivr-bot/bank/sessions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ call_id: call, recording_id: `rec-${call}` }),
        });
        ids.push(((await started.json()) as { call_session_id: string }).call_session_id);
      }
      await new Promise((r) => setTimeout(r, 600));
      expect((await fetch(`${base}/v1/ivr-bot/sessions/${ids[1]}`, { method: 'DELETE' })).status).toBe(200);
      const listed = (await (await fetch(`${base}/v1/sandbox/sessions`)).json()) as {
        sessions: { call_session_id: string; call_id: string; state: string }[];
      };
      const answer = await fetch(new URL('api/sandbox-sessions', server.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url: base }),
      });
      expect(answer.status).toBe(200);
      await expect(answer.json()).resolves.toEqual({ sessions: listed.sessions });
      expect(listed.sessions.map((s) => [s.call_id, s.state])).toEqual([
        ['first-call', 'live'],
        ['second-call', 'ended'],
      ]);

      const { page, errors } = await openConsolePage(chromium.open, server.url);
      await page.getByRole('button', { name: 'Call timeline' }).click();
      await page.locator('.call-source select').first().selectOption('sandbox');
      await page.getByLabel('Sandbox URL').fill(base);
      await page.locator('[data-testid=load-sandbox-sessions]').click();
      const options = page.locator('[data-testid=sandbox-sessions] option');
      await options.nth(2).waitFor({ state: 'attached' });
      await expect(readAttributes(page, '[data-testid=sandbox-sessions] option', 'value')).resolves.toEqual([
        '',
        ...ids,
      ]);
      const labels = await options.allTextContents();
      expect(labels[1]).toContain('first-call');
      expect(labels[1]).toContain('live');
      expect(labels[2]).toContain('second-call');
      expect(labels[2]).toContain('ended');
      await page.locator('[data-testid=sandbox-sessions]').selectOption(ids[1]!);
      await expect(page.getByLabel('Call session id').inputValue()).resolves.toBe(ids[1]);
      await page.locator('[data-testid=show-call]').click();
      const report = (await (await fetch(`${base}/v1/sandbox/sessions/${ids[1]}`)).json()) as {
        timeline: { kind: string; event?: string }[];
      };
      const expected = report.timeline.filter((entry) => entry.kind === 'event').map((e) => e.event);
      const rows = page.locator('[data-testid=call-timeline] > li');
      await rows.nth(expected.length - 1).waitFor();
      await expect(rows.locator('.headline b').allTextContents()).resolves.toEqual(expected);
      expect(errors).toEqual([]);
    });
  });
});
