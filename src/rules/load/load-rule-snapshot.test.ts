import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadRuleSnapshot } from './load-rule-snapshot';
import { loadRules } from './load-rules';
import { readRuleSnapshot } from './read-rule-snapshot';
import { computeRuleRevision, type RuleSnapshot } from './rule-snapshot';

const FIXTURES = path.join(__dirname, '../../../test/fixtures/rules');
const RULE = 'ruleset: r\nrules: [ { id: a, then: { enable: [Verify] } } ]\n';
/** What another process gets: the snapshot as JSON. */
const overTheWire = (snapshot: RuleSnapshot) => JSON.parse(JSON.stringify(snapshot)) as RuleSnapshot;

describe('readRuleSnapshot and loadRuleSnapshot', () => {
  it('reads the catalog and the rule files as texts, in load order, with the paths shown', async () => {
    const snapshot = await readRuleSnapshot(['valid'], { cwd: FIXTURES });
    expect(snapshot.catalog?.file).toBe('valid/catalog.yaml');
    expect(snapshot.catalog?.text).toContain('Verify');
    expect(snapshot.ruleFiles.map((f) => f.file)).toEqual([
      'valid/10-enroll.yaml',
      'valid/20-fraud.yml',
      'valid/nested/30-noise.yaml',
    ]);
    expect(snapshot.diagnostics).toEqual([]);
  });

  it.each([
    [['valid']],
    [['duplicate-ruleset', 'many-mistakes.yaml']],
    [['nope.yaml', 'catalog-mistakes', 'valid']],
  ])('loads %j from a snapshot sent as JSON exactly as from disk', async (paths) => {
    const fromDisk = await loadRules(paths, { cwd: FIXTURES });
    const fromSnapshot = loadRuleSnapshot(overTheWire(await readRuleSnapshot(paths, { cwd: FIXTURES })));
    expect(fromSnapshot.diagnostics).toEqual(fromDisk.diagnostics);
    expect(fromSnapshot.sources).toEqual(fromDisk.sources);
    expect(fromSnapshot.rulesets.map((r) => [r.file, r.spec])).toEqual(
      fromDisk.rulesets.map((r) => [r.file, r.spec]),
    );
    expect(fromSnapshot.catalog?.spec).toEqual(fromDisk.catalog?.spec);
    expect(fromSnapshot.revision).toBe(fromDisk.revision);
  });

  it('needs no disk: texts that exist nowhere load', () => {
    const loaded = loadRuleSnapshot({
      catalog: { file: 'nowhere/catalog.yaml', text: 'nodes: [Verify]\n' },
      ruleFiles: [{ file: 'nowhere/r.yaml', text: RULE }],
      diagnostics: [],
    });
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.rulesets.map((r) => r.spec.ruleset)).toEqual(['r']);
  });
});

describe('computeRuleRevision', () => {
  const base: RuleSnapshot = {
    catalog: { file: 'rules/catalog.yaml', text: 'nodes: [Verify]\n' },
    ruleFiles: [
      { file: 'rules/a.yaml', text: RULE },
      { file: 'rules/b.yaml', text: RULE.replace('r\n', 's\n') },
    ],
    diagnostics: [],
  };

  it('is the SHA-256 of the files, whatever their order and whatever was reported reading them', () => {
    const revision = computeRuleRevision(base);
    expect(revision).toMatch(/^[0-9a-f]{64}$/);
    const reordered = { ...base, ruleFiles: [...base.ruleFiles].reverse() };
    expect(computeRuleRevision(reordered)).toBe(revision);
    const warned = {
      ...base,
      diagnostics: [
        { code: 'NO_RULE_FILES' as const, severity: 'warning' as const, message: 'm', file: 'f' },
      ],
    };
    expect(computeRuleRevision(warned)).toBe(revision);
  });

  it('changes with a text, a path, or a file taken as the catalog rather than as rules', () => {
    const revision = computeRuleRevision(base);
    const edited = { ...base, ruleFiles: [base.ruleFiles[0]!, { file: 'rules/b.yaml', text: RULE }] };
    const moved = {
      ...base,
      ruleFiles: [base.ruleFiles[0]!, { ...base.ruleFiles[1]!, file: 'rules/c.yaml' }],
    };
    const { catalog, ...rest } = base;
    const demoted = { ...rest, ruleFiles: [...base.ruleFiles, catalog!] };
    const revisions = [revision, ...[edited, moved, demoted].map(computeRuleRevision)];
    expect(new Set(revisions).size).toBe(4);
  });

  it('is the same for the same pack wherever it is read from, given relative or absolute', async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'rulehook-revision-'));
    try {
      const [here, there] = [path.join(parent, 'here'), path.join(parent, 'deep/there')];
      for (const copy of [here, there]) await cp(path.join(FIXTURES, 'valid'), copy, { recursive: true });
      const revisions = await Promise.all(
        [
          [['here'], parent],
          [[there], '/'],
          [['.'], there],
          [['there/'], path.join(parent, 'deep')],
        ].map(async ([paths, cwd]) =>
          computeRuleRevision(await readRuleSnapshot(paths as string[], { cwd: cwd as string })),
        ),
      );
      expect(new Set(revisions)).toEqual(
        new Set([computeRuleRevision(await readRuleSnapshot(['valid'], { cwd: FIXTURES }))]),
      );
      const moved = await readRuleSnapshot([path.join(here, '10-enroll.yaml')], {
        cwd: parent,
        catalog: path.join(here, 'catalog.yaml'),
      });
      const named = await readRuleSnapshot(['10-enroll.yaml'], { cwd: there, catalog: 'catalog.yaml' });
      expect(computeRuleRevision(moved)).toBe(computeRuleRevision(named));
      expect(computeRuleRevision(moved)).not.toBe(revisions[0]);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });
});
