import { spawnSync } from 'node:child_process';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { readRecording, type RecordingItem } from '../../src/replay/input';
import { describeRequiring } from '../support/describe-requiring';
import { createFullDisk, type FullDisk } from '../support/full-disk';
import { BUILT_CLI, startServeProcess, type ServeProcess } from '../support/serve-process';

// Real processes and a real file system: allow for a loaded 2-core CI machine.
jest.setTimeout(60_000);

const RULES = path.resolve(__dirname, '../fixtures/e2e/rules');
/** 256 KiB of disk, 64 KiB of it held by a spare file that is deleted to make room again. */
const DISK_BYTES = 256 * 1024;
const SPARE_BYTES = 64 * 1024;
/** Events of about 1 KB, of lengths that do not divide a page: the disk fills in the middle of a line. */
const event = (n: number) => ({
  'state.sessionId': `disk-${n % 5}`,
  'state.currentEvent': 'CALL_STARTED',
  n: String(n),
  pad: 'x'.repeat(900 + (n % 7)),
});
const BEFORE = 320;
const AFTER = 40;

async function post(server: ServeProcess, n: number): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${server.httpPort}/v1/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ session_variables: event(n) }),
  });
  await res.arrayBuffer();
  return res.status;
}

async function readCounter(server: ServeProcess, name: string): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${server.httpPort}/metrics`)).text();
  return Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1] ?? NaN);
}

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The two files `serve` writes off the answer path, one BufferedLineFile each: the same guarantees. */
const FILES = [
  {
    flag: '--record',
    name: 'recording',
    written: 'rulehook_recorded_events_total',
    dropped: 'rulehook_recording_dropped_events_total',
    errors: 'rulehook_recording_write_errors_total',
  },
  {
    flag: '--decision-log',
    name: 'decision log',
    written: 'rulehook_decisions_logged_total',
    dropped: 'rulehook_decision_log_dropped_total',
    errors: 'rulehook_decision_log_write_errors_total',
  },
];

const disks = FILES.map(() => createFullDisk(DISK_BYTES, SPARE_BYTES));
const disk = disks.every((d) => d !== undefined) ? disks[0] : undefined;
const missing = disk === undefined ? 'cannot mount a tmpfs here, and prlimit is missing' : undefined;

describeRequiring(missing, `serve --record on a disk that fills up (${disk?.kind})`, () => {
  afterAll(() => disks.forEach((d) => d?.dispose()));

  it.each(FILES.map((f, i) => [f.flag, f, disks[i] as FullDisk] as const))(
    '%s: answers every event, loses whole lines only, counts and logs them, and writes again once there is room',
    async (flag, counters, full) => {
      const file = path.join(full.dir, 'events.jsonl');
      const server = await startServeProcess(['--rules', RULES, '--no-grpc', flag, file]);
      const accounted = async () =>
        (await readCounter(server, counters.written)) + (await readCounter(server, counters.dropped));
      let recordedWhileFull: number, dropped: number, writeErrors: number;
      try {
        full.limit(server.child.pid!);
        for (let n = 0; n < BEFORE; n++) expect(await post(server, n)).toBe(200);
        await waitFor(async () => (await accounted()) === BEFORE, 'every event to be written or dropped');
        recordedWhileFull = await readCounter(server, counters.written);
        expect(recordedWhileFull).toBeLessThan(BEFORE);

        full.makeRoom();
        for (let n = BEFORE; n < BEFORE + AFTER; n++) expect(await post(server, n)).toBe(200);
        await waitFor(async () => (await accounted()) === BEFORE + AFTER, 'the later events to be written');
        expect(await readCounter(server, counters.written)).toBe(recordedWhileFull + AFTER);
        dropped = await readCounter(server, counters.dropped);
        writeErrors = await readCounter(server, counters.errors);
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
      } finally {
        server.child.kill('SIGKILL');
        await server.exited;
      }

      // The replay reader sees only whole events: none glued to a fragment, none cut.
      const items: RecordingItem[] = [];
      for await (const item of readRecording(file, createReadStream(file))) items.push(item);
      expect(items.filter((i) => i.kind === 'bad')).toEqual([]);
      const recorded = items.map((i) => (i.kind === 'event' ? Number(i.variables.n) : NaN));
      expect(recorded.length).toBe(recordedWhileFull + AFTER);
      expect(recorded.length + dropped).toBe(BEFORE + AFTER);
      expect(recorded.slice(-AFTER)).toEqual(Array.from({ length: AFTER }, (_, i) => BEFORE + i));
      expect(recorded).toEqual([...recorded].sort((a, b) => a - b));
      for (const [i, item] of items.entries())
        if (item.kind === 'event') expect(item.variables).toEqual(event(recorded[i]!));
      const replayed = spawnSync(
        process.execPath,
        [BUILT_CLI, 'replay', '--rules', RULES, '--strict', file],
        {
          encoding: 'utf8',
        },
      );
      expect(replayed.stderr).toBe('');
      expect(replayed.status).toBe(0);

      // Logged, rate-limited: one line when writes start failing, one when they work again.
      const logs = server
        .stderr()
        .split('\n')
        .filter((l) => l.includes(counters.name))
        .map((l) => JSON.parse(l) as { msg: string; lost: number });
      expect(writeErrors).toBeGreaterThan(logs.length);
      expect(logs.map((l) => l.msg)).toEqual([
        `cannot write the ${counters.name}; events lost`,
        `${counters.name} resumed`,
      ]);
      expect(logs[0]!.lost + logs[1]!.lost).toBe(dropped);
    },
  );
});
