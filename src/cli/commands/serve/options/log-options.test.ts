import { createMemoryIO } from '../../../../../test/support/memory-io';
import { createRedactor } from '../../../../recording';
import { checkLogSettings, DEFAULT_MASKS, LOG_OPTIONS } from './log-options';
import { HELP_OPTION, parseCommandLine } from '../../../options';
import { REDACT_KEY_ENV } from './record-options';
import { parseServeOptions } from '../serve-options';

function check(args: string[], env: Record<string, string> = {}) {
  const parsed = parseCommandLine(args, { ...LOG_OPTIONS, help: HELP_OPTION }, { positionals: false });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed));
  return checkLogSettings(parsed.options.values, createMemoryIO({ cwd: '/srv', env }));
}

describe('checkLogSettings', () => {
  it('masks the defaults and logs no decisions unless told', () => {
    expect(check([])).toEqual({
      ok: true,
      logs: { masks: DEFAULT_MASKS, maskKey: undefined, decisionLog: undefined },
    });
  });

  it('replaces the defaults with --mask, masks nothing with --no-mask, takes the key from the environment', () => {
    expect(check(['--mask', 'a.*', '--mask', 'b'])).toMatchObject({ logs: { masks: ['a.*', 'b'] } });
    expect(check(['--no-mask'])).toMatchObject({ logs: { masks: [] } });
    expect(check([], { [REDACT_KEY_ENV]: 'k' })).toMatchObject({ logs: { maskKey: 'k' } });
  });

  it('resolves the decision log and its rotation', () => {
    expect(check(['--decision-log', 'd.jsonl', '--decision-log-max-bytes', '100'])).toMatchObject({
      logs: { decisionLog: { file: '/srv/d.jsonl', maxBytes: 100 } },
    });
  });

  it.each([
    [['--mask', 'a', '--no-mask'], '--no-mask and --mask contradict each other'],
    [['--decision-log-max-bytes', '9'], '--decision-log-max-bytes needs --decision-log FILE'],
    [['--mask', '!a'], "--mask '!a': "],
  ])('refuses %j', (args, message) => {
    const result = check(args);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toContain(message);
  });

  it('refuses a decision log with several workers (one file, one writer)', () => {
    const io = createMemoryIO({ cwd: '/srv' });
    expect(parseServeOptions(['--decision-log', 'd', '--workers', '2', '--state', 'redis://x'], io)).toEqual({
      ok: false,
      message: '--decision-log writes one file from one process: not with --workers above 1',
    });
  });
});

describe('DEFAULT_MASKS', () => {
  // The names a contact center's engine and IVR send: what must be masked, and what rules need as sent.
  const mask = createRedactor(DEFAULT_MASKS, 'k');
  it.each([
    'call.ani',
    'CALL.ANI',
    'ani',
    'Call.Ani',
    'call.callerAni',
    'call.dnis',
    'DNIS',
    'subscriber.msisdn',
    'call.cli',
    'CLID',
    'call.caller_number',
    'call.callerId',
    'callerIdName',
    'call.calledNumber',
    'call.calling-party',
    'callee.uri',
    'sip.from',
    'SIP.To',
    'sip.fromUri',
    'sip.to_user',
    'sip.contact',
    'sip.pai',
    'sip.ruri',
    'sip.p_asserted_identity',
    'sip.preferredIdentity',
    'customer.mobile',
    'contact.cell_number',
    'customer.fax',
    'caller.phoneNumber',
    'CUSTOMER.PHONE',
    'customer.e-mail',
    'person.mobilePhone',
    'customer.email',
    'person.homeAddress',
    'network.ipAddress',
    'person.id',
    'person.customerId',
    'caller.ID',
    'customer.accountId',
    'person.firstName',
    'person.name',
    'asr.transcript',
    'speech.lastTranscriptText',
  ])('masks %s', (name) => {
    expect(mask({ [name]: 'x' })[name]).toMatch(/^redacted:/);
  });
  it.each([
    'state.sessionId',
    'state.currentEvent',
    'sip.callId',
    'call.direction',
    'device.isMobile',
    'menu.goTo',
    'call.wasCalledValid',
    'person.optIn',
    'person.enrollStatus',
    'verify.score',
    'verify.decision',
    'risk.level',
    'spoof.reason',
    'rulehook.filter',
    'webhook.mode',
  ])('leaves %s as sent', (name) => {
    expect(mask({ [name]: 'x' })[name]).toBe('x');
  });
});
