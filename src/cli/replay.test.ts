import path from 'node:path';
import { createMemoryIO } from '../../test/support/memory-io';
import { runCli } from './main';
import { runReplay } from './replay';

const FIXTURE = path.resolve(__dirname, '../../test/fixtures/replay/filters');

describe('runReplay', () => {
  it('prints its help', async () => {
    const io = createMemoryIO();
    expect(await runReplay(['--help'], io)).toBe(0);
    expect(io.out()).toContain('Usage: rulehook replay --rules PATH RECORDING...');
    expect(io.out()).toContain('--target URL');
  });

  it('refuses wrong usage with exit 2, saying why, then the usage', async () => {
    const io = createMemoryIO();
    expect(await runReplay(['--rules', 'x'], io)).toBe(2);
    expect(io.err()).toMatch(/^rulehook replay: give at least one recording/);
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
    expect(io.err()).toBe('');
  });
});
