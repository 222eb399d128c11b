import path from 'node:path';
import { createMemoryIO } from '../../../../test/support/memory-io';
import { runCli } from '../../main';
import { runReplay } from './replay';

const FIXTURE = path.resolve(__dirname, '../../../../test/fixtures/replay/filters');
const PACK = path.resolve(__dirname, '../../../../examples/noise-reduction');

describe('runReplay', () => {
  it('prints its help', async () => {
    const io = createMemoryIO();
    expect(await runReplay(['--help'], io)).toBe(0);
    expect(io.out()).toContain('Usage: rulehook replay --rules PATH RECORDING...');
    expect(io.out()).toContain('--target URL');
  });

  it('refuses wrong usage with exit 2, saying why, then the usage', async () => {
    const io = createMemoryIO({ cwd: FIXTURE });
    expect(await runReplay(['recording.jsonl'], io)).toBe(2);
    expect(io.err()).toMatch(/^rulehook replay: give the rules to replay through with --rules PATH/);
    expect(io.err()).toContain('Usage: rulehook replay');
  });

  it('without RECORDING, replays the recordings/ of the pack in the current directory through its rules', async () => {
    const io = createMemoryIO({ cwd: PACK });
    expect(await runReplay(['--format', 'summary'], io)).toBe(0);
    expect(io.err()).toBe(
      'rulehook replay: replaying recordings/2024-06-11-busy-hour.jsonl through the rules of the current directory\n',
    );
    expect(io.out()).toMatch(/events +\d+ from 1 file/);
    expect(io.out()).toContain('noise-reduction/ignore-heartbeats-and-progress-counters');
  });

  it('without RECORDING but with --rules, replays the recordings/ of the current directory through those', async () => {
    const io = createMemoryIO({ cwd: PACK });
    expect(await runReplay(['--rules', '../fraud-and-spoofing', '--format', 'summary'], io)).toBe(0);
    expect(io.err()).toContain('through ../fraud-and-spoofing\n');
    expect(io.out()).not.toContain('noise-reduction/');
  });

  it('without RECORDING, outside a pack, says what to give (exit 2)', async () => {
    const io = createMemoryIO({ cwd: FIXTURE });
    expect(await runReplay([], io)).toBe(2);
    expect(io.err()).toMatch(
      /^rulehook replay: give at least one recording \(a \.jsonl or \.jsonl\.gz file, or - for stdin\); without one, replay reads recordings\/\*\.jsonl of the current directory, and there is none/,
    );
    expect(io.err()).toContain('Usage: rulehook replay');
  });

  it('is a command of the CLI', async () => {
    const io = createMemoryIO({ cwd: FIXTURE });
    expect(
      await runCli(['replay', '--rules', 'rules.yaml', 'recording.jsonl', '--format', 'summary'], io),
    ).toBe(0);
    expect(io.out()).toMatch(/events +13 from 1 file/);
    const help = createMemoryIO();
    await runCli(['--help'], help);
    expect(help.out()).toMatch(/^ {2}replay /m);
  });

  it('colours the timeline only on a terminal without NO_COLOR', async () => {
    const tty = createMemoryIO({ cwd: FIXTURE, isTTY: true });
    await runReplay(['--rules', 'rules.yaml', 'recording.jsonl'], tty);
    expect(tty.out()).toContain('\x1b[32msent');
    const noColor = createMemoryIO({ cwd: FIXTURE, isTTY: true, env: { NO_COLOR: '1' } });
    await runReplay(['--rules', 'rules.yaml', 'recording.jsonl'], noColor);
    expect(noColor.out()).not.toContain('\x1b[');
  });

  it('draws a progress bar only when stderr is a terminal', async () => {
    const io = createMemoryIO({ cwd: FIXTURE });
    await runReplay(['--rules', 'rules.yaml', 'recording.jsonl', '--format', 'summary'], io);
    // Nothing but the rules' own warning (their audio.* filter can stop events other rules wait for).
    const loadReport = /^[\s\S]*\n0 errors, 1 warning in 1 file\n/;
    expect(io.err()).toMatch(loadReport);
    expect(io.err().replace(loadReport, '')).toBe('');
  });
});
