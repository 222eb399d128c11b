import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from '../observability/logger';
import { Metrics } from '../observability/metrics';
import { MemoryDisk } from '../../test/support/memory-disk';
import { Recorder } from './recorder';
import { createRedactor } from './redact-variables';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'rulehook-recorder-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

function capture(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const log = (m: string) => void lines.push(m);
  return { lines, debug: log, info: log, warn: log, error: log };
}
const event = (i: number) => ({ 'state.sessionId': `s-${i % 3}`, 'state.currentEvent': 'E', n: String(i) });
const counter = (metrics: Metrics, name: string) => metrics.snapshot()[name] ?? NaN;

describe('Recorder', () => {
  it('appends every event as a recording line, after what the file held', async () => {
    const file = path.join(dir, 'r.jsonl');
    await writeFile(file, '{"session_variables":{}}\n');
    const metrics = new Metrics();
    const recorder = new Recorder({ file, logger: capture(), metrics });
    for (let i = 0; i < 5; i++) recorder.record(event(i));
    await recorder.close();
    const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
    expect(lines).toHaveLength(6);
    expect(JSON.parse(lines[5]!)).toEqual({ session_variables: event(4) });
    expect(counter(metrics, 'rulehook_recorded_events_total')).toBe(5);
  });

  it('redacts before writing', async () => {
    const file = path.join(dir, 'r.jsonl');
    const recorder = new Recorder({
      file,
      logger: capture(),
      metrics: new Metrics(),
      redact: createRedactor(['n'], 'k'),
    });
    recorder.record(event(7));
    await recorder.close();
    expect(await readFile(file, 'utf8')).toMatch(/"n":"redacted:/);
  });

  it('rotates at line boundaries: FILE.1, FILE.2 ... in the order written, continuing the numbering', async () => {
    const file = path.join(dir, 'r.jsonl');
    await writeFile(`${file}.3`, '');
    const recorder = new Recorder({ file, logger: capture(), metrics: new Metrics(), maxBytes: 200 });
    for (let i = 0; i < 12; i++) recorder.record(event(i));
    await recorder.close();
    const names = (await readdir(dir)).sort();
    expect(names.length).toBeGreaterThan(3);
    expect(names).toContain('r.jsonl.4');
    const all: string[] = [];
    for (const name of [
      ...names
        .filter((n) => n !== 'r.jsonl.3' && n !== 'r.jsonl')
        .sort((a, b) => Number(a.split('.').pop()) - Number(b.split('.').pop())),
      'r.jsonl',
    ]) {
      const text = await readFile(path.join(dir, name), 'utf8');
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(200);
      all.push(...text.trimEnd().split('\n'));
    }
    expect(
      all.map((l) => (JSON.parse(l) as { session_variables: { n: string } }).session_variables.n),
    ).toEqual(Array.from({ length: 12 }, (_, i) => String(i)));
  });

  it('logs and counts a write error, loses those events, never throws, and recovers', async () => {
    const sub = path.join(dir, 'sub');
    await mkdir(sub);
    const file = path.join(sub, 'r.jsonl');
    const logger = capture();
    const metrics = new Metrics();
    const recorder = new Recorder({ file, logger, metrics, maxBytes: 100 });
    await recorder.open();
    await rm(sub, { recursive: true });
    expect(() => {
      for (let i = 0; i < 3; i++) recorder.record(event(i));
    }).not.toThrow();
    await recorder.close();
    expect(counter(metrics, 'rulehook_recording_write_errors_total')).toBeGreaterThanOrEqual(1);
    expect(counter(metrics, 'rulehook_recording_dropped_events_total')).toBeGreaterThanOrEqual(1);
    expect(logger.lines).toContain('cannot write the recording; events lost');
    await mkdir(sub);
    recorder.record(event(9));
    await recorder.close();
    expect(await readFile(file, 'utf8')).toContain('"n":"9"');
  });

  it('drops events, counted, rather than holding more than its buffer while the disk is slow', async () => {
    const file = path.join(dir, 'r.jsonl');
    const metrics = new Metrics();
    const logger = capture();
    const recorder = new Recorder({ file, logger, metrics, maxPendingEvents: 3 });
    for (let i = 0; i < 20; i++) recorder.record(event(i));
    await recorder.close();
    const written = (await readFile(file, 'utf8')).trimEnd().split('\n').length;
    const dropped = counter(metrics, 'rulehook_recording_dropped_events_total');
    expect(dropped).toBeGreaterThan(0);
    expect(written + dropped).toBe(20);
    expect(logger.lines.filter((l) => l.startsWith('recording buffer full'))).toHaveLength(1);
  });

  it('bounds what waits for the disk in bytes, whatever the number of events', async () => {
    const file = path.join(dir, 'b.jsonl');
    const metrics = new Metrics();
    const recorder = new Recorder({ file, logger: capture(), metrics, maxPendingBytes: 250_000 });
    const big = { 'state.sessionId': 's', transcript: 'x'.repeat(100_000) };
    for (let i = 0; i < 5; i++) recorder.record(big);
    await recorder.close();
    expect(counter(metrics, 'rulehook_recording_dropped_events_total')).toBe(3);
    expect((await readFile(file, 'utf8')).trimEnd().split('\n')).toHaveLength(2);
  });

  it('on a full disk: loses whole events, counts them, logs at most once per interval, and resumes', async () => {
    const disk = new MemoryDisk();
    const file = '/rec/r.jsonl';
    const lineBytes = Buffer.byteLength(JSON.stringify({ session_variables: event(0) }) + '\n');
    disk.capacity = lineBytes * 2.5;
    const logger = capture();
    const metrics = new Metrics();
    const recorder = new Recorder({ file, logger, metrics, fileSystem: disk, lossLogIntervalMs: 60_000 });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
    for (let i = 0; i < 4; i++) recorder.record(event(i));
    await settle();
    for (let i = 4; i < 7; i++) {
      recorder.record(event(i));
      await settle();
    }
    expect(counter(metrics, 'rulehook_recorded_events_total')).toBe(2);
    expect(counter(metrics, 'rulehook_recording_dropped_events_total')).toBe(5);
    expect(counter(metrics, 'rulehook_recording_write_errors_total')).toBe(4);
    expect(logger.lines).toEqual(['cannot write the recording; events lost']);

    disk.capacity = Number.POSITIVE_INFINITY;
    recorder.record(event(7));
    await recorder.close();
    expect(logger.lines).toEqual(['cannot write the recording; events lost', 'recording resumed']);
    const recorded = disk
      .text(file)
      .trimEnd()
      .split('\n')
      .map((l) => (JSON.parse(l) as { session_variables: { n: string } }).session_variables.n);
    expect(recorded).toEqual(['0', '1', '7']);
  });
});
