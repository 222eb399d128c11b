import { hrtime } from 'node:process';
import { compileRegex, type TextMatcher } from '../src/rules/regex';
import { compareWithBaseline, measure, summarize, type Measured, type Ratio } from './measure';
import { check, summarizeCases, chooseRounds, type RunOptions, type Suite } from './suite';
import { formatNs, printTable, formatTimingCells } from './table';

/** Patterns as rule authors write them, each with texts it is tested against (matching and not). */
const CASES: readonly { pattern: string; texts: readonly string[] }[] = [
  { pattern: '^[0-9]{8}$', texts: ['12345678', 'P-0012345', '1234567x'] },
  { pattern: '^\\+120255501\\d\\d$', texts: ['+12025550142', '+442079460000', '+12025550199'] },
  { pattern: 'fraud', texts: ['no fraud reported by the agent', 'clean call, nothing to note'] },
  { pattern: '^(MISMATCH|UNCERTAIN)$', texts: ['MATCH', 'UNCERTAIN', 'MISMATCH'] },
  { pattern: '\\bvip\\b', texts: ['gold vip member', 'vipper', 'standard'] },
  {
    pattern: '^[a-z0-9._%+-]+@[a-z0-9.-]+\\.[a-z]{2,}$',
    texts: ['jane.doe@example.com', 'not an address', 'x@y'],
  },
];

/** The pattern that makes a backtracking engine take seconds: RE2 only, timed once. */
const PATHOLOGICAL = { pattern: '(a+)+$', text: `${'a'.repeat(30)}b` };

function compileOrFail(pattern: string): TextMatcher {
  const compiled = compileRegex(pattern);
  check(compiled.ok, `${pattern} compiles with RE2`);
  return compiled.matcher;
}

/**
 * The `regex` operator's engine (RE2, via re2js) against JavaScript's RegExp on
 * ordinary patterns: the price of linear-time matching on the texts rules see.
 */
export const regexSuite: Suite = {
  name: 'regex',
  title: 'the regex operator (RE2 via re2js) vs V8 RegExp on ordinary patterns',
  async run(options: RunOptions) {
    const rows: string[][] = [];
    const measureOptions = chooseRounds(options, {
      rounds: 15,
      warmupRounds: 2,
      operations: { roundMs: 30 },
    });
    const ratios: Ratio[][] = [];
    let sink = 0;
    for (const { pattern, texts } of CASES) {
      const v8 = new RegExp(pattern);
      const re2 = compileOrFail(pattern);
      for (const text of texts) check(v8.test(text) === re2.test(text), `${pattern} agrees on ${text}`);
      const results = await measure(
        [
          {
            label: 'V8 RegExp.test [baseline]',
            run(n) {
              for (let i = 0; i < n; i++) if (v8.test(texts[i % texts.length]!)) sink++;
            },
          },
          {
            label: 're2js test (the regex operator)',
            run(n) {
              for (let i = 0; i < n; i++) if (re2.test(texts[i % texts.length]!)) sink++;
            },
          },
        ],
        measureOptions,
      );
      const [base, ...others] = results as [Measured, ...Measured[]];
      others.forEach((other, i) => (ratios[i] ??= []).push(compareWithBaseline(other, base)));
      for (const s of summarize(results)) {
        rows.push([pattern, s.label, ...formatTimingCells(s)]);
      }
    }
    check(sink > 0, 'patterns matched');
    printTable(
      `regex: per test, median of ${measureOptions.rounds} interleaved rounds; cost = subject time / baseline time`,
      ['pattern', 'engine', 'time/test', 'tests/s', 'noise', 'cost vs V8'],
      rows,
      2,
    );

    const matcher = compileOrFail(PATHOLOGICAL.pattern);
    const start = hrtime.bigint();
    const held = matcher.test(PATHOLOGICAL.text);
    const ns = Number(hrtime.bigint() - start);
    check(!held, `${PATHOLOGICAL.pattern} does not match`);
    console.log(
      `\nregex: ${PATHOLOGICAL.pattern} against 30 'a' and a 'b', first test with re2js: ${formatNs(ns)} (V8 RegExp: seconds, not run)`,
    );
    return [
      summarizeCases(
        { path: 'regex', subject: 're2js test (the regex operator)', baseline: 'V8 RegExp.test' },
        ratios[0] ?? [],
        'patterns',
      ),
    ];
  },
};
