import { diagnose, runPipeline, yamlLines } from '../../../test/fixtures/rules/diagnose';

const withThen = (...then: string[]) => yamlLines('ruleset: a', 'rules:', '  - id: r', ...then);

describe('then', () => {
  it('reports a then that does nothing, at its key', () => {
    expect(diagnose(withThen('    then: {}'))).toEqual(['EMPTY_THEN 4:5']);
    expect(diagnose(withThen('    then: { schedule: [], set: {}, filter: { keys_to_ignore: [] } }'))).toEqual(
      ['EMPTY_THEN 4:5'],
    );
  });

  it('accepts a then with any one output', () => {
    for (const output of [
      'schedule: [ { action: A } ]',
      'set: { a: "" }',
      'disable: [N]',
      'enable: [N]',
      'filter: { events_to_ignore: [E] }',
    ]) {
      expect(diagnose(withThen(`    then: { ${output} }`))).toEqual([]);
    }
  });

  it('reports a set of a reserved rulehook.* variable, at its key', () => {
    expect(diagnose(withThen('    then: { set: { rulehook.once: "[]", mine: x } }'))).toEqual([
      'RESERVED_VARIABLE 4:20',
    ]);
  });

  it('warns about a set of a variable the engine maintains itself (state.*), at its key, saying what happens', () => {
    const text = withThen(
      '    then:',
      '      set: { custom.step: x, state.currentEvent: X, state.flowStep: y }',
    );
    expect(diagnose(text)).toEqual(['ENGINE_VARIABLE 5:30', 'ENGINE_VARIABLE 5:53']);
    const [event, step] = runPipeline(text);
    expect(event).toMatchObject({
      severity: 'warning',
      message:
        "'state.currentEvent' belongs to the engine, which maintains the variables matching 'state.*' itself: it overwrites this rule's value on the next event, which it names; keep your own state under another name, such as 'custom.currentEvent'",
    });
    expect(step!.message).toContain("it overwrites this rule's value when it next updates it");
    expect(diagnose(withThen('    then: { set: { states.x: y, stat: z } }'))).toEqual([]);
    // Once, not again as a variable the catalog does not declare.
    const catalog = yamlLines('variables: [custom.step]');
    expect(diagnose(withThen('    then: { set: { state.flowStep: y } }'), catalog)).toEqual([
      'ENGINE_VARIABLE 4:20',
    ]);
  });

  it('leaves a misspelled output to the schema instead of calling then empty', () => {
    expect(diagnose(withThen('    then: { sett: { a: b } }'))).toEqual(['UNKNOWN_KEY 4:13']);
  });

  it('reports template errors in set and parameters values, at the placeholder when the source spells it', () => {
    const text = withThen(
      '    then:',
      '      set: { a: "x ${y", b: "plain ${}" }',
      '      schedule:',
      '        - action: A',
      '          parameters: { p: "${:-z}", q: "${ok}" }',
    );
    expect(diagnose(text)).toEqual(['TEMPLATE_SYNTAX 5:20', 'TEMPLATE_SYNTAX 5:36', 'TEMPLATE_SYNTAX 8:29']);
  });

  it('reports a template error at the whole value when the source uses escapes', () => {
    expect(diagnose(withThen('    then:', '      set: { a: "\\t${" }'))).toEqual(['TEMPLATE_SYNTAX 5:17']);
  });
});
