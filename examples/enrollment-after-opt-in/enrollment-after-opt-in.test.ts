import path from 'node:path';
import { answer, checkReadmeExamples, loadPack, replayCall, type Pack } from '../pack-test-kit';

const DIR = __dirname;
const RS = 'enrollment-after-opt-in';

let pack: Pack;
beforeAll(async () => {
  pack = await loadPack(DIR);
});

const call = {
  'state.sessionId': 'cs-20240611-7f3a9c',
  'call.ani': '+14155550142',
  'call.dnis': '+18005550100',
  'person.id': 'C-1029384',
};
type Vars = Record<string, string>;
const event = (name: string, vars: Vars = {}): Vars => ({
  ...call,
  'state.currentEvent': name,
  ...vars,
});
/** A caller we put on hold at PERSON_IDENTIFIED, who has just consented. */
const consenting = (name: string, vars: Vars = {}): Vars =>
  event(name, { 'person.optIn': 'true', 'enrollment.state': 'WAITING_FOR_CONSENT', ...vars });
const without = (vars: Vars, key: string): Vars =>
  Object.fromEntries(Object.entries(vars).filter(([k]) => k !== key));
const nothing = { fired: [], response: { result_code: 200 } };

describe('enrollment-after-opt-in: the pack', () => {
  it('loads with no diagnostic at all (no error, no warning)', () => {
    expect(pack.loaded.diagnostics).toEqual([]);
    expect(pack.loaded.catalog).toBeDefined();
    expect(pack.loaded.rulesets.map((rs) => rs.spec.ruleset)).toEqual([RS]);
  });
});

describe('hold-enrollment-until-consent', () => {
  it('fires when the identified caller has no consent on file: Enroll node off, reason recorded', () => {
    expect(answer(pack.book, event('PERSON_IDENTIFIED'))).toEqual({
      fired: [`${RS}/hold-enrollment-until-consent`],
      response: {
        result_code: 200,
        session_variable_updates: [
          { key: 'enrollment.state', value: 'WAITING_FOR_CONSENT' },
          { key: 'enrollment.reason', value: 'no consent on file for C-1029384 when identified' },
        ],
        nodes_to_override: [{ node_names: ['Enroll'], enable: false }],
      },
    });
  });

  it('fires after an opt-out too ("false" is not consent)', () => {
    expect(answer(pack.book, event('PERSON_IDENTIFIED', { 'person.optIn': 'false' })).fired).toEqual([
      `${RS}/hold-enrollment-until-consent`,
    ]);
  });

  it('does not fire when consent is on file: the built-in flow enrolls', () => {
    expect(answer(pack.book, event('PERSON_IDENTIFIED', { 'person.optIn': 'true' }))).toEqual(nothing);
  });

  it('does not fire before the caller is identified (the ruleset `when`)', () => {
    expect(answer(pack.book, without(event('PERSON_IDENTIFIED'), 'person.id'))).toEqual(nothing);
  });

  it('does not fire on other events', () => {
    expect(answer(pack.book, event('CALL_STARTED'))).toEqual(nothing);
    expect(answer(pack.book, event('VERIFY_COMPLETED'))).toEqual(nothing);
  });
});

describe('enroll-premium-after-consent', () => {
  it('fires for a gold caller with 12 seconds or more, and stops the ruleset', () => {
    const vars = consenting('OPT_IN_RECEIVED', { 'custom.tier': 'gold', 'audio.netSeconds': '14.2' });
    expect(answer(pack.book, vars)).toEqual({
      fired: [`${RS}/enroll-premium-after-consent`],
      response: {
        result_code: 200,
        actions_to_perform: [
          {
            action: 'Enroll',
            parameters: {
              person_id: 'C-1029384',
              audit_note: 'consent given in call cs-20240611-7f3a9c; tier gold',
            },
          },
        ],
        session_variable_updates: [
          { key: 'enrollment.state', value: 'ENROLL_REQUESTED' },
          {
            key: 'enrollment.reason',
            value: 'premium caller consented during the call; 14.2s of net speech (12s needed)',
          },
        ],
      },
    });
  });

  it('fires on AUDIO_PROGRESS exactly at the threshold, for platinum too', () => {
    const vars = consenting('AUDIO_PROGRESS', { 'custom.tier': 'platinum', 'audio.netSeconds': '12' });
    expect(answer(pack.book, vars).fired).toEqual([`${RS}/enroll-premium-after-consent`]);
  });

  it('does not fire below 12 seconds: the caller waits for more speech', () => {
    const vars = consenting('OPT_IN_RECEIVED', { 'custom.tier': 'gold', 'audio.netSeconds': '8.5' });
    expect(answer(pack.book, vars)).toEqual({
      fired: [`${RS}/wait-for-more-speech`],
      response: {
        result_code: 200,
        session_variable_updates: [
          { key: 'enrollment.reason', value: 'consent given; waiting for more net speech (8.5s so far)' },
        ],
      },
    });
  });

  it('does not fire for a silver caller with 14 seconds (silver is not premium)', () => {
    const vars = consenting('OPT_IN_RECEIVED', { 'custom.tier': 'silver', 'audio.netSeconds': '14' });
    expect(answer(pack.book, vars).fired).toEqual([`${RS}/wait-for-more-speech`]);
  });
});

