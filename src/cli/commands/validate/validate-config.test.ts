import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { JsonDiagnostic } from '../../../diagnostics';
import { createMemoryIO } from '../../../../test/support/memory-io';
import { runValidate } from './validate';

/** `rulehook validate --config FILE [PATH...]`: the configuration file of serve, and the rules it names. */
const dir = mkdtempSync(path.join(tmpdir(), 'rulehook-validate-config-'));
mkdirSync(path.join(dir, 'rules'));
writeFileSync(path.join(dir, 'rules/ok.yaml'), 'ruleset: ok\nrules: []\n');
writeFileSync(path.join(dir, 'rules-broken.yaml'), 'ruleset: broken\nrules: []\ndescripton: x\n');

async function validate(config: string, ...args: string[]) {
  writeFileSync(path.join(dir, 'rulehook.yaml'), config);
  const io = createMemoryIO({ cwd: dir });
  const code = await runValidate(['--config', 'rulehook.yaml', '--format', 'json', ...args], io);
  const report = JSON.parse(io.out()) as { diagnostics: JsonDiagnostic[]; summary: { files: number } };
  const found = report.diagnostics.map(
    (d) => `${d.file}:${d.line}:${d.col} ${d.code}${d.suggestion ? ` -> ${d.suggestion}` : ''}`,
  );
  return { code, found, report };
}

describe('rulehook validate --config', () => {
  it('passes a valid file and the rules it names (exit 0)', async () => {
    const { code, found, report } = await validate(
      'rules: rules\nworkers: 2\nstate: redis://localhost:6379/0\n',
    );
    expect([code, found, report.summary.files]).toEqual([0, [], 2]);
    const none = await validate('rules: rules\nworkers: 4\nstate: none\n');
    expect([none.code, none.found]).toEqual([0, []]);
  });

  it('passes a valid file that names no rules, checking it alone', async () => {
    const { code, report } = await validate('host: 0.0.0.0\n');
    expect([code, report.summary.files]).toEqual([0, 1]);
  });

  it('reports unknown keys and wrong types at their line and column (exit 1)', async () => {
    const { code, found } = await validate('host: 0.0.0.0\nmax_inflight_event: 5\nhttp_port: eighty\n');
    expect(code).toBe(1);
    expect(found).toEqual([
      'rulehook.yaml:2:1 UNKNOWN_KEY -> max_inflight_events',
      'rulehook.yaml:3:12 INVALID_TYPE',
    ]);
  });

  it('reports settings that do not go together, or that serve refuses, at the setting', async () => {
    const conflict = await validate('host: h\nworkers: 4\n');
    expect([conflict.code, conflict.found]).toEqual([1, ['rulehook.yaml:2:10 CONFLICTING_SETTINGS']]);
    expect(conflict.report.diagnostics[0]?.message).toMatch(
      /^workers 4 cannot use the memory store, .*: add state none when .*, or state redis:\/\/host:port\/db for a store the processes share$/,
    );
    const invalid = await validate('state: redis:x\n');
    expect([invalid.code, invalid.found]).toEqual([1, ['rulehook.yaml:1:8 INVALID_SETTING']]);
  });

  it('checks the rules the file names, with the file in the report', async () => {
    const { code, found, report } = await validate('rules: rules-broken.yaml\n');
    expect([code, found, report.summary.files]).toEqual([
      1,
      ['rules-broken.yaml:3:1 UNKNOWN_KEY -> description'],
      2,
    ]);
  });

  it('checks the rules the file names even when the file has mistakes elsewhere, reporting both', async () => {
    const { code, found, report } = await validate('rules: rules-broken.yaml\nmax_inflight_events: 0\n');
    expect([code, found, report.summary.files]).toEqual([
      1,
      ['rulehook.yaml:2:22 INVALID_VALUE', 'rules-broken.yaml:3:1 UNKNOWN_KEY -> description'],
      2,
    ]);
    const catalog = await validate('rules: rules\ncatalog: nowhere.yaml\nhost: ""\n');
    expect(catalog.found).toEqual([
      'rulehook.yaml:3:7 INVALID_VALUE',
      'nowhere.yaml:null:null FILE_NOT_FOUND',
    ]);
  });

  it('checks no rules of a file with YAML syntax errors, whose content cannot be trusted', async () => {
    const { code, found } = await validate('rules: rules-broken.yaml\nhost: [\n');
    expect(code).toBe(1);
    expect(found.length).toBeGreaterThan(0);
    expect(found.filter((d) => !d.startsWith('rulehook.yaml:'))).toEqual([]);
  });

  it('checks the paths given instead of the rules the file names, as flags win over the file', async () => {
    const { code, found } = await validate('rules: rules-broken.yaml\n', 'rules');
    expect([code, found]).toEqual([0, []]);
  });

  it('reports a missing file as an error of its own', async () => {
    const io = createMemoryIO({ cwd: dir });
    expect(await runValidate(['--config', 'nowhere.yaml'], io)).toBe(1);
    expect(io.out()).toBe(
      "nowhere.yaml - error FILE_NOT_FOUND: no such file: 'nowhere.yaml'\n\n1 error, 0 warnings in 0 files\n",
    );
  });

  it('prints the file with a code frame and a did-you-mean in the human format', async () => {
    writeFileSync(path.join(dir, 'rulehook.yaml'), 'host: 0.0.0.0\nmax_sesions: 10\n');
    const io = createMemoryIO({ cwd: dir });
    expect(await runValidate(['--config', 'rulehook.yaml'], io)).toBe(1);
    expect(io.out()).toBe(
      [
        "rulehook.yaml:2:1 - error UNKNOWN_KEY: unknown key 'max_sesions' at the top of the file",
        '',
        '  2 | max_sesions: 10',
        '    | ^^^^^^^^^^^',
        "  did you mean 'max_sessions'?",
        '',
        '1 error, 0 warnings in 1 file',
        '',
      ].join('\n'),
    );
  });
});
