import path from 'node:path';
import { evaluateEvent } from '../../src/rules/evaluate/evaluate-event';
import {
  answer,
  checkReadmeExamples,
  loadPack,
  replayCall,
  startHttpHostForPack,
  type Pack,
} from '../pack-test-kit';

const DIR = __dirname;
const RS = 'noise-reduction';

let pack: Pack;
beforeAll(async () => {
  pack = await loadPack(DIR);
});

const call = {
  'state.sessionId': 'cs-20240611-c4e90a',
  'call.ani': '+14155550142',
  'call.dnis': '+18005550100',
};
const TEST_LINE = '+18005550199';
const event = (name: string, vars: Record<string, string> = {}) => ({
  ...call,
  'state.currentEvent': name,
  ...vars,
});
const decided = (decision: string, vars: Record<string, string> = {}) =>
  event('SESSION_DECIDED', { 'person.id': 'C-1029384', 'session.decision': decision, ...vars });
const nothing = { fired: [], response: { result_code: 200 } };
/** An event whose session.decision is new: what `changed` sees on a decision just made. */
const decisionNew = { changed: new Set(['session.decision']) };
const quietFilter = { events_to_ignore: ['HEARTBEAT*'], keys_to_ignore: ['audio.*', 'vad.*'] };

describe('noise-reduction: the pack', () => {
  it('loads with no diagnostic at all (no error, no warning)', () => {
    expect(pack.loaded.diagnostics).toEqual([]);
    expect(pack.loaded.catalog).toBeDefined();
    expect(pack.loaded.rulesets.map((rs) => rs.spec.ruleset)).toEqual([RS]);
  });
});

describe('keep-everything-on-test-lines', () => {
  it('fires at call start on a test line: no filter at all', () => {
    expect(answer(pack.book, event('CALL_STARTED', { 'call.dnis': TEST_LINE }))).toEqual({
      fired: [`${RS}/keep-everything-on-test-lines`],
      response: { result_code: 200, session_variable_updates: [{ key: 'webhook.mode', value: 'VERBOSE' }] },
    });
  });

  it('leaves the decision on a test line alone: the webhook stays on', () => {
    const vars = decided('AUTHENTICATED', { 'call.dnis': '+18005550198' });
    expect(answer(pack.book, vars, decisionNew)).toEqual(nothing);
  });

  it('does not fire on other lines, nor on other events', () => {
    expect(answer(pack.book, event('CALL_STARTED')).fired).not.toContain(
      `${RS}/keep-everything-on-test-lines`,
    );
    expect(answer(pack.book, event('HEARTBEAT', { 'call.dnis': TEST_LINE }))).toEqual(nothing);
  });
});

describe('ignore-heartbeats-and-progress-counters', () => {
  it('fires at call start: heartbeats and progress-only events filtered', () => {
    expect(answer(pack.book, event('CALL_STARTED'))).toEqual({
      fired: [`${RS}/ignore-heartbeats-and-progress-counters`],
      response: { result_code: 200, event_filter: quietFilter },
    });
  });

  it('does not fire on later events (the filter already holds)', () => {
    for (const name of ['PERSON_IDENTIFIED', 'AUDIO_PROGRESS', 'VERIFY_COMPLETED', 'HEARTBEAT'])
      expect(answer(pack.book, event(name))).toEqual(nothing);
  });
});

describe('turn-webhook-off-after-final-decision', () => {
  it('fires on a final decision: reason recorded, every later event ignored', () => {
    expect(answer(pack.book, decided('AUTHENTICATED'), decisionNew)).toEqual({
      fired: [`${RS}/turn-webhook-off-after-final-decision`],
      response: {
        result_code: 200,
        session_variable_updates: [
          { key: 'webhook.mode', value: 'SILENCED' },
          { key: 'webhook.silencedReason', value: 'final decision AUTHENTICATED' },
        ],
        event_filter: { events_to_ignore: ['*'] },
      },
    });
  });

  it('fires on a rejection, and on a call whose risk was cleared (LOW)', () => {
    expect(answer(pack.book, decided('NOT_AUTHENTICATED'), decisionNew).fired).toEqual([
      `${RS}/turn-webhook-off-after-final-decision`,
    ]);
    expect(answer(pack.book, decided('AUTHENTICATED', { 'risk.level': 'LOW' }), decisionNew).fired).toEqual([
      `${RS}/turn-webhook-off-after-final-decision`,
    ]);
  });

  it('sends the whole effective filter when the session already has one', () => {
    const start = evaluateEvent(pack.book, event('CALL_STARTED'));
    const end = evaluateEvent(pack.book, decided('AUTHENTICATED'), { ...decisionNew, filter: start.filter });
    expect(end.response.event_filter).toEqual({
      keys_to_ignore: ['audio.*', 'vad.*'],
      values_to_ignore: {},
      events_to_ignore: ['HEARTBEAT*', '*'],
    });
  });

  it('does not fire on an inconclusive decision, nor on a risky call', () => {
    expect(answer(pack.book, decided('INCONCLUSIVE'), decisionNew)).toEqual(nothing);
    for (const level of ['PENDING', 'UNVERIFIED', 'HIGH'])
      expect(answer(pack.book, decided('AUTHENTICATED', { 'risk.level': level }), decisionNew)).toEqual(
        nothing,
      );
  });

  it('does not fire on a decision that did not just change (so the audio.* filter cannot stop it)', () => {
    expect(answer(pack.book, decided('AUTHENTICATED'), { changed: new Set() })).toEqual(nothing);
  });

  it('does not fire without a decision, nor on other events', () => {
    expect(answer(pack.book, event('SESSION_DECIDED'))).toEqual(nothing);
    expect(answer(pack.book, event('VERIFY_COMPLETED', { 'session.decision': 'AUTHENTICATED' }))).toEqual(
      nothing,
    );
  });
});

