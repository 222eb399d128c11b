import { diagnose, runPipeline, yamlLines } from '../../../test/fixtures/rules/diagnose';

const CATALOG = yamlLines(
  'events: [VERIFY_COMPLETED, VERIFY_FAILED, ENROLL_COMPLETED, HEARTBEAT]',
  'nodes: [Verify, FraudsterDetection]',
  'variables: ["verify.*", custom.tier]',
  'actions:',
  '  Notify:',
  '  Enroll:',
  '    parameters:',
  '      person_id: { required: true, description: the caller }',
  '      note:',
);

const rule = (...lines: string[]) => yamlLines('ruleset: a', 'rules:', '  - id: r', ...lines);

describe('checks against a catalog', () => {
  it('accepts names the catalog declares, and globs matching its events', () => {
    const text = rule(
      '    on: [VERIFY_COMPLETED, "ENROLL_*", "*_FAILED"]',
      '    if: { all: [ { var: verify.score, lt: 1 }, { var: custom.tier, exists: true }, { var: state.currentEvent, exists: true } ] }',
      '    then:',
      '      schedule: [ { action: Enroll, parameters: { person_id: x, note: y } }, { action: Notify, parameters: { any: z } } ]',
      '      disable: [Verify]',
      '      filter: { events_to_ignore: [HEARTBEAT, "VERIFY_*", "*"] }',
    );
    expect(diagnose(text, CATALOG)).toEqual([]);
  });

  it('warns about unknown events in on, with a suggestion', () => {
    const text = rule('    on: VERIFY_COMPLETD', '    then: { set: { custom.tier: b } }');
    expect(diagnose(text, CATALOG)).toEqual(['UNKNOWN_EVENT 4:9']);
    expect(runPipeline(text, CATALOG)[0]).toMatchObject({
      severity: 'warning',
      suggestion: 'VERIFY_COMPLETED',
    });
  });

  it('warns about a glob in on that matches no event, suggesting a corrected glob', () => {
    const text = rule('    on: [VERIFY_COMPLETED, "VERFY_*"]', '    then: { set: { custom.tier: b } }');
    expect(diagnose(text, CATALOG)).toEqual(['ON_MATCHES_NO_EVENT 4:28']);
    expect(runPipeline(text, CATALOG)[0]!.suggestion).toBe('VERIFY_*');
  });

  it('warns about filter event entries that match no event', () => {
    const text = rule('    then: { filter: { events_to_ignore: [HEARTBEET, "HEARTBEET*"] } }');
    expect(diagnose(text, CATALOG)).toEqual(['UNKNOWN_EVENT 4:42', 'UNKNOWN_EVENT 4:53']);
  });

  it('warns about unknown nodes and variables', () => {
    const text = rule(
      '    if: { var: custom.tire, equals: gold }',
      '    then: { enable: [Verfy], disable: [FraudsterDetection] }',
    );
    const diagnostics = runPipeline(text, CATALOG);
    expect(diagnose(text, CATALOG)).toEqual(['UNKNOWN_VARIABLE 4:16', 'UNKNOWN_NODE 5:22']);
    expect(diagnostics.map((d) => d.suggestion)).toEqual(['custom.tier', 'Verify']);
  });

  it('warns about unknown variables in templates, pointing at the placeholder', () => {
    const text = rule(
      '    then:',
      '      set: { verify.a: "tier ${custum.tier:-standard} score ${verify.score}", verify.b: "$${custom.tier}" }',
      '      schedule: [ { action: Notify, parameters: { who: "${custom.tier}${persn.id}" } } ]',
    );
    expect(diagnose(text, CATALOG)).toEqual(['UNKNOWN_VARIABLE 5:32', 'UNKNOWN_VARIABLE 6:73']);
    expect(runPipeline(text, CATALOG).map((d) => d.suggestion)).toEqual(['custom.tier', undefined]);
  });

  it('checks actions: unknown action (warning), missing required parameter (error), unknown parameter (warning)', () => {
    const text = rule(
      '    then:',
      '      schedule:',
      '        - action: Enrol',
      '        - action: Enroll',
      '          parameters: { nte: x }',
      '        - action: Enroll',
    );
    expect(diagnose(text, CATALOG)).toEqual([
      'UNKNOWN_ACTION 6:19',
      'MISSING_ACTION_PARAMETER 8:11',
      'UNKNOWN_ACTION_PARAMETER 8:25',
      'MISSING_ACTION_PARAMETER 9:19',
    ]);
    const diagnostics = runPipeline(text, CATALOG);
    expect(diagnostics.map((d) => d.severity)).toEqual(['warning', 'error', 'warning', 'error']);
    expect(diagnostics[1]!.message).toBe("the action 'Enroll' needs the parameter 'person_id' (the caller)");
    expect(diagnostics[2]!.suggestion).toBe('note');
  });

  it('checks nothing a catalog section does not cover', () => {
    const text = rule(
      '    on: ANYTHING',
      '    if: { var: whatever, exists: true }',
      '    then: { schedule: [ { action: X } ], enable: [Y] }',
    );
    expect(diagnose(text, 'description: an empty catalog\n')).toEqual([]);
    expect(diagnose(text)).toEqual([]);
  });
});
