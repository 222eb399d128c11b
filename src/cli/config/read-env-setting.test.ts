import {
  defineChoice,
  defineFlag,
  defineRepeatable,
  defineString,
  HELP_OPTION,
  parsePositiveInt,
} from '../options';
import { formatEnvSetting, readEnvSetting } from './read-env-setting';
import { listSettings, type Setting } from './setting-names';

const [count, level, flag, list] = listSettings({
  'max-variables': defineString({ value: 'N', parse: parsePositiveInt, default: 1, help: 'n' }),
  'log-level': defineChoice({
    value: 'LEVEL',
    choices: ['info', 'warn'],
    default: 'info',
    expected: 'one of info, warn',
    help: 'l',
  }),
  'no-grpc': defineFlag({ help: 'f' }),
  redact: defineRepeatable({ value: 'GLOB', help: 'r' }),
  help: HELP_OPTION,
}) as [Setting, Setting, Setting, Setting];

const read = (setting: Setting, text: string | undefined) => readEnvSetting(setting, { [setting.env]: text });

describe('readEnvSetting', () => {
  it('parses a value with the option parser', () => {
    expect(read(count, '12')).toEqual({ ok: true, value: 12, given: '12' });
    expect(read(level, 'warn')).toEqual({ ok: true, value: 'warn', given: 'warn' });
  });

  it('takes an unset or empty variable as not set', () => {
    expect(read(count, undefined)).toBeUndefined();
    expect(read(count, '')).toBeUndefined();
    expect(read(flag, '')).toBeUndefined();
  });

  it('refuses a value the flag would refuse, naming the variable', () => {
    expect(read(count, 'many')).toEqual({
      ok: false,
      message: 'RULEHOOK_MAX_VARIABLES expects a positive whole number, got "many"',
    });
    expect(read(level, 'loud')).toEqual({
      ok: false,
      message: 'RULEHOOK_LOG_LEVEL expects one of info, warn, got "loud"',
    });
  });

  it('reads a flag as true/1 or false/0, in any case', () => {
    expect(['true', '1', 'TRUE', 'false', '0', 'False'].map((t) => read(flag, t))).toEqual(
      [true, true, true, false, false, false].map((value) => ({ ok: true, value, given: value })),
    );
    expect(read(flag, 'yes')).toEqual({
      ok: false,
      message: 'RULEHOOK_NO_GRPC expects true, false, 1 or 0, got "yes"',
    });
  });

  it('reads a list comma-separated, or as a JSON array of texts for values holding commas', () => {
    expect(read(list, 'call.ani, person.*,,x')).toMatchObject({ value: ['call.ani', 'person.*', 'x'] });
    expect(read(list, '["{call,caller}.ani", "x"]')).toMatchObject({ value: ['{call,caller}.ani', 'x'] });
    expect(read(list, '[1, 2]')).toEqual({
      ok: false,
      message: 'RULEHOOK_REDACT expects comma-separated values or a JSON array of texts, got "[1, 2]"',
    });
  });

  it('reads back what formatEnvSetting writes for a worker', () => {
    for (const [setting, given] of [
      [list, ['{a,b}.x', 'y']],
      [flag, true],
      [flag, false],
      [count, '7'],
    ] as const) {
      expect(read(setting, formatEnvSetting(given as string | string[] | boolean))).toMatchObject({ given });
    }
  });
});
