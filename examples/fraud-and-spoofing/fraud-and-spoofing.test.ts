import path from 'node:path';
import { answer, checkReadmeExamples, loadPack, replayCall, type Pack } from '../pack-test-kit';

const DIR = __dirname;
const RS = 'fraud-and-spoofing';

let pack: Pack;
beforeAll(async () => {
  pack = await loadPack(DIR);
});

const call = {
  'state.sessionId': 'cs-20240611-b81d02',
  'call.ani': '+13125550187',
  'call.dnis': '+18005550100',
  'person.id': 'C-5566778',
};
const event = (name: string, vars: Record<string, string> = {}) => ({
  ...call,
  'state.currentEvent': name,
  ...vars,
});
const spoofResult = (decision: string, reason: string, score: string, vars: Record<string, string> = {}) =>
  event('SPOOF_CHECK_COMPLETED', {
    'spoof.decision': decision,
    'spoof.reason': reason,
    'spoof.score': score,
    ...vars,
  });
const nothing = { fired: [], response: { result_code: 200 } };
const notify = (message: string, severity: string) => ({
  action: 'NotifyAgent',
  parameters: { message, severity, session_id: 'cs-20240611-b81d02' },
});
const lockDown = { node_names: ['Verify', 'Enroll', 'Train'], enable: false };

describe('fraud-and-spoofing: the pack', () => {
  it('loads with no diagnostic at all (no error, no warning)', () => {
    expect(pack.loaded.diagnostics).toEqual([]);
    expect(pack.loaded.catalog).toBeDefined();
    expect(pack.loaded.rulesets.map((rs) => rs.spec.ruleset)).toEqual([RS]);
  });
});

describe('skip-qa-test-calls', () => {
  it('fires for a number of the QA range (regex), before and instead of any alarm', () => {
    const vars = spoofResult('SPOOF', 'SYNTHETIC_SPEECH_DETECTED', '0.99', { 'call.ani': '+12025550142' });
    expect(answer(pack.book, vars)).toEqual({
      fired: [`${RS}/skip-qa-test-calls`],
      response: {
        result_code: 200,
        session_variable_updates: [
          { key: 'risk.level', value: 'TEST' },
          { key: 'risk.reason', value: 'QA test number +12025550142: fraud and spoof handling skipped' },
        ],
      },
    });
  });

  it('fires for a SIP test bot (matches), on every check event', () => {
    const bot = { 'call.ani': 'sip:qa-bot7@lab.example.com' };
    for (const name of ['SPOOF_CHECK_COMPLETED', 'FRAUD_CHECK_COMPLETED', 'VERIFY_COMPLETED'])
      expect(answer(pack.book, event(name, bot)).fired).toEqual([`${RS}/skip-qa-test-calls`]);
  });

  it('does not fire outside the QA range, nor on other events', () => {
    for (const ani of ['+12025550242', '+120255501420', '+13125550142', 'sip:agent-12@lab.example.com'])
      expect(answer(pack.book, event('FRAUD_CHECK_COMPLETED', { 'call.ani': ani }))).toEqual(nothing);
    expect(answer(pack.book, event('CALL_STARTED', { 'call.ani': '+12025550142' }))).toEqual(nothing);
  });
});

