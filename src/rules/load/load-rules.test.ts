import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadRules } from './load-rules';

const FIXTURES = path.join(__dirname, '../../../test/fixtures/rules');
const load = (paths: string[], catalog?: string) =>
  loadRules(paths, { cwd: FIXTURES, ...(catalog ? { catalog } : {}) });
const codes = (result: { diagnostics: { code: string; file: string }[] }) =>
  result.diagnostics.map((d) => `${d.code} ${d.file}`);

describe('loadRules: a valid directory', () => {
  it('loads every rule file in lexical path order, skipping test files, with the catalog', async () => {
    const result = await load(['valid']);
    expect(result.diagnostics).toEqual([]);
    expect(result.rulesets.map((r) => `${r.spec.ruleset} ${r.file}`)).toEqual([
      'enroll valid/10-enroll.yaml',
      'fraud valid/20-fraud.yml',
      'noise valid/nested/30-noise.yaml',
    ]);
    expect(result.catalog?.file).toBe('valid/catalog.yaml');
    expect(result.catalog?.spec.nodes).toEqual(['Verify', 'FraudsterDetection']);
    expect([...result.sources.keys()]).toEqual([
      'valid/catalog.yaml',
      'valid/10-enroll.yaml',
      'valid/20-fraud.yml',
      'valid/nested/30-noise.yaml',
    ]);
  });

  it('gives the compiler plain data: text where text is expected, numbers where numbers are', async () => {
    const [enroll] = (await load(['valid'])).rulesets;
    const rule = enroll!.spec.rules[0]!;
    expect(rule.then.set).toEqual({ 'risk.level': '0.10' });
    expect(rule.if).toEqual({
      all: [
        { ref: 'gold' },
        { var: 'verify.decision', in: { list: 'doubtful' } },
        { var: 'verify.score', lt: 0.3 },
      ],
    });
    expect(rule.priority).toBe(10);
  });

  it('lets the compiler point back into the source', async () => {
    const result = await load(['valid']);
    const enroll = result.rulesets[0]!;
    const text = result.sources.get(enroll.file)!;
    const range = enroll.locate(['rules', 0, 'then', 'schedule', 0, 'action'])!;
    expect(text.slice(range.start, range.end)).toBe('Enroll');
    expect(enroll.keysAt?.(['rules', 0, 'then'])).toEqual(['schedule', 'set']);
  });

  it('shows paths as given and loads a file named twice once', async () => {
    const result = await load(['valid/20-fraud.yml', 'valid/']);
    expect(result.rulesets.map((r) => r.file)).toEqual([
      'valid/20-fraud.yml',
      'valid/10-enroll.yaml',
      'valid/nested/30-noise.yaml',
    ]);
  });
});

describe('loadRules: problems', () => {
  it('reports every problem of every file, and leaves out rulesets with errors', async () => {
    const result = await load(['duplicate-ruleset', 'many-mistakes.yaml']);
    expect(result.rulesets.map((r) => r.file)).toEqual(['duplicate-ruleset/a.yaml']);
    expect(codes(result).filter((c) => c.startsWith('DUPLICATE_RULESET'))).toEqual([
      'DUPLICATE_RULESET duplicate-ruleset/b.yaml',
    ]);
    expect(result.diagnostics.filter((d) => d.file === 'many-mistakes.yaml')).toHaveLength(19);
  });

  it('sorts diagnostics by file in load order, then by position', async () => {
    const result = await load(['many-mistakes.yaml', 'duplicate-ruleset']);
    const files = result.diagnostics.map((d) => d.file);
    expect(files.indexOf('duplicate-ruleset/b.yaml')).toBe(files.length - 1);
    const starts = result.diagnostics
      .filter((d) => d.file === 'many-mistakes.yaml')
      .map((d) => d.range!.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('reports a missing path as FILE_NOT_FOUND, and a directory read as a file as FILE_UNREADABLE', async () => {
    const result = await load(['nope.yaml', 'valid'], 'valid/nested');
    expect(codes(result)).toEqual([
      'FILE_NOT_FOUND nope.yaml',
      'FILE_UNREADABLE valid/nested',
      'EXTRA_CATALOG valid/catalog.yaml',
    ]);
    expect(result.diagnostics[0]!.range).toBeUndefined();
    expect(result.rulesets).toHaveLength(3);
  });

  it('reports an invalid catalog and does not check rules against it', async () => {
    const result = await load(['bad-catalog']);
    expect(codes(result)).toEqual([
      'INVALID_TYPE bad-catalog/catalog.yaml',
      'UNKNOWN_KEY bad-catalog/catalog.yaml',
    ]);
    expect(result.catalog).toBeUndefined();
    expect(result.rulesets.map((r) => r.spec.ruleset)).toEqual(['with-bad-catalog']);
  });

  it('uses one catalog and says so about the others', async () => {
    const result = await load(['catalog-mistakes', 'valid']);
    expect(result.catalog?.file).toBe('catalog-mistakes/catalog.yaml');
    expect(codes(result)).toContain('EXTRA_CATALOG valid/catalog.yaml');
  });
});

describe('loadRules: directories on disk', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rulehook-load-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('warns about a directory without rule files', async () => {
    await mkdir(path.join(dir, 'empty'));
    await writeFile(path.join(dir, 'empty', 'notes.txt'), 'not yaml');
    const result = await loadRules(['empty'], { cwd: dir });
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.file])).toEqual([
      ['NO_RULE_FILES', 'warning', 'empty'],
    ]);
  });

  it('does not load an explicit catalog, nested catalogs or dot-directories as rule files', async () => {
    const rule = 'ruleset: r\nrules: [ { id: a, then: { enable: [Verify] } } ]\n';
    await writeFile(path.join(dir, 'rules.yaml'), rule);
    await writeFile(path.join(dir, 'engine.yaml'), 'nodes: [Verify]\n');
    await mkdir(path.join(dir, 'sub'));
    await writeFile(path.join(dir, 'sub', 'catalog.yml'), 'not: a catalog in use\n');
    await mkdir(path.join(dir, '.hidden'));
    await writeFile(path.join(dir, '.hidden', 'x.yaml'), 'broken: [\n');
    const result = await loadRules(['.'], { cwd: dir, catalog: 'engine.yaml' });
    expect(result.diagnostics).toEqual([]);
    expect(result.rulesets.map((r) => r.file)).toEqual(['rules.yaml']);
    expect(result.catalog?.spec).toEqual({ nodes: ['Verify'] });
  });
});
