import micromatch from 'micromatch';
import { hrtime } from 'node:process';
import { RE2JS } from 're2js';
import { compileGlob } from '../src/glob';
import { compareWithBaseline, measure, summarize, type Measured, type Ratio } from './measure';
import { check, summarizeCases, chooseRounds, type RunOptions, type Suite } from './suite';
import { formatNs, printTable, formatTimingCells } from './table';

/**
 * Globs as rule authors write them, each with texts it is tested against
 * (matching and not), and the cheapest RE2 expression with the same meaning:
 * the alternative engine, translating globs to RE2 for re2js, costs at least
 * that (a translator would also need the leading-dot rule, which RE2 can only
 * spell by duplicating what follows a star: `*` starting a segment is `(?:[^./][^/]*)?`).
 */
const CASES: readonly { glob: string; re2: string; texts: readonly string[] }[] = [
  { glob: 'VERIFY_*', re2: '^VERIFY_[^/]*$', texts: ['VERIFY_COMPLETED', 'ENROLL_COMPLETED', 'VERIFY_'] },
  {
    glob: 'sip:qa-*@*',
    re2: '^sip:qa-[^/]*@[^/]*$',
    texts: ['sip:qa-7@pbx.example', 'sip:+14155550142@pbx'],
  },
  {
    glob: '*_CHECK_COMPLETED',
    re2: '^(?:[^./][^/]*)?_CHECK_COMPLETED$',
    texts: ['FRAUD_CHECK_COMPLETED', 'VERIFY_COMPLETED', 'SPOOF_CHECK_COMPLETED'],
  },
  { glob: 'custom.*', re2: '^custom\\.[^/]*$', texts: ['custom.tier', 'person.id', 'custom.optIn'] },
  { glob: '+44*', re2: '^\\+44[^/]*$', texts: ['+442079460000', '+14155550142'] },
  {
    glob: '{VERIFY,ENROLL}_*',
    re2: '^(?:VERIFY|ENROLL)_[^/]*$',
    texts: ['VERIFY_COMPLETED', 'ENROLL_STARTED', 'FRAUD_CHECK_COMPLETED'],
  },
  {
    glob: 'ivr/**/menu',
    re2: '^ivr/(?:(?:[^./][^/]*)?(?:/(?:[^./][^/]*)?)*/)?menu$',
    texts: ['ivr/main/menu', 'ivr/menu', 'ivr/a/b'],
  },
];

/** The pattern micromatch takes seconds on (4,000 characters: 6 s); rulehook's time on 20,000, micromatch's on 1,000. */
const PATHOLOGICAL = { glob: '*a*a*b', long: 'a'.repeat(20_000), short: 'a'.repeat(1_000) };

function compileOrFail(glob: string): (text: string) => boolean {
  const compiled = compileGlob(glob);
  check(compiled.ok, `${glob} compiles`);
  return compiled.test;
}

function timeOnce(test: () => boolean): { ns: number; result: boolean } {
  const start = hrtime.bigint();
  const result = test();
  return { ns: Number(hrtime.bigint() - start), result };
}

/** Globs (`matches`, `on`, `changed`): rulehook's matcher and an RE2 translation against micromatch. */
export const globSuite: Suite = {
  name: 'glob',
  title: "rulehook's glob matcher and globs translated to RE2 (re2js) vs micromatch",
  async run(options: RunOptions) {
    const rows: string[][] = [];
    const measureOptions = chooseRounds(options, {
      rounds: 15,
      warmupRounds: 2,
      operations: { roundMs: 30 },
    });
    const ratios: Ratio[][] = [];
    let sink = 0;
    for (const { glob, re2, texts } of CASES) {
      const baseline = micromatch.matcher(glob);
      const ours = compileOrFail(glob);
      const translated = RE2JS.compile(re2);
      for (const text of texts) {
        check(ours(text) === baseline(text), `${glob} agrees with micromatch on ${text}`);
        check(translated.test(text) === baseline(text), `${re2} agrees with micromatch on ${text}`);
      }
      const results = await measure(
        [
          {
            label: 'micromatch matcher [baseline]',
            run(n) {
              for (let i = 0; i < n; i++) if (baseline(texts[i % texts.length]!)) sink++;
            },
          },
          {
            label: 'rulehook compileGlob().test',
            run(n) {
              for (let i = 0; i < n; i++) if (ours(texts[i % texts.length]!)) sink++;
            },
          },
          {
            label: 'RE2 translation (re2js)',
            run(n) {
              for (let i = 0; i < n; i++) if (translated.test(texts[i % texts.length]!)) sink++;
            },
          },
        ],
        measureOptions,
      );
      const [base, ...others] = results as [Measured, ...Measured[]];
      others.forEach((other, i) => (ratios[i] ??= []).push(compareWithBaseline(other, base)));
      for (const s of summarize(results)) {
        rows.push([glob, s.label, ...formatTimingCells(s)]);
      }
    }
    check(sink > 0, 'globs matched');
    printTable(
      `glob: per test, median of ${measureOptions.rounds} interleaved rounds; cost = subject time / baseline time`,
      ['glob', 'engine', 'time/test', 'tests/s', 'noise', 'cost vs micromatch'],
      rows,
      3,
    );

    const ours = compileOrFail(PATHOLOGICAL.glob);
    ours(PATHOLOGICAL.long);
    const fast = timeOnce(() => ours(PATHOLOGICAL.long));
    const slow = timeOnce(() => micromatch.isMatch(PATHOLOGICAL.short, PATHOLOGICAL.glob));
    check(!fast.result && !slow.result, `${PATHOLOGICAL.glob} does not match`);
    console.log(
      `\nglob: ${PATHOLOGICAL.glob} against 20,000 'a': rulehook ${formatNs(fast.ns)}; against 1,000 'a': micromatch ${formatNs(slow.ns)} (its time grows with the cube of the length)`,
    );
    const row = (subject: string, i: number) =>
      summarizeCases({ path: 'glob', subject, baseline: 'micromatch matcher' }, ratios[i] ?? [], 'globs');
    return [row('rulehook compileGlob().test', 0), row('RE2 translation (re2js)', 1)];
  },
};
