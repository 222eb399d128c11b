import { createEmptyResponse, encodeDecisionLine, type EventDecision } from '../contract';
import type { Logger } from '../observability/logger';
import { Metrics } from '../observability/metrics';
import { MemoryDisk } from '../../test/support/memory-disk';
import { DecisionLog } from './decision-log';
import { createLogMask } from './log-mask';

function capture(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const log = (m: string) => void lines.push(m);
  return { lines, debug: log, info: log, warn: log, error: log };
}
const decision = (n: number): EventDecision => ({
  time: 0,
  requestId: `r-${n}`,
  revision: 'rev',
  durationMs: 0.5,
  variables: {
    'state.sessionId': `s-${n % 3}`,
    'state.currentEvent': 'E',
    'call.ani': '+1555',
    n: String(n),
  },
  fired: [],
  response: createEmptyResponse(),
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
const parse = (text: string) =>
  text
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as { request_id: string; session_variables: Record<string, string> });

describe('DecisionLog', () => {
  it('writes one masked line per decision, after the answer, and counts them', async () => {
    const disk = new MemoryDisk();
    const metrics = new Metrics();
    const log = new DecisionLog({
      file: '/d/d.jsonl',
      logger: capture(),
      metrics,
      fileSystem: disk,
      mask: createLogMask(['call.ani'], 'k'),
    });
    for (let i = 0; i < 3; i++) log.log(decision(i));
    expect(disk.text('/d/d.jsonl')).toBe('');
    await log.close();
    const lines = parse(disk.text('/d/d.jsonl'));
    expect(lines.map((l) => l.request_id)).toEqual(['r-0', 'r-1', 'r-2']);
    expect(lines.every((l) => /^redacted:/.test(l.session_variables['call.ani']!))).toBe(true);
    expect(metrics.snapshot()).toMatchObject({ rulehook_decisions_logged_total: 3 });
  });

  it('rotates at line boundaries like --record: FILE.1 is the oldest', async () => {
    const disk = new MemoryDisk();
    const log = new DecisionLog({
      file: '/d/d.jsonl',
      logger: capture(),
      metrics: new Metrics(),
      fileSystem: disk,
      maxBytes: 600,
    });
    for (let i = 0; i < 10; i++) log.log(decision(i));
    await log.close();
    const parts = [...disk.files.keys()].filter((f) => f !== '/d/d.jsonl').sort();
    expect(parts.length).toBeGreaterThan(1);
    const ordered = [
      ...parts.sort((a, b) => Number(a.split('.').pop()) - Number(b.split('.').pop())),
      '/d/d.jsonl',
    ];
    for (const part of ordered) expect(disk.files.get(part)!.length).toBeLessThanOrEqual(600);
    expect(ordered.flatMap((f) => parse(disk.text(f)).map((l) => l.request_id))).toEqual(
      Array.from({ length: 10 }, (_, i) => `r-${i}`),
    );
  });

  it('on a full disk: loses whole lines, counts them, logs once per interval, and resumes', async () => {
    const disk = new MemoryDisk();
    disk.capacity = Buffer.byteLength(encodeDecisionLine(decision(0))) * 2.5;
    const logger = capture();
    const metrics = new Metrics();
    const log = new DecisionLog({
      file: '/d/d.jsonl',
      logger,
      metrics,
      fileSystem: disk,
      lossLogIntervalMs: 60_000,
    });
    for (let i = 0; i < 6; i++) {
      log.log(decision(i));
      await settle();
    }
    const written = metrics.snapshot().rulehook_decisions_logged_total!;
    const dropped = metrics.snapshot().rulehook_decision_log_dropped_total!;
    expect(written).toBe(2);
    expect(dropped).toBeGreaterThan(0);
    expect(written + dropped).toBe(6);
    expect(metrics.snapshot().rulehook_decision_log_write_errors_total).toBeGreaterThan(0);
    expect(logger.lines).toEqual(['cannot write the decision log; events lost']);
    expect(parse(disk.text('/d/d.jsonl'))).toHaveLength(written);

    disk.capacity = Number.POSITIVE_INFINITY;
    log.log(decision(6));
    await log.close();
    expect(logger.lines).toEqual(['cannot write the decision log; events lost', 'decision log resumed']);
    expect(parse(disk.text('/d/d.jsonl')).at(-1)!.request_id).toBe('r-6');
  });

  it('drops decisions, counted, rather than holding more than its buffer', async () => {
    const metrics = new Metrics();
    const logger = capture();
    const log = new DecisionLog({
      file: '/d/d.jsonl',
      logger,
      metrics,
      fileSystem: new MemoryDisk(),
      maxPendingDecisions: 2,
    });
    for (let i = 0; i < 5; i++) log.log(decision(i));
    await log.close();
    expect(metrics.snapshot()).toMatchObject({
      rulehook_decisions_logged_total: 2,
      rulehook_decision_log_dropped_total: 3,
    });
    expect(logger.lines).toEqual(['decision log buffer full: events dropped until the disk catches up']);
  });
});
