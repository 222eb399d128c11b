import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runCli } from '../src/cli/main';
import { createMemoryIO } from './support/memory-io';

/**
 * docs/cli.md is the reference of every command: each has its section, naming each of its options
 * (`--help`, which every command has, is described once at the top).
 */
const CLI_DOC = readFileSync(path.join(__dirname, '../docs/cli.md'), 'utf8');

async function readHelp(args: string[]): Promise<string> {
  const io = createMemoryIO();
  expect(await runCli(args, io)).toBe(0);
  return io.out();
}

/** The text of `## rulehook NAME`, up to the next section of the same level. */
function readSection(name: string): string | undefined {
  const start = CLI_DOC.indexOf(`\n## rulehook ${name}\n`);
  if (start < 0) return undefined;
  const end = CLI_DOC.indexOf('\n## ', start + 1);
  return CLI_DOC.slice(start, end < 0 ? undefined : end);
}

describe('docs/cli.md', () => {
  it('has a section for every command, naming every option of its help', async () => {
    const commands = [...(await readHelp(['--help'])).matchAll(/^ {2}([a-z][a-z-]*) {2,}/gm)].map(
      (m) => m[1]!,
    );
    expect(commands).toContain('init');
    expect(commands).toContain('suggest-filter');
    for (const command of commands) {
      const section = readSection(command);
      expect({ command, documented: section !== undefined }).toEqual({ command, documented: true });
      const options = (await readHelp([command, '--help'])).split('\nOptions:\n')[1] ?? '';
      const undocumented = [...options.matchAll(/^ {2}(?:-\w, )?(--[a-z-]+)/gm)]
        .map((m) => m[1]!)
        .filter((option) => option !== '--help' && !section!.includes(`\`${option}`));
      expect({ command, undocumented }).toEqual({ command, undocumented: [] });
    }
  });
});
