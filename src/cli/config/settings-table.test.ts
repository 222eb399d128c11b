import { defineChoice, defineFlag, defineRepeatable, defineString, HELP_OPTION, parsePort } from '../options';
import { buildConfigSchema } from './config-schema';
import { formatSettingsTable } from './settings-table';

describe('formatSettingsTable', () => {
  it('gives each setting its flag, variable, type, default and meaning, from the schema', () => {
    const schema = buildConfigSchema({
      rules: defineString({
        value: 'PATH',
        default: '/opt/x/rules',
        helpDefault: 'the shipped rules/',
        help: 'rule file',
      }),
      'grpc-port': defineString({ value: 'PORT', parse: parsePort, default: 50051, help: 'gRPC port' }),
      'fail-policy': defineChoice({
        value: 'P',
        choices: ['open', 'closed'],
        default: 'open',
        help: 'what | fails',
      }),
      'no-http': defineFlag({ help: 'do not serve HTTP' }),
      redact: defineRepeatable({ value: 'GLOB', help: 'redact these' }),
      'state-secret': defineString({
        value: 'KEY',
        helpDefault: '$RULEHOOK_STATE_SECRET, else none',
        help: 'key',
      }),
      help: HELP_OPTION,
    });
    expect(formatSettingsTable(schema).split('\n')).toEqual([
      '| setting | flag | environment variable | type | default | meaning |',
      '| --- | --- | --- | --- | --- | --- |',
      '| `rules` | `--rules` | `RULEHOOK_RULES` | text | the shipped rules/ | Rule file. In a configuration file, relative to its directory. |',
      '| `grpc_port` | `--grpc-port` | `RULEHOOK_GRPC_PORT` | whole number 0–65535 | `50051` | gRPC port. |',
      '| `fail_policy` | `--fail-policy` | `RULEHOOK_FAIL_POLICY` | `open`, `closed` | `open` | What \\| fails. |',
      '| `no_http` | `--no-http` | `RULEHOOK_NO_HTTP` | `true`, `false` | `false` | Do not serve HTTP. |',
      '| `redact` | `--redact` | `RULEHOOK_REDACT` | list of text | none | Redact these. |',
      '| `state_secret` | `--state-secret` | `RULEHOOK_STATE_SECRET` | text | none | Key. |',
    ]);
  });
});
