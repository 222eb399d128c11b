import { createAutomaticKeyTest } from '../src/filter';
import { stepSession, type SessionStepOptions } from '../src/processor/session-step';
import type { SessionState } from '../src/session/session-state';
import { RuleBook } from '../src/rules/compile/rule-book';
import type { RulesetSpec } from '../src/rules/spec';
import { createFingerprint } from '../src/session/fingerprint';
import { wideVariables } from './events';
import { compareWithBaseline, measure, medianNsPerOp, summarize } from './measure';
import { check, chooseRounds, type Suite } from './suite';
import { formatNs, formatTimingCells, printTable } from './table';

const NAME = 'VERIFY_COMPLETED';
const SESSIONS = 1_000;
const BODIES = 3_000;

/** Rules whose updates land in the globs `changed` watches, so every answer's updates are folded in. */
const PACK: RulesetSpec = {
  ruleset: 'own',
  rules: [
    { id: 'all', if: { changed: 'custom.*' }, then: { set: { 'custom.mark': '${verify.score}' } } },
    { id: 'some', if: { changed: 'custom.m*' }, then: { set: { 'custom.more': 'x' } } },
    { id: 'verify', if: { changed: 'verify.*' }, then: { set: { 'verify.note': '${state.sessionId}' } } },
  ],
};

/**
 * The session step with the webhook's own updates folded into the `changed`
 * fingerprints (the default engine model, `own_updates: applied`) vs the same
 * step without the fold (`changes`), on 200-variable events: 3,000 bodies over
 * 1,000 sessions, cycling, each session keeping its state as a server does.
 */
export const ownUpdatesSuite: Suite = {
  name: 'own-updates',
  title: 'stepSession folding own updates into `changed` (applied) vs not folding them (changes)',
  async run(options) {
    const book = RuleBook.compile([{ file: 'own.yaml', spec: PACK, locate: () => undefined }]);
    const base = wideVariables(NAME, 200);
    const bodies = Array.from({ length: BODIES }, (_, b) => ({
      ...base,
      'state.sessionId': `s-${b % SESSIONS}`,
      'verify.score': String((b % 97) / 100),
      'custom.mode': b % 2 === 0 ? 'live' : 'test',
    }));
    const stepOptions: SessionStepOptions = {
      isAutomatic: createAutomaticKeyTest(),
      fingerprint: createFingerprint(),
    };
    const run = (ownUpdates: SessionStepOptions['ownUpdates']) => {
      const states = new Map<string, SessionState>();
      let at = 0;
      return (n: number) => {
        for (let i = 0; i < n; i++, at = (at + 1) % BODIES) {
          const body = bodies[at]!;
          const id = body['state.sessionId']!;
          states.set(id, stepSession(book, states.get(id), body, { ...stepOptions, ownUpdates }).next);
        }
      };
    };
    const first = stepSession(book, undefined, bodies[0]!, stepOptions);
    check(first.evaluation.response.session_variable_updates.length === 3, 'every rule answers an update');
    const results = await measure(
      [
        { label: 'stepSession, own updates not folded (changes) [baseline]', run: run('changes') },
        { label: 'stepSession, own updates folded (applied)', run: run(undefined) },
      ],
      chooseRounds(options, { rounds: 15, warmupRounds: 2, operations: { roundMs: 100 } }),
    );
    const [plain, folded] = results as [(typeof results)[0], (typeof results)[0]];
    printTable(
      `own-updates: 200-variable events, ${BODIES.toLocaleString('en')} bodies over ${SESSIONS.toLocaleString('en')} sessions (median of 15 interleaved rounds)`,
      ['path', 'time/event', 'events/s', 'noise', 'cost vs not folding'],
      summarize(results).map((s) => [s.label, ...formatTimingCells(s)]),
      1,
    );
    return [
      {
        path: 'store',
        subject: 'stepSession folding own updates (3 touched globs)',
        baseline: 'stepSession without the fold',
        ratio: compareWithBaseline(folded, plain),
        figures: `${formatNs(medianNsPerOp(folded))} vs ${formatNs(medianNsPerOp(plain))}`,
      },
    ];
  },
};
