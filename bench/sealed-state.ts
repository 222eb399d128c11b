import type { SessionVariables } from '../src/contract';
import { Metrics } from '../src/observability/metrics';
import { RuleProcessor } from '../src/processor/rule-processor';
import { RuleBook } from '../src/rules/compile/rule-book';
import type { RulesetSpec } from '../src/rules/spec';
import { MemorySessionStore } from '../src/session';
import { wideVariables } from './events';
import { compareWithBaseline, measure, medianNsPerOp, summarize } from './measure';
import { check, chooseRounds, type Suite } from './suite';
import { formatNs, formatTimingCells, printTable } from './table';

const SESSIONS = 1_000;
const VARIABLES = 200;

/** A pack whose state changes on most events: a filter, a `once` rule and a `changed` glob. */
const PACK: RulesetSpec = {
  ruleset: 'sealed',
  rules: [
    { id: 'alert', on: 'VERIFY_COMPLETED', once: true, then: { set: { alerted: 'yes' } } },
    { id: 'quiet', on: 'VERIFY_COMPLETED', then: { filter: { keys_to_ignore: ['audio.*'] } } },
    { id: 'rescore', if: { changed: 'verify.*' }, then: { set: { rescored: '${verify.score}' } } },
  ],
};

/**
 * `RuleProcessor.process` on events that carry their session's state, as an
 * engine that returns the webhook's variables sends them: without a secret
 * (the carried state taken as it comes, no store asked) vs with
 * `--state-secret` (the seal checked and written, and the memory store asked
 * on every event so that a rolled-back state can be refused). 1,000 sessions
 * cycling, each keeping what the answers set, 200 variables per event.
 */
export const sealedStateSuite: Suite = {
  name: 'sealed-state',
  title: 'RuleProcessor with --state-secret (seal + rollback check in the memory store) vs without',
  async run(options) {
    const book = RuleBook.compile([{ file: 'sealed.yaml', spec: PACK, locate: () => undefined }]);
    const base = wideVariables('VERIFY_COMPLETED', VARIABLES);
    const run = (stateSecret: string | undefined) => {
      const metrics = new Metrics();
      const store = new MemorySessionStore({ metrics });
      const processor = new RuleProcessor(book, {
        metrics,
        store,
        ...(stateSecret === undefined ? {} : { stateSecret }),
      });
      const sessions: SessionVariables[] = Array.from({ length: SESSIONS }, (_, s) => ({
        ...base,
        'state.sessionId': `call-${s}`,
      }));
      let at = 0;
      return async (n: number) => {
        for (let i = 0; i < n; i++, at = (at + 1) % SESSIONS) {
          const session = sessions[at]!;
          session['verify.score'] = String((i % 7) / 10);
          const { response } = await processor.process({ session_variables: session });
          for (const { key, value } of response.session_variable_updates) session[key] = value;
        }
      };
    };
    const sealed = run('bench-secret');
    await sealed(SESSIONS * 2);
    check(
      (await probeMac(book)).startsWith('1.'),
      'a sealed answer carries rulehook.mac with its generation',
    );
    const results = await measure(
      [
        { label: 'carried state, no secret [baseline]', run: run(undefined) },
        { label: 'carried state, sealed, rollback checked', run: sealed },
      ],
      chooseRounds(options, { rounds: 15, warmupRounds: 2, operations: { roundMs: 100 } }),
    );
    const [plain, checked] = results as [(typeof results)[0], (typeof results)[0]];
    printTable(
      `sealed-state: ${VARIABLES}-variable events over ${SESSIONS.toLocaleString('en')} sessions (median of 15 interleaved rounds)`,
      ['path', 'time/event', 'events/s', 'noise', 'cost vs no secret'],
      summarize(results).map((s) => [s.label, ...formatTimingCells(s)]),
      1,
    );
    return [
      {
        path: 'store',
        subject: 'RuleProcessor, sealed state with the rollback check',
        baseline: 'RuleProcessor, carried state without a secret',
        ratio: compareWithBaseline(checked, plain),
        figures: `${formatNs(medianNsPerOp(checked))} vs ${formatNs(medianNsPerOp(plain))}`,
      },
    ];
  },
};

/** The seal a first sealed answer carries. */
async function probeMac(book: RuleBook): Promise<string> {
  const metrics = new Metrics();
  const processor = new RuleProcessor(book, {
    metrics,
    store: new MemorySessionStore({ metrics }),
    stateSecret: 'probe',
  });
  const { response } = await processor.process({
    session_variables: { 'state.sessionId': 'probe', 'state.currentEvent': 'VERIFY_COMPLETED' },
  });
  return response.session_variable_updates.find((u) => u.key === 'rulehook.mac')?.value ?? '';
}
