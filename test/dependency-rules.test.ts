import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * `.dependency-cruiser.cjs` checked by dependency-cruiser itself: a small tree of planted files in a
 * temporary directory (never in src/, which other runs read), each production file breaking one rule and
 * its unit test making the same import, cruised with the real configuration as `npm run lint` cruises src/.
 */
const ROOT = path.join(__dirname, '..');
const DEPCRUISE = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

/** Files imported by the planted ones: they import nothing, so they break no rule themselves. */
const TARGETS = [
  'glob/match.ts',
  'rules/compile/program.ts',
  'rules/load/load.ts',
  'cli/main.ts',
  'hosts/core.ts',
  'session/index.ts',
];

/** A production file, what it imports, and the rules that import breaks (none: one that is allowed). */
const PLANTED: [file: string, imports: string, breaks: string[]][] = [
  ['filter/effective-filter.ts', '../glob/match', ['filter-dependency-free', 'layer-filter']],
  ['rules/regex.ts', './compile/program', ['rules-shared-files']],
  ['rules/compile/rule-book.ts', '../load/load', ['rules-stage-compile']],
  ['replay/forgotten-sessions.ts', './run/run-replay-loop', ['replay-shared-files']],
  ['replay/index.ts', './run/run-replay-loop', []],
  ['replay/run/run-replay-loop.ts', '../../cli/main', ['layer-replay']],
  ['processor/rule-processor.ts', '../hosts/core', ['layer-processor']],
  ['contract/event-limits.ts', '../rules/load/load', ['layer-contract']],
  ['processor/session-step.ts', '../session/index', ['import-files-not-indexes']],
];

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

const testOf = (file: string) => file.replace(/\.ts$/, '.test.ts');
const describeViolation = (v: Violation) => `${v.rule.name}: ${v.from} -> ${v.to}`;

function plantTree(dir: string): void {
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };
  write('tsconfig.json', JSON.stringify({ compilerOptions: { strict: true }, include: ['src'] }));
  for (const target of TARGETS) write(`src/${target}`, 'export const value = 1;\n');
  for (const [file, imports] of PLANTED) {
    const text = `import { value } from '${imports}';\nexport const used = value;\n`;
    write(`src/${file}`, text);
    write(`src/${testOf(file)}`, text);
  }
  // Two test files importing each other: cycles are refused in tests too.
  write('src/glob/cycle-a.test.ts', "import { b } from './cycle-b.test';\nexport const a = b;\n");
  write('src/glob/cycle-b.test.ts', "import { a } from './cycle-a.test';\nexport const b = a;\n");
}

function cruise(dir: string): Violation[] {
  const config = path.join(ROOT, '.dependency-cruiser.cjs');
  const run = spawnSync(process.execPath, [DEPCRUISE, 'src', '--config', config, '--output-type', 'json'], {
    cwd: dir,
    encoding: 'utf8',
  });
  if (run.stdout === '')
    throw new Error(`dependency-cruiser wrote nothing (exit ${run.status}): ${run.stderr}`);
  return (JSON.parse(run.stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

describe('.dependency-cruiser.cjs, run by dependency-cruiser on planted files', () => {
  let dir: string | undefined;
  let violations: string[];
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'rulehook-depcruise-'));
    plantTree(dir);
    violations = cruise(dir).map(describeViolation).sort();
  });
  afterAll(() => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  it('reports each planted import that breaks a layer or stage rule, and nothing else of production files', () => {
    const expected = PLANTED.flatMap(([file, imports, breaks]) => {
      const to = path.posix.join('src', path.posix.dirname(file), `${imports}.ts`);
      return breaks.map((rule) => `${rule}: src/${file} -> ${to}`);
    });
    expect(violations.filter((v) => !v.includes('.test.ts'))).toEqual(expected.sort());
  });

  it('leaves unit tests out of every layer and stage rule, as its header says', () => {
    const fromTests = violations.filter((v) => / src\/\S+\.test\.ts -> /.test(v));
    expect(fromTests.filter((v) => !v.startsWith('no-circular:'))).toEqual([]);
  });

  it('holds unit tests to the rule against cycles', () => {
    // dependency-cruiser reports a cycle once, at its first module.
    expect(violations.filter((v) => v.startsWith('no-circular:'))).toEqual([
      'no-circular: src/glob/cycle-a.test.ts -> src/glob/cycle-b.test.ts',
    ]);
  });
});