describe('whole calls, as the engine would run them', () => {
  const callStarted = { ...call, 'state.currentEvent': 'CALL_STARTED' };
  const rest: Record<string, string>[] = [
    { 'state.currentEvent': 'HEARTBEAT' },
    { 'state.currentEvent': 'AUDIO_PROGRESS', 'audio.netSeconds': '4.1', 'audio.grossSeconds': '6.0' },
    { 'state.currentEvent': 'PERSON_IDENTIFIED', 'person.id': 'C-1029384' },
    { 'state.currentEvent': 'HEARTBEAT_MEDIA' },
    { 'state.currentEvent': 'AUDIO_PROGRESS', 'audio.netSeconds': '9.8', 'vad.speechSegments': '7' },
    {
      'state.currentEvent': 'VERIFY_COMPLETED',
      'verify.decision': 'MATCH',
      'verify.score': '0.94',
      'audio.netSeconds': '12.0',
    },
    { 'state.currentEvent': 'SESSION_DECIDED', 'session.decision': 'AUTHENTICATED' },
    { 'state.currentEvent': 'TRAIN_COMPLETED', 'person.enrollStatus': 'TRAINED' },
    { 'state.currentEvent': 'CALL_ENDED' },
  ];

  it('sends only the events that matter, and nothing after the decision', async () => {
    const steps = await replayCall(pack.book, [callStarted, ...rest]);
    expect(steps.map((s) => [s.event, s.sent])).toEqual([
      ['CALL_STARTED', true],
      ['HEARTBEAT', false], // events_to_ignore: HEARTBEAT*
      ['AUDIO_PROGRESS', false], // keys_to_ignore: only audio.* changed
      ['PERSON_IDENTIFIED', true],
      ['HEARTBEAT_MEDIA', false], // events_to_ignore: HEARTBEAT*
      ['AUDIO_PROGRESS', false], // keys_to_ignore: only audio.* and vad.* changed
      ['VERIFY_COMPLETED', true], // verify.* changed too, so it is sent
      ['SESSION_DECIDED', true],
      ['TRAIN_COMPLETED', false], // "*": the webhook is off
      ['CALL_ENDED', false],
    ]);
    expect(steps[7]!.answer!.response.event_filter).toEqual({
      keys_to_ignore: ['audio.*', 'vad.*'],
      events_to_ignore: ['HEARTBEAT*', '*'],
    });
  });

  it('sends every event of a call to a test line', async () => {
    const steps = await replayCall(pack.book, [{ ...callStarted, 'call.dnis': TEST_LINE }, ...rest]);
    expect(steps.every((s) => s.sent)).toBe(true);
    expect(steps.flatMap((s) => s.answer!.fired)).toEqual([`${RS}/keep-everything-on-test-lines`]);
  });
});

describe('README', () => {
  it('shows curl examples whose responses are exactly what the webhook answers', async () => {
    expect(await checkReadmeExamples(pack.book, path.join(DIR, 'README.md'))).toBe(2);
  });

  it('is right that the same CALL_STARTED sent twice gets no filter the second time', async () => {
    const host = startHttpHostForPack(pack.book);
    const body = JSON.stringify({ session_variables: event('CALL_STARTED') });
    const carried = {
      key: 'rulehook.filter',
      value: '{"k":["audio.*","vad.*"],"e":["HEARTBEAT*"],"v":{}}',
    };
    expect((await host.post(body)).body).toEqual({
      result_code: 200,
      session_variable_updates: [carried],
      event_filter: quietFilter,
    });
    // The session store remembers the filter, so it is not sent again; the repeated body does not carry
    // rulehook.filter back, as an engine that does not keep the webhook's variables sends it: the store goes
    // on holding the call, and nothing is written for such an engine to drop (docs/state.md) ...
    expect((await host.post(body)).body).toEqual({ result_code: 200 });
    // ... and as the engine of the contract would send it, with the variable it keeps for rulehook.
    const echoed = JSON.stringify({
      session_variables: { ...event('CALL_STARTED'), [carried.key]: carried.value },
    });
    expect((await host.post(echoed)).body).toEqual({ result_code: 200 });
  });
});
