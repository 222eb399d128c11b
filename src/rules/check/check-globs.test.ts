import { parseCatalog } from '../catalog';
import { diagnose, runPipeline, yamlLines } from '../../../test/fixtures/rules/diagnose';

const rule = (...lines: string[]) =>
  yamlLines('ruleset: a', 'rules:', '  - id: r', ...lines, '    then: { set: { a: b } }');

describe('globs', () => {
  it('accepts the documented syntax in matches, changed and on', () => {
    const text = rule(
      '    on: ["VERIFY_*", "{FRAUD,SPOOF}_CHECK_COMPLETED", "ivr/**/menu"]',
      '    if: { all: [ { var: caller.ani, matches: "sip:qa-[0-9]*@*" }, { changed: "custom.*" } ] }',
    );
    expect(diagnose(text)).toEqual([]);
  });

  it('reports a construct outside the syntax at the construct, in matches, changed and on', () => {
    const text = rule(
      '    on: [VERIFY_DONE, "@(A|B)"]',
      '    if: { any: [ { var: x, matches: "a*(b)" }, { changed: "!custom.*" } ] }',
    );
    expect(diagnose(text)).toEqual([
      'GLOB_UNSUPPORTED 4:24',
      'GLOB_UNSUPPORTED 5:39',
      'GLOB_UNSUPPORTED 5:60',
    ]);
    const [on, matches, changed] = runPipeline(text);
    expect(on!.message).toContain('extglobs (`@(...)`) cannot be used in a glob');
    expect(matches!.message).toContain('extglobs (`*(...)`)');
    expect(changed!.message).toContain('`!` at the start (negation)');
    expect(on!.range!.end - on!.range!.start).toBe(2);
  });

  it.each([
    ['    on: "!EV*"', 'GLOB_UNSUPPORTED 4:10', '`!` at the start (negation) cannot be used in a glob'],
    ['    if: { var: x, matches: "a(b)" }', 'GLOB_UNSUPPORTED 4:30', '`(` (regex groups and alternatives)'],
    ['    if: { var: x, matches: "@(a|b)" }', 'GLOB_UNSUPPORTED 4:29', 'extglobs (`@(...)`) cannot be used'],
  ])('refuses %s at validation, at the construct, as an error', (line, at, said) => {
    const text = rule(line);
    expect(diagnose(text)).toEqual([at]);
    const [d] = runPipeline(text);
    expect(d!.severity).toBe('error');
    expect(d!.message).toContain(said);
  });

  it('says what repeats where the glob is written: never a regex operand for on, which has none', () => {
    const text = rule(
      '    on: ["VERIFY_+(RETRY)"]',
      '    if: { any: [ { var: caller.ani, matches: "[0-9]+" }, { changed: "*(custom.x)" } ] }',
    );
    expect(diagnose(text)).toEqual([
      'GLOB_UNSUPPORTED 4:18',
      'GLOB_UNSUPPORTED 5:52',
      'GLOB_UNSUPPORTED 5:70',
    ]);
    const [on, matches, changed] = runPipeline(text);
    expect(on!.message).toBe(
      'extglobs (`+(...)`) cannot be used in a glob: write alternatives with braces (`{a,b}`); a glob cannot repeat part of a text; `on` takes event names and globs only: list the events the rule is for (`on: [EVENT_A, EVENT_B]`), or leave `on` out and test the name in `if` (`{ var: state.currentEvent, regex: "^(AB)+$" }`)',
    );
    expect(on!.message).not.toContain('regex` operand');
    expect(matches!.message).toContain(
      'a glob cannot repeat part of a text; to repeat, write `regex` instead of `matches`',
    );
    expect(changed!.message).toContain('each in its own `changed` condition under `any`');
    expect(changed!.message).not.toContain('regex');
  });

  it('reports a glob over the length limit as too large', () => {
    const [d] = runPipeline(rule(`    if: { var: x, matches: "${'a'.repeat(300)}*" }`));
    expect(d).toMatchObject({ code: 'GLOB_TOO_LARGE', severity: 'error' });
    expect(d!.message).toContain('at most 256');
  });

  it('refuses a catalog whose variables hold a glob that does not compile', () => {
    const parsed = parseCatalog(
      'catalog.yaml',
      yamlLines('variables: ["custom.*", "verify.@(score|decision)"]'),
    );
    expect(parsed.catalog).toBeUndefined();
    expect(parsed.diagnostics).toMatchObject([{ code: 'GLOB_UNSUPPORTED', range: { start: 32, end: 34 } }]);
  });
});
