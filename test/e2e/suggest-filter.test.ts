import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCliProcess } from '../support/run-cli-process';

/**
 * The built binary, as a user runs it in a pack: the filter it writes goes into the pack, which then
 * validates strictly, passes its tests, and replays its recordings with fewer events sent.
 */
describe('rulehook suggest-filter, end to end', () => {
  let pack: string;
  beforeAll(async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'rulehook-suggest-filter-e2e-'));
    pack = path.join(work, 'fraud-and-spoofing');
    await cp(path.resolve(__dirname, '../../examples/fraud-and-spoofing'), pack, { recursive: true });
  });
  afterAll(async () => {
    await rm(path.dirname(pack), { recursive: true, force: true });
  });

  it('writes a filter the pack validates, tests and replays with', async () => {
    const cli = (...args: string[]) => runCliProcess(args, 30_000, { cwd: pack });
    const summary = async () => (await cli('replay', '--format', 'summary')).stdout;
    const before = await summary();

    const run = await cli('suggest-filter', '--write', 'suggested-filter.yaml', '--format', 'json');
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    const report = JSON.parse(run.stdout);
    expect(report.written).toBe('suggested-filter.yaml');
    expect(report.entries.length).toBeGreaterThan(0);
    expect(report.total.events).toBeGreaterThan(0);
    expect(await readFile(path.join(pack, 'suggested-filter.yaml'), 'utf8')).toMatch(
      /^# yaml-language-server: \$schema=\S+\n# Written by rulehook suggest-filter\.\n/,
    );

    expect((await cli('validate', '--strict', '.')).code).toBe(0);
    const tests = await cli('test');
    expect({ code: tests.code, end: tests.stdout.slice(-40) }).toEqual({
      code: 0,
      end: expect.stringMatching(/ passed, 0 failed\n$/),
    });
    // The replay's count of events sent drops by exactly what the report says it saves.
    const sent = (text: string) => Number(/\n {2}sent +([\d,]+) /.exec(text)?.[1]?.replaceAll(',', ''));
    expect(sent(before)).toBe(report.total.sentBefore);
    expect(sent(before) - sent(await summary())).toBe(report.total.events);
  }, 120_000);
});
