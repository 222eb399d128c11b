import path from 'node:path';

interface From {
  path?: string;
  pathNot?: string | string[];
}
interface ForbiddenRule {
  name: string;
  from: From;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the config is CommonJS, read as dependency-cruiser reads it
const config = require(path.join(__dirname, '../.dependency-cruiser.cjs')) as { forbidden: ForbiddenRule[] };

/** Rules about cycles hold for tests too; every other rule is about production code. */
const FOR_TESTS_TOO = new Set(['no-circular', 'no-index-cycles-through-root']);

function appliesTo(from: From, file: string): boolean {
  const excluded = from.pathNot === undefined ? [] : [from.pathNot].flat();
  return new RegExp(from.path ?? '').test(file) && !excluded.some((p) => new RegExp(p).test(file));
}

describe('.dependency-cruiser.cjs', () => {
  it('leaves unit tests out of every layer and stage rule, as its header says', () => {
    const samples = [
      'src/rules/regex.test.ts',
      'src/rules/compile/rule-book.test.ts',
      'src/replay/forgotten-sessions.test.ts',
      'src/replay/run/run-replay-loop.test.ts',
      'src/filter/effective-filter.test.ts',
      'src/processor/rule-processor.test.ts',
      'src/contract/event-limits.test.ts',
    ];
    const applying = config.forbidden
      .filter((rule) => !FOR_TESTS_TOO.has(rule.name))
      .flatMap((rule) =>
        samples.filter((file) => appliesTo(rule.from, file)).map((f) => `${rule.name}: ${f}`),
      );
    expect(applying).toEqual([]);
  });

  it('applies those rules to the production files next to the tests', () => {
    const named = (name: string) => config.forbidden.find((rule) => rule.name === name)!.from;
    expect(appliesTo(named('rules-shared-files'), 'src/rules/regex.ts')).toBe(true);
    expect(appliesTo(named('replay-shared-files'), 'src/replay/forgotten-sessions.ts')).toBe(true);
    expect(appliesTo(named('replay-shared-files'), 'src/replay/index.ts')).toBe(false);
    expect(appliesTo(named('filter-dependency-free'), 'src/filter/effective-filter.ts')).toBe(true);
  });
});
