import path from 'node:path';
import { describeWithChromium, useChromium } from '../support/browser';
import { openConsolePage, readAttributes } from '../support/console-page';
import { useServeProcesses, type ServeProcess } from '../support/serve-process';

/**
 * Sessions under `rulehook serve --console --session-key call.uuid`, in Debian's chromium against the built
 * binary: the live decisions show, filter and open calls by that variable's value, not by `state.sessionId`.
 */
const PACK = path.join(__dirname, '../../examples/fraud-and-spoofing');
jest.setTimeout(60_000);

// Every event carries the same state.sessionId: only call.uuid tells the two calls apart.
const EVENTS = [
  { 'call.uuid': 'uuid-a', 'state.currentEvent': 'CALL_STARTED', 'call.ani': '+14155550142' },
  {
    'call.uuid': 'uuid-b',
    'state.currentEvent': 'FRAUD_CHECK_COMPLETED',
    'fraud.decision': 'WATCHLIST_MATCH',
  },
  { 'call.uuid': 'uuid-a', 'state.currentEvent': 'SPOOF_CHECK_COMPLETED', 'spoof.decision': 'SPOOF' },
].map((variables) => ({ 'state.sessionId': 'cs-shared', ...variables }));

describeWithChromium('live decisions by the session key of serve --session-key', () => {
  const chromium = useChromium();
  const serve = useServeProcesses(['--no-grpc', '--rules', PACK, '--console', '--session-key', 'call.uuid']);
  let server: ServeProcess;
  beforeEach(async () => {
    server = await serve();
  });

  it("shows each decision's session by call.uuid, filters by it and opens its call", async () => {
    const base = `http://127.0.0.1:${server.httpPort}`;
    const { page, errors } = await openConsolePage(chromium.open, `${base}/console/`);
    await page.getByRole('button', { name: 'Live decisions' }).click();
    await page.locator('.live-view .status.live').waitFor();
    for (const variables of EVENTS) {
      const answer = await fetch(`${base}/v1/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ session_variables: variables }),
      });
      expect(answer.status).toBe(200);
    }
    const rows = '[data-testid=live-decisions] > li';
    await page.locator(rows).nth(2).waitFor();
    await expect(readAttributes(page, rows, 'data-session')).resolves.toEqual(['uuid-a', 'uuid-b', 'uuid-a']);
    await expect(page.locator(`${rows} code`).allTextContents()).resolves.toEqual([
      'uuid-a',
      'uuid-b',
      'uuid-a',
    ]);

    const filter = page.locator('.live-view .filters').getByLabel('Session', { exact: true });
    await filter.fill('UUID-B');
    await page.locator(rows).nth(1).waitFor({ state: 'detached' });
    await expect(readAttributes(page, rows, 'data-session')).resolves.toEqual(['uuid-b']);
    await filter.fill('cs-shared');
    await page.locator(rows).first().waitFor({ state: 'detached' });
    await filter.fill('');
    await page.locator(rows).nth(2).waitFor();

    // The call of uuid-a: its two events, in order, and not uuid-b's.
    await page
      .locator(`${rows}[data-session="uuid-a"]`)
      .first()
      .getByRole('button', { name: 'Call timeline' })
      .click();
    const timeline = page.locator('[data-testid=call-timeline] > li');
    await timeline.nth(1).waitFor();
    await expect(timeline.locator('.headline b').allTextContents()).resolves.toEqual([
      'CALL_STARTED',
      'SPOOF_CHECK_COMPLETED',
    ]);
    expect(errors).toEqual([]);
  });
});