describe('fraudster-suspected', () => {
  it('fires on a watchlist match: alert, risk recorded, Verify/Enroll/Train off', () => {
    const vars = event('FRAUD_CHECK_COMPLETED', {
      'fraud.decision': 'WATCHLIST_MATCH',
      'fraud.score': '0.91',
    });
    expect(answer(pack.book, vars)).toEqual({
      fired: [`${RS}/fraudster-suspected`],
      response: {
        result_code: 200,
        actions_to_perform: [
          notify(
            'Possible fraudster (watchlist score 0.91). Do not authenticate by voice: follow the fraud procedure.',
            'critical',
          ),
        ],
        session_variable_updates: [
          { key: 'risk.level', value: 'HIGH' },
          { key: 'risk.reason', value: 'fraudster indication: WATCHLIST_MATCH, score 0.91' },
        ],
        nodes_to_override: [lockDown],
      },
    });
  });

  it('fires on a score above 0.8 alone, and on a verification that reports a fraudster', () => {
    const possible = event('FRAUD_CHECK_COMPLETED', {
      'fraud.decision': 'POSSIBLE_MATCH',
      'fraud.score': '0.85',
    });
    expect(answer(pack.book, possible).fired).toEqual([`${RS}/fraudster-suspected`]);
    const verify = event('VERIFY_COMPLETED', {
      'verify.decision': 'MISMATCH',
      'verify.reason': 'FRAUDSTER_INDICATION',
    });
    expect(answer(pack.book, verify)).toEqual({
      fired: [`${RS}/fraudster-suspected`],
      response: {
        result_code: 200,
        actions_to_perform: [
          notify(
            'Possible fraudster (watchlist score n/a). Do not authenticate by voice: follow the fraud procedure.',
            'critical',
          ),
        ],
        session_variable_updates: [
          { key: 'risk.level', value: 'HIGH' },
          { key: 'risk.reason', value: 'fraudster indication: no watchlist decision, score n/a' },
        ],
        nodes_to_override: [lockDown],
      },
    });
  });

  it('does not fire at 0.8 or below, nor for a clean result', () => {
    const at = event('FRAUD_CHECK_COMPLETED', { 'fraud.decision': 'POSSIBLE_MATCH', 'fraud.score': '0.8' });
    expect(answer(pack.book, at)).toEqual(nothing);
    const clean = event('FRAUD_CHECK_COMPLETED', { 'fraud.decision': 'NO_MATCH', 'fraud.score': '0.07' });
    expect(answer(pack.book, clean)).toEqual(nothing);
  });

  it('does not alert twice in a call (risk.level already HIGH)', () => {
    const again = event('VERIFY_COMPLETED', {
      'fraud.decision': 'WATCHLIST_MATCH',
      'fraud.score': '0.91',
      'risk.level': 'HIGH',
    });
    expect(answer(pack.book, again)).toEqual(nothing);
  });
});

describe('spoof-suspected', () => {
  it('fires on a spoof decision: alert, risk recorded, Verify/Enroll/Train off', () => {
    expect(answer(pack.book, spoofResult('SPOOF', 'PLAYBACK_INDICATION', '0.97'))).toEqual({
      fired: [`${RS}/spoof-suspected`],
      response: {
        result_code: 200,
        actions_to_perform: [
          notify(
            'Possible recorded or synthetic voice (PLAYBACK_INDICATION). Authenticate with security questions.',
            'critical',
          ),
        ],
        session_variable_updates: [
          { key: 'risk.level', value: 'HIGH' },
          { key: 'risk.reason', value: 'spoof indication: PLAYBACK_INDICATION, score 0.97' },
        ],
        nodes_to_override: [lockDown],
      },
    });
  });

  it('fires on a listed reason or a score above 0.85, whatever the decision says', () => {
    const byReason = spoofResult('GENUINE', 'SYNTHETIC_SPEECH_DETECTED', '0.4');
    expect(answer(pack.book, byReason).fired).toEqual([`${RS}/spoof-suspected`]);
    // `stop`: an inconclusive result with a high score is an alarm, not a re-check.
    const byScore = spoofResult('INCONCLUSIVE', 'LOW_RELIABILITY', '0.9');
    expect(answer(pack.book, byScore).fired).toEqual([`${RS}/spoof-suspected`]);
  });

  it('does not fire for genuine audio, nor when the call is already high risk', () => {
    expect(answer(pack.book, spoofResult('GENUINE', 'AUDIO_OK', '0.12'))).toEqual(nothing);
    const already = spoofResult('SPOOF', 'PLAYBACK_INDICATION', '0.97', { 'risk.level': 'HIGH' });
    expect(answer(pack.book, already)).toEqual(nothing);
  });
});

