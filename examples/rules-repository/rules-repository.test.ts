import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { runCli } from '../../src/cli/main';
import { createMemoryIO } from '../../test/support/memory-io';

/** The example rules repository keeps working: its CI's and scripts' rulehook commands pass on a new pack. */
const HERE = __dirname;
const ROOT = path.resolve(HERE, '../..');

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
const workflow = parse(readFileSync(path.join(HERE, '.github/workflows/rules.yml'), 'utf8')) as {
  on: Record<string, unknown>;
  jobs: Record<string, { 'runs-on': string; steps: Step[] }>;
};
const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
const pkg = JSON.parse(readFileSync(path.join(HERE, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
};
const rulehook = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  version: string;
  engines: { node: string };
};

/** The rulehook command lines of a shell script, without `npx rulehook` (no quoting: the examples use none). */
function listRulehookCommands(script: string): string[][] {
  return script
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^(npx )?rulehook /.test(line))
    .map((line) => {
      expect(line).not.toMatch(/['"\\$&|;]/);
      return line.split(/\s+/).slice(line.startsWith('npx ') ? 2 : 1);
    });
}

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'rulehook-rules-repository-'));
  expect(await runCli(['init', 'rules'], createMemoryIO({ cwd: work }))).toBe(0);
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

async function runInRepository(args: string[]) {
  const io = createMemoryIO({ cwd: work });
  const code = await runCli(args, io);
  return { args: args.join(' '), code, stderr: io.err() };
}

describe('examples/rules-repository/.github/workflows/rules.yml', () => {
  it('checks out, sets up a Node.js rulehook supports, installs with npm ci, on pushes and pull requests', () => {
    expect(Object.keys(workflow.on).sort()).toEqual(['pull_request', 'push']);
    expect(steps.map((s) => s.uses?.split('@')[0])).toEqual(
      expect.arrayContaining(['actions/checkout', 'actions/setup-node']),
    );
    const setupNode = steps.find((s) => s.uses?.startsWith('actions/setup-node@'));
    const minimum = Number(/^>=(\d+)/.exec(rulehook.engines.node)?.[1]);
    expect(Number(setupNode?.with?.['node-version'])).toBeGreaterThanOrEqual(minimum);
    const runs = steps.flatMap((s) => (s.run === undefined ? [] : [s.run.trim()]));
    expect(runs.indexOf('npm ci')).toBe(0);
  });

  it('runs validate --strict and test, and each passes on a pack fresh from rulehook init', async () => {
    const commands = steps.flatMap((s) => (s.run === undefined ? [] : listRulehookCommands(s.run)));
    expect(commands.map((c) => c.join(' '))).toEqual(['validate --strict rules', 'test rules']);
    for (const args of commands)
      expect(await runInRepository(args)).toEqual({ args: args.join(' '), code: 0, stderr: '' });
  });
});

describe('docs/install.md', () => {
  it('shows the workflow as it is (its leading comment aside)', () => {
    const file = readFileSync(path.join(HERE, '.github/workflows/rules.yml'), 'utf8');
    const body = file.replace(/^(#.*\n)+\n?/, '');
    const doc = readFileSync(path.join(ROOT, 'docs/install.md'), 'utf8');
    expect(doc).toContain(`\`\`\`yaml\n${body}\`\`\`\n`);
  });
});

describe('examples/rules-repository/package.json', () => {
  it('depends on the tarball npm pack makes of this version', () => {
    expect(pkg.dependencies.rulehook).toBe(`file:vendor/rulehook-${rulehook.version}.tgz`);
  });

  it('has scripts whose rulehook commands pass on a fresh pack (serve aside: it does not end)', async () => {
    const commands = Object.values(pkg.scripts).flatMap(listRulehookCommands);
    expect(commands.map((c) => c[0])).toEqual(['validate', 'test', 'serve']);
    for (const args of commands.filter((c) => c[0] !== 'serve'))
      expect(await runInRepository(args)).toEqual({ args: args.join(' '), code: 0, stderr: '' });
  });
});
