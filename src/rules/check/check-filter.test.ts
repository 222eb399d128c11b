import { diagnose, yamlLines } from '../../../test/fixtures/rules/diagnose';

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

  it('warns that values_to_ignore is unsupported, at its key', () => {
    expect(diagnose(withFilter('{ values_to_ignore: { a: b } }'))).toEqual([
      'VALUES_TO_IGNORE_UNSUPPORTED 4:23',
    ]);
  });
});
