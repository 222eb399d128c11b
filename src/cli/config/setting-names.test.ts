import {
  defineChoice,
  defineFlag,
  defineRepeatable,
  defineString,
  HELP_OPTION,
  parsePositiveInt,
} from '../options';
import { CONFIG_OPTIONS } from '../commands/serve/options/config-options';
import { isPathSetting, isTextSetting, listSettings, toEnvName, toFileKey } from './setting-names';

const DEFINITIONS = {
  ...CONFIG_OPTIONS,
  rules: defineString({ value: 'PATH', help: 'rules' }),
  'max-inflight-events': defineString({ value: 'N', parse: parsePositiveInt, default: 1, help: 'n' }),
  'log-level': defineChoice({ value: 'LEVEL', choices: ['info', 'warn'], default: 'info', help: 'l' }),
  'expose-fired': defineFlag({ help: 'f' }),
  redact: defineRepeatable({ value: 'GLOB', help: 'r' }),
  help: HELP_OPTION,
};

describe('setting names', () => {
  it('are the flag in snake_case in a file, and RULEHOOK_ and upper snake_case in the environment', () => {
    expect(toFileKey('max-inflight-events')).toBe('max_inflight_events');
    expect(toFileKey('expose-fired')).toBe('expose_fired');
    expect(toEnvName('max-inflight-events')).toBe('RULEHOOK_MAX_INFLIGHT_EVENTS');
    expect(toEnvName('state-secret')).toBe('RULEHOOK_STATE_SECRET');
  });

  it('list every option but --help and --config, in definition order', () => {
    expect(listSettings(DEFINITIONS).map(({ name, key, env }) => [name, key, env])).toEqual([
      ['rules', 'rules', 'RULEHOOK_RULES'],
      ['max-inflight-events', 'max_inflight_events', 'RULEHOOK_MAX_INFLIGHT_EVENTS'],
      ['log-level', 'log_level', 'RULEHOOK_LOG_LEVEL'],
      ['expose-fired', 'expose_fired', 'RULEHOOK_EXPOSE_FIRED'],
      ['redact', 'redact', 'RULEHOOK_REDACT'],
    ]);
  });

  it('know text settings and path settings from the definitions', () => {
    const byName = new Map(listSettings(DEFINITIONS).map((s) => [s.name, s]));
    const text = [...byName.values()].filter(isTextSetting).map((s) => s.name);
    expect(text).toEqual(['rules', 'log-level', 'redact']);
    expect([...byName.values()].filter(isPathSetting).map((s) => s.name)).toEqual(['rules']);
  });
});