describe('recheck-inconclusive-spoof-result', () => {
  it('fires on a first inconclusive result: second check, agent told to wait, Verify paused', () => {
    expect(answer(pack.book, spoofResult('INCONCLUSIVE', 'AUDIO_TOO_SHORT', '0.41'))).toEqual({
      fired: [`${RS}/recheck-inconclusive-spoof-result`],
      response: {
        result_code: 200,
        actions_to_perform: [
          {
            action: 'DetectAudioSpoofing',
            parameters: {
              detectors: 'synthetic_speech,channel_playback',
              reason: 'second check after an inconclusive result (AUDIO_TOO_SHORT)',
            },
          },
          notify('Voice check in progress: do not authenticate the caller yet.', 'warning'),
        ],
        session_variable_updates: [
          { key: 'risk.level', value: 'PENDING' },
          { key: 'risk.reason', value: 'spoof check inconclusive (AUDIO_TOO_SHORT); second check requested' },
        ],
        nodes_to_override: [{ node_names: ['Verify'], enable: false }],
      },
    });
  });

  it('fires after an earlier clearance (LOW), not once the webhook has acted (HIGH, UNVERIFIED)', () => {
    const low = spoofResult('INCONCLUSIVE', 'LOW_RELIABILITY', '0.5', { 'risk.level': 'LOW' });
    expect(answer(pack.book, low).fired).toEqual([`${RS}/recheck-inconclusive-spoof-result`]);
    for (const level of ['HIGH', 'UNVERIFIED'])
      expect(
        answer(pack.book, spoofResult('INCONCLUSIVE', 'LOW_RELIABILITY', '0.5', { 'risk.level': level })),
      ).toEqual(nothing);
  });
});

describe('give-up-after-second-inconclusive', () => {
  it('fires on a second inconclusive result: the agent authenticates manually', () => {
    const second = spoofResult('INCONCLUSIVE', 'LOW_RELIABILITY', '0.5', { 'risk.level': 'PENDING' });
    expect(answer(pack.book, second)).toEqual({
      fired: [`${RS}/give-up-after-second-inconclusive`],
      response: {
        result_code: 200,
        actions_to_perform: [
          notify('Voice check inconclusive twice. Authenticate with security questions.', 'warning'),
        ],
        session_variable_updates: [
          { key: 'risk.level', value: 'UNVERIFIED' },
          { key: 'risk.reason', value: 'spoof check inconclusive twice (LOW_RELIABILITY)' },
        ],
      },
    });
  });

  it('does not fire on a first inconclusive result', () => {
    expect(answer(pack.book, spoofResult('INCONCLUSIVE', 'LOW_RELIABILITY', '0.5')).fired).not.toContain(
      `${RS}/give-up-after-second-inconclusive`,
    );
  });
});

describe('resume-verify-after-clean-recheck', () => {
  it('fires when the second check is clean: Verify back on', () => {
    const clean = spoofResult('GENUINE', 'AUDIO_OK', '0.08', { 'risk.level': 'PENDING' });
    expect(answer(pack.book, clean)).toEqual({
      fired: [`${RS}/resume-verify-after-clean-recheck`],
      response: {
        result_code: 200,
        actions_to_perform: [notify('Voice check passed: voice authentication is available again.', 'info')],
        session_variable_updates: [
          { key: 'risk.level', value: 'LOW' },
          { key: 'risk.reason', value: 'second spoof check clean (score 0.08)' },
        ],
        nodes_to_override: [{ node_names: ['Verify'], enable: true }],
      },
    });
  });

  it('does not fire when a fraud indication is on record, nor when Verify was never paused', () => {
    const fraud = spoofResult('GENUINE', 'AUDIO_OK', '0.08', {
      'risk.level': 'PENDING',
      'fraud.score': '0.93',
    });
    expect(answer(pack.book, fraud)).toEqual(nothing);
    expect(answer(pack.book, spoofResult('GENUINE', 'AUDIO_OK', '0.08'))).toEqual(nothing);
    const afterAlarm = spoofResult('GENUINE', 'AUDIO_OK', '0.08', { 'risk.level': 'HIGH' });
    expect(answer(pack.book, afterAlarm)).toEqual(nothing);
  });
});

