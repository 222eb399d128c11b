import { WebhookCore } from '../hosts';
import { emptyProcessor } from '../processor/event-processor';
import { drainBeforeStopping, drainMilliseconds } from './drain';

describe('drainMilliseconds', () => {
  it.each([
    ['SIGTERM', 5000],
    ['SIGINT', 0],
    [undefined, 0],
  ])('drains on %s for %d ms', (reason, ms) => {
    expect(drainMilliseconds(reason, 5)).toBe(ms);
  });
});

describe('drainBeforeStopping', () => {
  it('turns readiness false at once, then waits, saying so', async () => {
    const core = new WebhookCore({ processor: emptyProcessor });
    const lines: string[] = [];
    const started = Date.now();
    const draining = drainBeforeStopping(core, 100, { write: (text: string) => lines.push(text) });
    expect(core.readiness.status).toBe('draining');
    await draining;
    expect(Date.now() - started).toBeGreaterThanOrEqual(95);
    expect(lines).toEqual(['rulehook: draining for 0.1 s: not ready, still answering events\n']);
  });

  it('turns readiness false without waiting or a line when there is no drain', async () => {
    const core = new WebhookCore({ processor: emptyProcessor });
    const lines: string[] = [];
    await drainBeforeStopping(core, 0, { write: (text: string) => lines.push(text) });
    expect([core.readiness.status, lines]).toEqual(['draining', []]);
  });
});
