import { diagnose, runPipeline, yamlLines } from '../../../test/fixtures/rules/diagnose';

const CATALOG = yamlLines(
  'events: [VERIFY_COMPLETED, HEARTBEAT, AUDIO_PROGRESS]',
  'variables: ["verify.*", custom.tier, audio.level, audio.net, "vad.{level,energy}"]',
);

const rule = (...lines: string[]) => yamlLines('ruleset: a', 'rules:', '  - id: r', ...lines);
const found = (text: string) =>
  runPipeline(text, CATALOG).map((d) => [d.code, d.severity, d.suggestion] as const);

describe('variable names against a catalog', () => {
  it('accepts names and globs the catalog covers, prefixes some name or glob starts with', () => {
    const text = rule(
      '    if:',
      '      any:',
      '        - changed: "verify.*"',
      '        - changed: "verify.sc*"',
      '        - changed: "custom.*"',
      '        - changed: "vad.l*"',
      '        - changed: audio.level',
      '        - changed: "state.*"',
      '    then:',
      '      set: { custom.tier: gold, verify.note: x }',
      '      filter:',
      '        keys_to_ignore: ["audio.*", "aud*", "verify.score", "verify.score.*", "vad.e*", "state.*", "*"]',
    );
    expect(diagnose(text, CATALOG)).toEqual([]);
  });

  it('warns about set keys the catalog does not declare, suggesting a name or a respelled glob start', () => {
    const text = rule('    then: { set: { custum.tier: gold, verfy.note: x } }');
    expect(diagnose(text, CATALOG)).toEqual(['UNKNOWN_VARIABLE 4:20', 'UNKNOWN_VARIABLE 4:39']);
    expect(found(text)).toEqual([
      ['UNKNOWN_VARIABLE', 'warning', 'custom.tier'],
      ['UNKNOWN_VARIABLE', 'warning', 'verify.note'],
    ]);
    expect(runPipeline(text, CATALOG)[0]!.message).toBe(
      "the catalog declares no session variable 'custum.tier' (set by this rule)",
    );
  });

  it('warns about keys_to_ignore entries, a prefix keeping its star in the suggestion', () => {
    const text = rule('    then: { filter: { keys_to_ignore: ["auido.*", audio.levl, "vda.*", "zzz*"] } }');
    expect(diagnose(text, CATALOG)).toEqual([
      'UNKNOWN_VARIABLE 4:40',
      'UNKNOWN_VARIABLE 4:51',
      'UNKNOWN_VARIABLE 4:63',
      'UNKNOWN_VARIABLE 4:72',
    ]);
    expect(found(text).map(([, , suggestion]) => suggestion)).toEqual([
      'audio.*',
      'audio.level',
      'vad.*',
      undefined,
    ]);
    expect(runPipeline(text, CATALOG)[0]!.message).toBe(
      "no session variable of the catalog starts with 'auido.', so the keys_to_ignore entry 'auido.*' matches none",
    );
  });

  it('warns about changed: a glob matching no variable, or a plain name it does not declare', () => {
    const text = rule(
      '    if: { any: [ { changed: "custum.*" }, { changed: custom.tire }, { changed: "verfy.{a,b}" } ] }',
      '    then: { set: { custom.tier: gold } }',
    );
    expect(found(text)).toEqual([
      ['CHANGED_MATCHES_NO_VARIABLE', 'warning', 'custom.*'],
      ['UNKNOWN_VARIABLE', 'warning', 'custom.tier'],
      ['CHANGED_MATCHES_NO_VARIABLE', 'warning', 'verify.{a,b}'],
    ]);
    expect(runPipeline(text, CATALOG)[0]!.message).toBe(
      "'custum.*' matches none of the catalog's session variables, so this 'changed' condition is never true",
    );
  });

  it('leaves empty, reserved and misplaced entries to their own checks', () => {
    const text = rule(
      '    then:',
      '      set: { "": x, rulehook.mode: quiet }',
      '      filter: { keys_to_ignore: ["au*io.x"], events_to_ignore: ["HEART*BEAT"] }',
    );
    expect(runPipeline(text, CATALOG).map((d) => d.code)).toEqual([
      'INVALID_VALUE',
      'RESERVED_VARIABLE',
      'MISPLACED_WILDCARD',
      'MISPLACED_WILDCARD',
    ]);
  });

  it('checks nothing without a variables section', () => {
    const text = rule(
      '    if: { changed: "x.*" }',
      '    then: { set: { y: z }, filter: { keys_to_ignore: [w] } }',
    );
    expect(diagnose(text, 'events: [A]\n')).toEqual([]);
  });
});

describe('events_to_ignore against a catalog', () => {
  it('suggests the event for a name, and the prefix with its star for a prefix entry', () => {
    const text = rule('    then: { filter: { events_to_ignore: [HEARTBAET, "HEARTBAET*", "AUIDO_*"] } }');
    expect(found(text)).toEqual([
      ['UNKNOWN_EVENT', 'warning', 'HEARTBEAT'],
      ['UNKNOWN_EVENT', 'warning', 'HEARTBEAT*'],
      ['UNKNOWN_EVENT', 'warning', 'AUDIO_*'],
    ]);
    expect(runPipeline(text, CATALOG)[1]!.message).toBe(
      "no event of the catalog starts with 'HEARTBAET', so the events_to_ignore entry 'HEARTBAET*' matches none",
    );
  });
});