describe('whole calls, as the engine would run them', () => {
  const start: Record<string, string>[] = [
    {
      'state.sessionId': 'cs-20240611-b81d02',
      'state.currentEvent': 'CALL_STARTED',
      'call.ani': '+13125550187',
      'call.dnis': '+18005550100',
    },
    { 'state.currentEvent': 'PERSON_IDENTIFIED', 'person.id': 'C-5566778' },
  ];

  it('pauses Verify on an inconclusive check and resumes it when the second check is clean', async () => {
    const steps = await replayCall(pack.book, [
      ...start,
      {
        'state.currentEvent': 'SPOOF_CHECK_COMPLETED',
        'spoof.decision': 'INCONCLUSIVE',
        'spoof.reason': 'AUDIO_TOO_SHORT',
        'spoof.score': '0.41',
      },
      { 'state.currentEvent': 'VERIFY_COMPLETED', 'verify.decision': 'MATCH', 'verify.score': '0.93' },
      {
        'state.currentEvent': 'SPOOF_CHECK_COMPLETED',
        'spoof.decision': 'GENUINE',
        'spoof.reason': 'AUDIO_OK',
        'spoof.score': '0.08',
      },
      { 'state.currentEvent': 'FRAUD_CHECK_COMPLETED', 'fraud.decision': 'NO_MATCH', 'fraud.score': '0.07' },
      { 'state.currentEvent': 'SESSION_DECIDED', 'session.decision': 'AUTHENTICATED' },
    ]);
    expect(steps.map((s) => [s.event, s.answer?.fired])).toEqual([
      ['CALL_STARTED', []],
      ['PERSON_IDENTIFIED', []],
      ['SPOOF_CHECK_COMPLETED', [`${RS}/recheck-inconclusive-spoof-result`]],
      ['VERIFY_COMPLETED', []],
      ['SPOOF_CHECK_COMPLETED', [`${RS}/resume-verify-after-clean-recheck`]],
      ['FRAUD_CHECK_COMPLETED', []],
      ['SESSION_DECIDED', []],
    ]);
  });

  it('alerts the agent once on a fraudster, however many events follow', async () => {
    const steps = await replayCall(pack.book, [
      ...start,
      {
        'state.currentEvent': 'FRAUD_CHECK_COMPLETED',
        'fraud.decision': 'WATCHLIST_MATCH',
        'fraud.score': '0.91',
      },
      {
        'state.currentEvent': 'VERIFY_COMPLETED',
        'verify.decision': 'MISMATCH',
        'verify.reason': 'FRAUDSTER_INDICATION',
      },
      {
        'state.currentEvent': 'SPOOF_CHECK_COMPLETED',
        'spoof.decision': 'SPOOF',
        'spoof.reason': 'PLAYBACK_INDICATION',
        'spoof.score': '0.97',
      },
    ]);
    expect(steps.map((s) => [s.event, s.answer?.fired])).toEqual([
      ['CALL_STARTED', []],
      ['PERSON_IDENTIFIED', []],
      ['FRAUD_CHECK_COMPLETED', [`${RS}/fraudster-suspected`]],
      ['VERIFY_COMPLETED', []],
      ['SPOOF_CHECK_COMPLETED', []],
    ]);
  });
});

describe('README', () => {
  it('shows a curl example whose response is exactly what the webhook answers', async () => {
    expect(await checkReadmeExamples(pack.book, path.join(DIR, 'README.md'))).toBe(1);
  });
});
