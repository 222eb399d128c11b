import { createMemoryIO } from '../../test/support/memory-io';
import { runCli } from './main';
import { readPackageVersion } from './package-info';

describe('runCli', () => {
  it('prints the version', async () => {
    const io = createMemoryIO();
    expect(await runCli(['--version'], io)).toBe(0);
    expect(io.out()).toBe(`${readPackageVersion()}\n`);
    expect(readPackageVersion()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('prints help listing every command', async () => {
    const io = createMemoryIO();
    expect(await runCli(['--help'], io)).toBe(0);
    for (const command of ['serve', 'validate']) expect(io.out()).toMatch(new RegExp(`^  ${command} `, 'm'));
  });

  it('prints usage and exits 2 with no command, or an unknown one', async () => {
    const none = createMemoryIO();
    expect(await runCli([], none)).toBe(2);
    expect(none.out()).toContain('Usage: rulehook <command>');
    const unknown = createMemoryIO();
    expect(await runCli(['serv'], unknown)).toBe(2);
    expect(unknown.err()).toContain(`unknown command "serv"; did you mean 'serve'?`);
  });

  it('dispatches to a command', async () => {
    const io = createMemoryIO();
    expect(await runCli(['validate', '--help'], io)).toBe(0);
    expect(io.out()).toContain('Usage: rulehook validate');
  });
});
