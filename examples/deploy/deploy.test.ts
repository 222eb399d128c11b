import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createMemoryIO } from '../../test/support/memory-io';
import { parseServeOptions } from '../../src/cli/commands/serve/serve-options';
import { parseValidateOptions } from '../../src/cli/commands/validate/validate-options';
import { runValidate } from '../../src/cli/commands/validate/validate';

/**
 * The deployment examples: the configuration file is valid with the rules it names, and the command lines
 * of the systemd unit and of the container file parse, with their configuration path standing for this
 * directory's rulehook.yaml (docker and systemd cannot run here).
 */
const HERE = __dirname;
const CONFIG = path.join(HERE, 'rulehook.yaml');
const INSTALLED_CONFIG = '/etc/rulehook/rulehook.yaml';

function parseServe(commandLine: string[], env: Record<string, string> = {}) {
  const [command, ...args] = commandLine.map((arg) => (arg === INSTALLED_CONFIG ? CONFIG : arg));
  expect(command).toBe('serve');
  return parseServeOptions(args, createMemoryIO({ env }));
}

describe('examples/deploy/rulehook.yaml', () => {
  it('passes rulehook validate --strict --config, with the rules it names', async () => {
    const io = createMemoryIO({ cwd: path.join(HERE, '../..') });
    const code = await runValidate(
      ['--strict', '--config', 'examples/deploy/rulehook.yaml', '--format', 'json'],
      io,
    );
    const report = JSON.parse(io.out()) as { summary: { files: number }; diagnostics: unknown[] };
    expect([code, report.diagnostics]).toEqual([0, []]);
    // The file itself, the pack's catalog, its rule file, and its scenario file, whose values validate
    // checks against the catalog's declarations.
    expect(report.summary.files).toBe(4);
  });
});

describe('examples/deploy/rulehook.service', () => {
  const unit = readFileSync(path.join(HERE, 'rulehook.service'), 'utf8');
  const commandOf = (key: string): string[] => {
    const line = new RegExp(`^${key}=(.*)$`, 'm').exec(unit)?.[1];
    if (line === undefined) throw new Error(`no ${key}= in the unit`);
    const [binary, ...args] = line.split(/\s+/);
    expect(binary).toBe('/usr/bin/rulehook');
    return args;
  };

  it('starts serve with a command line that parses, reading the example settings', () => {
    expect(parseServe(commandOf('ExecStart'))).toMatchObject({
      ok: true,
      options: { host: '0.0.0.0', workers: 2, store: { state: 'redis://127.0.0.1:6379/0' } },
    });
  });

  it('validates the settings and rules before starting', () => {
    const [command, ...args] = commandOf('ExecStartPre');
    expect(command).toBe('validate');
    expect(parseValidateOptions(args)).toMatchObject({
      ok: true,
      options: { strict: true, config: INSTALLED_CONFIG },
    });
  });

  it('gives serve longer to stop than its shutdown timeout', () => {
    expect(Number(/^TimeoutStopSec=(\d+)$/m.exec(unit)?.[1]) * 1000).toBeGreaterThan(10_000);
  });
});

describe('examples/deploy/Containerfile', () => {
  const file = readFileSync(path.join(HERE, 'Containerfile'), 'utf8');
  const instruction = (name: string): string[] =>
    [...file.matchAll(new RegExp(`^${name} (.*)$`, 'gm'))].map((m) => m[1] ?? '');

  it('runs serve with a command line and environment that parse', () => {
    const env = Object.fromEntries(instruction('ENV').map((line) => line.split('=', 2) as [string, string]));
    const cmd = JSON.parse(instruction('CMD').at(-1) ?? '[]') as string[];
    expect(parseServe(cmd, env)).toMatchObject({ ok: true, options: { host: '0.0.0.0', httpPort: 8080 } });
  });

  it('starts the built CLI where the image copies it', () => {
    const [node, main] = JSON.parse(instruction('ENTRYPOINT')[0] ?? '[]') as string[];
    const workdir = instruction('WORKDIR').at(-1);
    const pkg = JSON.parse(readFileSync(path.join(HERE, '../../package.json'), 'utf8')) as {
      bin: Record<string, string>;
    };
    expect([node, main]).toEqual(['node', path.posix.join(workdir ?? '', pkg.bin.rulehook ?? '')]);
    expect(instruction('COPY')).toContain('--from=build /src/dist ./dist');
  });

  it('builds dist/ before dropping the build tools (npm ci alone does not build)', () => {
    const pkg = JSON.parse(readFileSync(path.join(HERE, '../../package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.prepare).toBeUndefined();
    const steps = instruction('RUN').join(' && ').split(' && ');
    expect(steps.indexOf('npm run build')).toBeGreaterThan(steps.indexOf('npm ci'));
    expect(steps.indexOf('npm ci')).toBeGreaterThanOrEqual(0);
    expect(steps.indexOf('npm prune --omit=dev')).toBeGreaterThan(steps.indexOf('npm run build'));
  });
});
