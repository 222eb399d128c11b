import { createMemoryIO } from '../../test/support/memory-io';
import { UserError } from '../terminal/user-error';
import { runCli, runCommand } from './main';
import { readPackageVersion } from './package-info';

describe('runCli', () => {
  it('prints the version', async () => {
    const io = createMemoryIO();
    expect(await runCli(['--version'], io)).toBe(0);
    expect(io.out()).toBe(`${readPackageVersion()}\n`);
    expect(readPackageVersion()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('prints its help, the options rendered from their definitions', async () => {
    const io = createMemoryIO();
    expect(await runCli(['-h'], io)).toBe(0);
    expect(io.out()).toBe(`Usage: rulehook <command> [options]

Commands:
  console         serve the web console: edit, try and test the rules of a pack in a browser
  init            create a starter rule pack: rules, catalog, scenario tests, a recording
  lsp             run the language server for editors (diagnostics, completion, hover, quick fixes)
  replay          replay recorded events through rules (or a live webhook), compare rule versions
  sandbox         serve a local IVR bot and audio processing service with scripted biometric results
  serve           serve the webhook over HTTP and gRPC
  suggest-filter  suggest the event filter a pack can afford, proven on recorded calls
  test            run the rule tests (scenario files), with coverage
  validate        check rule files and report every problem

Options:
  -h, --help      show this help (rulehook <command> --help for a command's options)
  -v, --version   print the version
`);
  });

  it('prints help listing every command', async () => {
    const io = createMemoryIO();
    expect(await runCli(['--help'], io)).toBe(0);
    for (const command of ['init', 'serve', 'validate'])
      expect(io.out()).toMatch(new RegExp(`^  ${command} `, 'm'));
  });

  it('prints usage and exits 2 with no command, or an unknown one', async () => {
    const none = createMemoryIO();
    expect(await runCli([], none)).toBe(2);
    expect(none.out()).toContain('Usage: rulehook <command>');
    const unknown = createMemoryIO();
    expect(await runCli(['serv'], unknown)).toBe(2);
    expect(unknown.err()).toContain(`unknown command "serv"; did you mean 'serve'?`);
    const misspelledOption = createMemoryIO();
    expect(await runCli(['--verison'], misspelledOption)).toBe(2);
    expect(misspelledOption.err()).toContain(`unknown option "--verison"; did you mean '--version'?`);
    const unknownOption = createMemoryIO();
    expect(await runCli(['--rules'], unknownOption)).toBe(2);
    expect(unknownOption.err()).toMatch(/^rulehook: unknown option "--rules"\n/);
  });

  it('dispatches to a command', async () => {
    const io = createMemoryIO();
    expect(await runCli(['validate', '--help'], io)).toBe(0);
    expect(io.out()).toContain('Usage: rulehook validate');
  });
});

describe('runCommand', () => {
  it('reports a user error a command throws as `rulehook COMMAND: message`, with its exit code', async () => {
    const io = createMemoryIO();
    const code = await runCommand('replay', io, () =>
      Promise.reject(new UserError('cannot read x.jsonl', 3)),
    );
    expect(code).toBe(3);
    expect(io.err()).toBe('rulehook replay: cannot read x.jsonl\n');
    expect(io.out()).toBe('');
  });

  it("leaves any other error, a bug, to main's report (its stack, exit 1)", async () => {
    const io = createMemoryIO();
    const bug = new TypeError('x is undefined');
    await expect(runCommand('replay', io, () => Promise.reject(bug))).rejects.toBe(bug);
    expect(io.err()).toBe('');
  });
});
