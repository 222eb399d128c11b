import { diagnose, runPipeline, yamlLines } from '../../../test/fixtures/rules/diagnose';

const withFilter = (filter: string) =>
  yamlLines('ruleset: a', 'rules:', '  - id: r', `    then: { filter: ${filter} }`);

describe('filters', () => {
  it('accepts a star at the end of an entry, or alone', () => {
    expect(
      diagnose(withFilter('{ keys_to_ignore: ["audio.*", "*"], events_to_ignore: ["HEARTBEAT*", PING] }')),
    ).toEqual([]);
  });

  it('reports a star anywhere else, at the star', () => {
    expect(diagnose(withFilter('{ keys_to_ignore: ["*.audio"], events_to_ignore: [A*B, "C**"] }'))).toEqual([
      'MISPLACED_WILDCARD 4:41',
      'MISPLACED_WILDCARD 4:72',
      'MISPLACED_WILDCARD 4:78',
    ]);
  });

  it.each([
    [
      'audio.**',
      'audio.*',
      "'audio.**' matches only names starting with 'audio.*'; 'audio.*' matches every name starting with 'audio.'",
    ],
    [
      'audio.*.level',
      'audio.*',
      "'audio.*.level' matches only the name 'audio.*.level' itself; 'audio.*' matches",
    ],
    ['A*B', 'A*', "'A*B' matches only the name 'A*B' itself"],
    [
      '**',
      '*',
      "'**' matches only names starting with '*'; '*' alone matches everything, and turns the webhook off",
    ],
    ['***', '*', '\'***\' is not "everything"'],
    [
      '*.audio',
      undefined,
      "cannot match the end of a name: '*.audio' matches only the name '*.audio' itself; list the names",
    ],
  ])('says what the engine makes of %j and shows the fixed entry', (entry, fixed, said) => {
    const [d] = runPipeline(withFilter(`{ keys_to_ignore: ["${entry}"] }`));
    expect(d!.code).toBe('MISPLACED_WILDCARD');
    expect(d!.suggestion).toBe(fixed);
    expect(d!.message).toContain(said);
    expect(d!.message).not.toContain('audio.*"');
  });

  it('warns that values_to_ignore is unsupported, at its key', () => {
    expect(diagnose(withFilter('{ values_to_ignore: { a: b } }'))).toEqual([
      'VALUES_TO_IGNORE_UNSUPPORTED 4:23',
    ]);
  });
});
