import path from 'node:path';
import { createLoadCache } from './load-cache';
import { loadRuleSnapshot } from './load-rule-snapshot';
import { readRuleSnapshot } from './read-rule-snapshot';
import type { RuleSnapshot } from './rule-snapshot';

const FIXTURES = path.join(__dirname, '../../../test/fixtures/rules');

/** The result without its rulesets' functions, for comparing loads. */
const comparable = (load: ReturnType<typeof loadRuleSnapshot>) => ({
  diagnostics: load.diagnostics,
  revision: load.revision,
  rulesets: load.rulesets.map((r) => [r.file, r.spec]),
  catalog: load.catalog,
});

const withRuleText = (snapshot: RuleSnapshot, index: number, text: string): RuleSnapshot => ({
  ...snapshot,
  ruleFiles: snapshot.ruleFiles.map((f, i) => (i === index ? { ...f, text } : f)),
});

describe('loadRuleSnapshot with a load cache', () => {
  it('gives what a fresh load gives, before and after an edit, re-parsing only the file edited', async () => {
    const snapshot = await readRuleSnapshot(['quick-fixes', 'valid'], { cwd: FIXTURES });
    const cache = createLoadCache();
    const before = loadRuleSnapshot(snapshot, cache);
    expect(comparable(before)).toEqual(comparable(loadRuleSnapshot(snapshot)));
    const typo = (load: typeof before) =>
      load.diagnostics.filter((d) => d.message.includes('VERIFY_COMPLETD'));
    expect(typo(before).map((d) => d.file)).toEqual(['quick-fixes/rules.yaml']);
    const untouched = cache.ruleFiles.get('valid/10-enroll.yaml')!.ruleFile;
    const stale = cache.ruleFiles.get('quick-fixes/rules.yaml')!.ruleFile;
    const index = snapshot.ruleFiles.findIndex((f) => f.file === 'quick-fixes/rules.yaml');
    const edited = withRuleText(
      snapshot,
      index,
      snapshot.ruleFiles[index]!.text.replace('VERIFY_COMPLETD', 'VERIFY_COMPLETED'),
    );
    const cached = loadRuleSnapshot(edited, cache);
    expect(comparable(cached)).toEqual(comparable(loadRuleSnapshot(edited)));
    expect(typo(cached)).toEqual([]);
    expect(cache.ruleFiles.get('quick-fixes/rules.yaml')!.ruleFile).not.toBe(stale);
    expect(cache.ruleFiles.get('valid/10-enroll.yaml')!.ruleFile).toBe(untouched);
  });

  it('checks every rule file again when the catalog changes, reusing their parse', async () => {
    const snapshot = await readRuleSnapshot(['quick-fixes'], { cwd: FIXTURES });
    const cache = createLoadCache();
    const before = loadRuleSnapshot(snapshot, cache);
    const parses = [...cache.ruleFiles.values()].map((entry) => entry.parsed);
    expect(before.diagnostics.some((d) => d.code === 'UNKNOWN_NODE')).toBe(true);
    const catalog = {
      ...snapshot.catalog!,
      text: snapshot.catalog!.text.replace('nodes: [Verify, Enroll]', 'nodes: [Verfy]'),
    };
    const after = loadRuleSnapshot({ ...snapshot, catalog }, cache);
    expect(after.diagnostics.some((d) => d.code === 'UNKNOWN_NODE')).toBe(false);
    expect(comparable(after)).toEqual(comparable(loadRuleSnapshot({ ...snapshot, catalog })));
    expect(parses.length).toBeGreaterThan(0);
    [...cache.ruleFiles.values()].forEach((entry, i) => expect(entry.parsed).toBe(parses[i]));
  });
});
