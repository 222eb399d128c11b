import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { silentLogger, type Logger } from '../observability/logger';
import { loadRuleBook } from '../rules/book';
import { RuleReloader, type ReloadedRules } from './rule-reloader';

const rulesWith = (value: string): string => `ruleset: reload
rules:
  - id: tag
    on: CALL_STARTED
    then:
      set: { tag: "${value}" }
`;

describe('RuleReloader', () => {
  let dir: string;
  let file: string;
  let applied: ReloadedRules[];
  let errors: { message: string; fields: Record<string, unknown> | undefined }[];
  let reloader: RuleReloader;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'rulehook-reload-'));
    file = path.join(dir, 'rules.yaml');
    await writeFile(file, rulesWith('one'));
    const first = await loadRuleBook([dir], { cwd: dir });
    if (!first.ok) throw new Error('fixture rules invalid');
    applied = [];
    errors = [];
    const logger: Logger = { ...silentLogger, error: (message, fields) => errors.push({ message, fields }) };
    reloader = new RuleReloader({
      rulesPath: dir,
      catalog: undefined,
      cwd: dir,
      revision: first.load.revision,
      logger,
      apply: (rules) => applied.push(rules),
    });
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('reports unchanged, and applies nothing, when the files give the revision served', async () => {
    const before = reloader.revision;
    const report = await reloader.reload('signal');
    expect(report).toEqual({ result: 'unchanged', revision: before, previous: before, diagnostics: [] });
    expect(applied).toEqual([]);
  });

  it('applies a changed, valid rule set and reports its revision', async () => {
    const before = reloader.revision;
    await writeFile(file, rulesWith('two'));
    const report = await reloader.reload('admin');
    expect(report.result).toBe('reloaded');
    expect(report.previous).toBe(before);
    expect(report.revision).not.toBe(before);
    expect(applied.map((r) => r.revision)).toEqual([report.revision]);
    expect(applied[0]?.book.ruleCount).toBe(1);
    expect(reloader.revision).toBe(report.revision);
  });

  it('refuses a rule set with errors, keeps the last good one and logs the diagnostics with positions', async () => {
    const before = reloader.revision;
    await writeFile(file, rulesWith('two').replace('on: CALL_STARTED', 'onn: CALL_STARTED'));
    const report = await reloader.reload('watch');
    expect(report.result).toBe('refused');
    expect(report.revision).toBe(before);
    expect(applied).toEqual([]);
    expect(report.diagnostics).toEqual([
      expect.objectContaining({
        code: 'UNKNOWN_KEY',
        severity: 'error',
        file,
        line: 4,
        col: 5,
        suggestion: 'on',
      }),
    ]);
    expect(errors).toEqual([
      {
        message: 'rules reload refused; the last good rule set keeps serving',
        fields: expect.objectContaining({ trigger: 'watch', diagnostics: report.diagnostics }),
      },
    ]);
    // Fixed on disk: the next reload serves it.
    await writeFile(file, rulesWith('three'));
    expect((await reloader.reload('watch')).result).toBe('reloaded');
    expect(applied).toHaveLength(1);
  });

  it('logs and counts the same broken files once, however often they are read', async () => {
    const reports: string[] = [];
    const counted = new RuleReloader({
      rulesPath: dir,
      catalog: undefined,
      cwd: dir,
      revision: reloader.revision,
      logger: { ...silentLogger, error: (message, fields) => errors.push({ message, fields }) },
      apply: (rules) => applied.push(rules),
      onReport: (report) => reports.push(report.result),
    });
    const broken = rulesWith('two').replace('on: CALL_STARTED', 'onn: CALL_STARTED');
    await writeFile(file, broken);
    expect((await counted.reload('watch')).result).toBe('refused');
    expect((await counted.reload('watch')).result).toBe('refused');
    expect([errors.length, reports]).toEqual([1, ['refused']]);
    // Fixed, then broken the same way again: a new refusal, logged and counted again.
    await writeFile(file, rulesWith('three'));
    await counted.reload('watch');
    await writeFile(file, broken);
    await counted.reload('watch');
    expect([errors.length, reports]).toEqual([2, ['refused', 'reloaded', 'refused']]);
  });

  it('runs one reload at a time: a burst of requests costs at most one more read', async () => {
    await writeFile(file, rulesWith('two'));
    const reports = await Promise.all([1, 2, 3, 4].map(() => reloader.reload('watch')));
    expect(reports.map((r) => r.result)).toEqual(['reloaded', 'unchanged', 'unchanged', 'unchanged']);
    expect(applied).toHaveLength(1);
  });

  it('keeps reloading after a reload that threw', async () => {
    let fail = true;
    const logged: string[] = [];
    const flaky = new RuleReloader({
      rulesPath: dir,
      catalog: undefined,
      cwd: dir,
      revision: reloader.revision,
      logger: { ...silentLogger, error: (message) => logged.push(message) },
      apply: (rules) => {
        if (fail) throw new Error('apply failed');
        applied.push(rules);
      },
    });
    await writeFile(file, rulesWith('two'));
    const first = flaky.reload('signal');
    const queued = flaky.reload('signal');
    await expect(first).rejects.toThrow('apply failed');
    await expect(queued).rejects.toThrow('apply failed');
    // Without a caller to catch it (a file change, SIGHUP), the failure is logged, not thrown.
    flaky.reloadInBackground('watch');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(logged).toContain('rules reload failed; the last good rule set keeps serving');
    fail = false;
    expect((await flaky.reload('signal')).result).toBe('reloaded');
    expect(applied).toHaveLength(1);
  });
});