describe('enroll-after-consent', () => {
  it('fires with 20 seconds or more; a missing tier reads "standard"', () => {
    expect(answer(pack.book, consenting('AUDIO_PROGRESS', { 'audio.netSeconds': '21.5' }))).toEqual({
      fired: [`${RS}/enroll-after-consent`],
      response: {
        result_code: 200,
        actions_to_perform: [
          {
            action: 'Enroll',
            parameters: {
              person_id: 'C-1029384',
              audit_note: 'consent given in call cs-20240611-7f3a9c; tier standard',
            },
          },
        ],
        session_variable_updates: [
          { key: 'enrollment.state', value: 'ENROLL_REQUESTED' },
          {
            key: 'enrollment.reason',
            value: 'caller consented during the call; 21.5s of net speech (20s needed)',
          },
        ],
      },
    });
  });

  it('fires for a premium caller only through the premium rule (never twice)', () => {
    const vars = consenting('OPT_IN_RECEIVED', { 'custom.tier': 'gold', 'audio.netSeconds': '30' });
    expect(answer(pack.book, vars).fired).toEqual([`${RS}/enroll-premium-after-consent`]);
  });

  it('does not fire below 20 seconds, nor on a counter that is not a number', () => {
    expect(answer(pack.book, consenting('AUDIO_PROGRESS', { 'audio.netSeconds': '19.9' }))).toEqual(nothing);
    expect(answer(pack.book, consenting('AUDIO_PROGRESS', { 'audio.netSeconds': 'n/a' }))).toEqual(nothing);
    expect(answer(pack.book, consenting('AUDIO_PROGRESS'))).toEqual(nothing);
  });

  it('does not fire again once the enrollment was requested', () => {
    const vars = consenting('AUDIO_PROGRESS', {
      'audio.netSeconds': '35',
      'enrollment.state': 'ENROLL_REQUESTED',
    });
    expect(answer(pack.book, vars)).toEqual(nothing);
  });

  it('does not fire for callers with consent on file (never put on hold): the built-in flow enrolls them', () => {
    const onFile = without(consenting('AUDIO_PROGRESS', { 'audio.netSeconds': '35' }), 'enrollment.state');
    expect(answer(pack.book, onFile)).toEqual(nothing);
  });

  it('does not fire without consent, whatever the speech', () => {
    const vars = event('AUDIO_PROGRESS', {
      'enrollment.state': 'WAITING_FOR_CONSENT',
      'audio.netSeconds': '60',
    });
    expect(answer(pack.book, vars)).toEqual(nothing);
  });
});

describe('wait-for-more-speech', () => {
  it('fires on consent with too little speech; with no counter yet it says 0s', () => {
    expect(answer(pack.book, consenting('OPT_IN_RECEIVED'))).toEqual({
      fired: [`${RS}/wait-for-more-speech`],
      response: {
        result_code: 200,
        session_variable_updates: [
          { key: 'enrollment.reason', value: 'consent given; waiting for more net speech (0s so far)' },
        ],
      },
    });
  });

  it('does not fire on AUDIO_PROGRESS (no record for every counter tick)', () => {
    expect(answer(pack.book, consenting('AUDIO_PROGRESS', { 'audio.netSeconds': '5' }))).toEqual(nothing);
  });

  it('does not fire when consent is received for a caller who was never put on hold', () => {
    expect(answer(pack.book, event('OPT_IN_RECEIVED', { 'person.optIn': 'true' }))).toEqual(nothing);
  });
});

describe('a whole call, as the engine would run it', () => {
  it('holds, waits for speech after consent, enrolls once', async () => {
    const steps = await replayCall(pack.book, [
      {
        'state.sessionId': 'cs-20240611-7f3a9c',
        'state.currentEvent': 'CALL_STARTED',
        'call.ani': '+14155550142',
        'call.dnis': '+18005550100',
      },
      { 'state.currentEvent': 'PERSON_IDENTIFIED', 'person.id': 'C-1029384', 'custom.tier': 'standard' },
      { 'state.currentEvent': 'AUDIO_PROGRESS', 'audio.netSeconds': '9.0' },
      { 'state.currentEvent': 'OPT_IN_RECEIVED', 'person.optIn': 'true', 'audio.netSeconds': '11.4' },
      { 'state.currentEvent': 'AUDIO_PROGRESS', 'audio.netSeconds': '17.8' },
      { 'state.currentEvent': 'AUDIO_PROGRESS', 'audio.netSeconds': '20.3' },
      { 'state.currentEvent': 'AUDIO_PROGRESS', 'audio.netSeconds': '26.0' },
      { 'state.currentEvent': 'ENROLL_COMPLETED', 'person.enrollStatus': 'TRAINED' },
    ]);
    expect(steps.map((s) => [s.event, s.answer?.fired])).toEqual([
      ['CALL_STARTED', []],
      ['PERSON_IDENTIFIED', [`${RS}/hold-enrollment-until-consent`]],
      ['AUDIO_PROGRESS', []],
      ['OPT_IN_RECEIVED', [`${RS}/wait-for-more-speech`]],
      ['AUDIO_PROGRESS', []],
      ['AUDIO_PROGRESS', [`${RS}/enroll-after-consent`]],
      ['AUDIO_PROGRESS', []],
      ['ENROLL_COMPLETED', []],
    ]);
    expect(steps[5]!.answer!.response.actions_to_perform).toEqual([
      {
        action: 'Enroll',
        parameters: {
          person_id: 'C-1029384',
          audit_note: 'consent given in call cs-20240611-7f3a9c; tier standard',
        },
      },
    ]);
  });
});

describe('README', () => {
  it('shows a curl example whose response is exactly what the webhook answers', async () => {
    expect(await checkReadmeExamples(pack.book, path.join(DIR, 'README.md'))).toBe(1);
  });
});
