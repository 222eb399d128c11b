import fc from 'fast-check';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hasErrors } from '../../src/diagnostics';
import { RuleBook } from '../../src/rules/compile/rule-book';
import { evaluateEvent } from '../../src/rules/evaluate/evaluate-event';
import { explainEvent } from '../../src/rules/evaluate/explain-event';
import { loadRules } from '../../src/rules/load';

/**
 * "Whatever validate accepts, serve loads": rule files of random, valid-ish
 * shapes (deep nesting, aliases of aliases, big templates, many rules, odd
 * regexes) never make loading throw or run long, and when loading reports no
 * error, compiling and evaluating events never throw either.
 */

// ~4 s on a 2-core machine; the bound is for a machine busy with other suites.
jest.setTimeout(20_000);

const KEYS = ['a', 'b', 'caller.ani', 'verify.score', 'x'];
const NAMES = ['CALL_STARTED', 'VERIFY_COMPLETED', 'X'];
/** Patterns the engine accepts (including what backtracks badly elsewhere), and patterns it refuses. */
const REGEXES = ['^[0-9]{8}$', '(a+)+$', '(a|aa)*b', 'a{1000}', '\\p{Greek}+', '(?i)abc', '.*.*.*=.*', '^$'];
const REFUSED = ['(a)\\1', 'a(?=b)', '(?<!x)y', 'a++', '\\u00e9', '[', 'a{1000}a', '(a{100}){100}'];
const TEXTS = ['', 'b', '0.5', '12345678', `${'a'.repeat(30)}b`, 'αβγ', 'a'.repeat(2_000)];

const quote = (text: string) => JSON.stringify(text);
/** Mostly within the limits, sometimes well past them. */
const size = (usual: number, past: number) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 0, max: usual }) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: past }) },
  );
const key = fc.constantFrom(...KEYS);
const text = fc.oneof(fc.constantFrom(...TEXTS), fc.string({ maxLength: 12 }));

const plainLeaf = fc.oneof(
  fc.record({ k: key, v: text }).map(({ k, v }) => `{ var: ${k}, equals: ${quote(v)} }`),
  fc
    .record({
      k: key,
      v: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...REGEXES) },
        { weight: 1, arbitrary: fc.constantFrom(...REFUSED) },
      ),
    })
    .map(({ k, v }) => `{ var: ${k}, regex: ${quote(v)} }`),
  fc
    .record({ k: key, v: fc.double({ noNaN: true, noDefaultInfinity: true }) })
    .map(({ k, v }) => `{ var: ${k}, gt: ${v} }`),
  fc
    .record({ k: key, v: fc.array(text, { minLength: 1, maxLength: 4 }) })
    .map(({ k, v }) => `{ var: ${k}, in: [${v.map(quote).join(', ')}] }`),
  key.map((k) => `{ var: ${k}, exists: true }`),
  fc.constantFrom('{ changed: "verify.*" }', '{ var: a, matches: "a*" }'),
);

/** A condition in flow style, nested a few levels, under a chain of `not` (mostly short, sometimes hundreds). */
const deepCondition = (leaf: fc.Arbitrary<string>) => {
  const { condition } = fc.letrec<{ condition: string }>((tie) => ({
    condition: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc
        .record({
          kind: fc.constantFrom('all', 'any'),
          items: fc.array(tie('condition'), { minLength: 1, maxLength: 3 }),
        })
        .map(({ kind, items }) => `{ ${kind}: [${items.join(', ')}] }`),
      tie('condition').map((c) => `{ not: ${c} }`),
    ),
  }));
  return fc
    .record({ c: condition, n: size(20, 400) })
    .map(({ c, n }) => `${'{ not: '.repeat(n)}${c}${' }'.repeat(n)}`);
};

/**
 * Named conditions: `c0`, then levels of aliases to the previous level (a bomb
 * when wide and deep), then a chain of refs (deep when long). With the names
 * rules may refer to.
 */
