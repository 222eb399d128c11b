import {
  applyResponseFilter,
  computeDelta,
  createAutomaticKeyTest,
  decideEvent,
  INITIAL_FILTER_STATE,
} from '../src/filter';
import { wideVariables } from './events';
import { compareWithBaseline, measure, medianNsPerOp, summarize, type Measured } from './measure';
import { check, judgeRatioGoal, chooseRounds, type RunOptions, type Suite } from './suite';
import { formatNs, printTable, formatTimingCells } from './table';

const VARIABLES = 200;
/** Per event: the filter decision must cost at most a quarter of parsing the event (baseline ÷ subject ≥ 4). */
const GOAL = 4;

/**
 * The per-event work of the engine's filter (src/filter, as the engine
 * simulator of `rulehook test` and `replay` runs it): the delta of a 200-variable
 * event against the session's previous one, and the decision against the
 * session's filter, vs `JSON.parse` of that event's JSON text, the least any
 * consumer of the event pays. The event is an audio progress update: automatic
 * `state.*` keys and four `audio.*`/`vad.*` keys changed, all ignored by the
 * filter, so the decision reads every delta key (and filters the event).
 */
export const filterDecisionSuite: Suite = {
  name: 'filter',
  title: 'computeDelta + decideEvent on a 200-variable event vs JSON.parse of its text',
  async run(options: RunOptions) {
    const previous = {
      ...wideVariables('AUDIO_PROGRESS', VARIABLES - 4),
      'audio.netSeconds': '10.2',
      'audio.grossSeconds': '14.0',
      'vad.speechSegments': '5',
      'vad.silenceSeconds': '3.8',
    };
    const current = {
      ...previous,
      'state.eventIndex': '18',
      'audio.netSeconds': '11.0',
      'audio.grossSeconds': '15.0',
      'vad.speechSegments': '6',
      'vad.silenceSeconds': '4.0',
    };
    check(Object.keys(current).length === VARIABLES, `${VARIABLES} variables`);
    const text = JSON.stringify({ session_variables: current });
    const isAutomatic = createAutomaticKeyTest();
    const state = applyResponseFilter(INITIAL_FILTER_STATE, {
      keys_to_ignore: ['audio.*', 'vad.*', 'custom.field0001'],
      events_to_ignore: ['HEARTBEAT', 'HEARTBEAT_MEDIA'],
      values_to_ignore: {},
    });
    const delta = computeDelta(previous, current, isAutomatic);
    check(
      delta.join() === 'audio.grossSeconds,audio.netSeconds,vad.silenceSeconds,vad.speechSegments',
      'delta',
    );
    const decision = decideEvent(state, 'AUDIO_PROGRESS', delta);
    check(!decision.sent && decision.reason === 'keys_to_ignore', 'the event is filtered by keys_to_ignore');

    let sink = 0;
    const measureOptions = chooseRounds(options, {
      rounds: 15,
      warmupRounds: 2,
      operations: { roundMs: 30 },
    });
    const results = await measure(
      [
        {
          label: 'JSON.parse of the event [baseline]',
          run(n) {
            for (let i = 0; i < n; i++) sink += (JSON.parse(text) as { session_variables: object }) ? 1 : 0;
          },
        },
        {
          label: 'computeDelta + decideEvent',
          run(n) {
            for (let i = 0; i < n; i++) {
              const d = computeDelta(previous, current, isAutomatic);
              sink += decideEvent(state, 'AUDIO_PROGRESS', d).sent ? 0 : 1;
            }
          },
        },
      ],
      measureOptions,
    );
    check(sink > 0, 'decisions made');
    printTable(
      `filter: one ${VARIABLES}-variable event (${(text.length / 1024).toFixed(1)} KB of JSON), median of ${measureOptions.rounds} interleaved rounds; cost = subject time / baseline time`,
      ['case', 'time/event', 'events/s', 'noise', 'cost vs JSON.parse'],
      summarize(results).map((s) => [s.label, ...formatTimingCells(s)]),
    );
    const [base, ours] = results as [Measured, Measured];
    const ratio = compareWithBaseline(ours, base);
    return [
      {
        path: 'filter',
        subject: `computeDelta + decideEvent, ${VARIABLES} variables`,
        baseline: 'JSON.parse of the event',
        ratio,
        figures: `${formatNs(medianNsPerOp(ours))} vs ${formatNs(medianNsPerOp(base))}`,
        ...judgeRatioGoal(ratio, GOAL),
      },
    ];
  },
};
