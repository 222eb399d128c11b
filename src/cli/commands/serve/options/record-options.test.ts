import { createMemoryIO } from '../../../../../test/support/memory-io';
import { HELP_OPTION, parseCommandLine } from '../../../options';
import { checkRecordSettings, RECORD_OPTIONS, REDACT_KEY_ENV } from './record-options';

function check(args: string[], env: Record<string, string> = {}) {
  const parsed = parseCommandLine(
    args,
    { ...RECORD_OPTIONS, help: HELP_OPTION },
    {
      positionals: false,
    },
  );
  if (!parsed.ok) throw new Error(JSON.stringify(parsed));
  return checkRecordSettings(parsed.options.values, createMemoryIO({ cwd: '/srv', env }));
}

describe('checkRecordSettings', () => {
  it('records nothing without --record', () => {
    expect(check([])).toEqual({ ok: true, record: undefined });
  });

  it('resolves the file, and takes the key from the flag, else the environment, else none', () => {
    const args = ['--record', 'r.jsonl', '--redact', 'a', '--redact', 'b.*', '--record-max-bytes', '9'];
    expect(check(args)).toEqual({
      ok: true,
      record: { file: '/srv/r.jsonl', redact: ['a', 'b.*'], redactKey: undefined, maxBytes: 9 },
    });
    expect(check(args, { [REDACT_KEY_ENV]: 'env' })).toMatchObject({ record: { redactKey: 'env' } });
    expect(check(args, { [REDACT_KEY_ENV]: '' })).toMatchObject({ record: { redactKey: undefined } });
    expect(check([...args, '--redact-key', 'flag'], { [REDACT_KEY_ENV]: 'env' })).toMatchObject({
      record: { redactKey: 'flag' },
    });
  });

  it.each([
    [['--redact', 'a', '--redact-key', 'k'], '--redact needs --record FILE'],
    [['--redact-key', 'k', '--record-max-bytes', '1'], '--redact-key needs --record FILE'],
    [['--record-max-bytes', '1'], '--record-max-bytes needs --record FILE'],
    [['--record', 'r', '--redact-key', 'k'], '--redact-key needs --redact GLOB'],
    [['--record', 'r', '--redact', 'a', '--redact-key', ''], '--redact-key must not be empty'],
  ])('refuses %j', (args, message) => {
    expect(check(args)).toEqual({ ok: false, message });
  });

  it('refuses a --redact glob outside the glob syntax, saying why', () => {
    expect(check(['--record', 'r', '--redact', 'call.ani', '--redact', '!person.*'])).toEqual({
      ok: false,
      message: expect.stringMatching(
        /^--redact '!person\.\*': `!` at the start \(negation\) cannot be used in a glob/,
      ),
    });
  });
});