const named = fc
  .record({
    first: deepCondition(plainLeaf),
    levels: size(3, 9),
    width: size(4, 9).map((w) => Math.max(1, w)),
    chain: size(10, 80),
  })
  .map(({ first, levels, width, chain }) => {
    const lines = [`  c0: &c0 ${first}`];
    for (let i = 1; i <= levels; i++) {
      lines.push(
        `  c${i}: &c${i} { any: [${Array<string>(width)
          .fill(`*c${i - 1}`)
          .join(', ')}] }`,
      );
    }
    for (let i = 0; i < chain; i++) lines.push(`  r${i}: { not: { ref: ${i === 0 ? 'c0' : `r${i - 1}`} } }`);
    return { lines, names: ['c0', `c${levels}`, ...(chain > 0 ? [`r${chain - 1}`] : [])] };
  });

/** A template: placeholders, filler, and rarely an unclosed `${`. */
const template = fc
  .record({
    placeholders: size(200, 300),
    filler: size(15_000, 17_000),
    broken: fc.integer({ min: 0, max: 9 }),
  })
  .map(({ placeholders, filler, broken }) =>
    quote(`${'${a}'.repeat(placeholders)}${'x'.repeat(filler)}${broken === 0 ? '${' : ''}`),
  );

const rule = (index: number, names: readonly string[]) => {
  const ref = fc.constantFrom(...names).map((name) => `{ ref: ${name} }`);
  const leaf = fc.oneof(
    { weight: 6, arbitrary: plainLeaf },
    { weight: 2, arbitrary: ref },
    { weight: 1, arbitrary: fc.constant('{ ref: nowhere }') },
  );
  return fc
    .record({
      on: fc.option(fc.constantFrom(...NAMES, 'VERIFY_*'), { nil: undefined }),
      cond: fc.oneof(fc.constant(undefined), fc.constant('*c0'), ref, deepCondition(leaf)),
      set: template,
    })
    .map(({ on, cond, set }) =>
      [
        `  - id: r${index}`,
        ...(on ? [`    on: ${on}`] : []),
        ...(cond ? [`    if: ${cond}`] : []),
        `    then: { set: { t: ${set} } }`,
      ].join('\n'),
    );
};

const ruleFile = named.chain(({ lines, names }) =>
  fc
    .record({
      rules: fc
        .integer({ min: 0, max: 6 })
        .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => rule(i, names)))),
      many: fc.integer({ min: 0, max: 30 }),
    })
    .map(({ rules, many }) => {
      // Rarely, more rules than a file may hold.
      const extra =
        many === 30
          ? Array.from({ length: 10_001 }, (_, i) => `  - { id: m${i}, then: { enable: [N] } }`)
          : [];
      const all = [...rules, ...extra];
      return ['ruleset: prop', 'conditions:', ...lines, `rules:${all.length ? '' : ' []'}`, ...all, ''].join(
        '\n',
      );
    }),
);

const event = fc.record({
  name: fc.constantFrom(...NAMES, 'VERIFY_STARTED', 'OTHER'),
  values: fc.array(fc.tuple(key, text), { maxLength: 5 }),
});

describe('rule files of any shape', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rulehook-property-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('load without throwing, in bounded time, and what loads without errors compiles and evaluates', async () => {
    let compiled = 0;
    await fc.assert(
      fc.asyncProperty(ruleFile, fc.array(event, { minLength: 1, maxLength: 3 }), async (text, events) => {
        await writeFile(path.join(dir, 'rules.yaml'), text);
        const start = Date.now();
        const loaded = await loadRules(['rules.yaml'], { cwd: dir });
        expect(Date.now() - start).toBeLessThan(5_000);
        if (hasErrors(loaded.diagnostics)) return;
        compiled += 1;
        const book = RuleBook.compile(loaded.rulesets);
        for (const { name, values } of events) {
          const variables = { 'state.currentEvent': name, ...Object.fromEntries(values) };
          const evaluated = Date.now();
          const result = evaluateEvent(book, variables, { changed: new Set(book.changedGlobs.globs) });
          expect(Date.now() - evaluated).toBeLessThan(1_000);
          expect(result.response.result_code).toBe(200);
          expect(explainEvent(book, variables).length).toBe(book.ruleCount);
        }
      }),
      { numRuns: 80 },
    );
    // Not vacuous: about 40% of the 80 files load without errors and are compiled and evaluated.
    expect(compiled).toBeGreaterThan(8);
  });
});
