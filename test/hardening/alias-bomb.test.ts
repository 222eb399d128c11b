import { rm } from 'node:fs/promises';
import path from 'node:path';
import { runValidate } from '../../src/cli/commands/validate/validate';
import type { JsonDiagnostic } from '../../src/diagnostics';
import { createMemoryIO } from '../support/memory-io';
import { runCliProcess, writeRulesDir } from '../support/run-cli-process';

// Real processes on a possibly loaded 2-core CI machine; each run below has its own, tighter bound.
jest.setTimeout(30_000);

/** `levels` levels of nine aliases each (billion laughs when nine): 9^levels values in ~500 bytes. */
const laughs = (levels: number) =>
  [
    'ruleset: laughs',
    'lists:',
    '  a: &a [x, x, x, x, x, x, x, x, x]',
    ...'bcdefghi'
      .slice(0, levels - 1)
      .split('')
      .map((name, i) => `  ${name}: &${name} [${Array<string>(9).fill(`*${'abcdefgh'[i]}`).join(', ')}]`),
    'rules: []',
    '',
  ].join('\n');
const LAUGHS = laughs(9);
// In-process runs cannot be interrupted, so the one test run in this process uses six levels
// (531,441 values: a second or two for code without the limit, rather than minutes).
const SMALL_LAUGHS = laughs(6);

/** A valid-looking ruleset whose one condition is 8^6 leaves built from aliases, in ~800 bytes. */
const CONDITION_BOMB = [
  'ruleset: tree',
  'conditions:',
  '  c0: &c0 { var: a, equals: x }',
  ...[1, 2, 3, 4, 5, 6].map(
    (i) =>
      `  c${i}: &c${i} { any: [${Array(8)
        .fill(`*c${i - 1}`)
        .join(', ')}] }`,
  ),
  'rules:',
  '  - id: r',
  '    if: *c6',
  '    then: { set: { a: b } }',
  '',
].join('\n');

describe('alias bombs', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await writeRulesDir({ 'laughs.yaml': LAUGHS, 'small.yaml': SMALL_LAUGHS });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('validate reports nested aliases at the alias being expanded, in well under a second', async () => {
    const io = createMemoryIO({ cwd: dir });
    const start = Date.now();
    expect(await runValidate(['small.yaml', '--format', 'json'], io)).toBe(1);
    expect(Date.now() - start).toBeLessThan(2_000);
    const { diagnostics } = JSON.parse(io.out()) as { diagnostics: JsonDiagnostic[] };
    expect(diagnostics.map((d) => d.code)).toEqual(['ALIAS_EXPANSION_TOO_LARGE']);
    const line = SMALL_LAUGHS.split('\n')[diagnostics[0]!.line! - 1]!;
    expect(line.slice(diagnostics[0]!.col! - 1)).toMatch(/^\*[a-e]\b/);
  });

  it('the built validate exits promptly (1, with the diagnostic) instead of running for minutes', async () => {
    const run = await runCliProcess(['validate', path.join(dir, 'laughs.yaml')], 10_000);
    expect(run.timedOut).toBe(false);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('error ALIAS_EXPANSION_TOO_LARGE');
    expect(run.ms).toBeLessThan(5_000);
  });

  it('the built serve refuses a condition tree built from aliases at once, instead of loading it', async () => {
    const bombDir = await writeRulesDir({ 'tree.yaml': CONDITION_BOMB });
    try {
      const run = await runCliProcess(
        ['serve', '--rules', bombDir, '--http-port', '0', '--grpc-port', '0'],
        10_000,
      );
      expect(run.timedOut).toBe(false);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('error ALIAS_EXPANSION_TOO_LARGE');
      expect(run.stderr).toContain('refusing to start');
      expect(run.ms).toBeLessThan(5_000);
    } finally {
      await rm(bombDir, { recursive: true, force: true });
    }
  });
});
