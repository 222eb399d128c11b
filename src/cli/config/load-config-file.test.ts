import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { toJsonDiagnostics } from '../../diagnostics';
import { SERVE_OPTIONS } from '../commands/serve/serve-options';
import { loadConfigFile } from './load-config-file';

const dir = mkdtempSync(path.join(tmpdir(), 'rulehook-config-'));

function load(text: string, name = 'rulehook.yaml') {
  writeFileSync(path.join(dir, name), text);
  const config = loadConfigFile(name, dir, SERVE_OPTIONS);
  const diagnostics = toJsonDiagnostics(config.diagnostics, config.sources).map(
    ({ code, message, line, col, suggestion }) => ({ code, message, at: `${line}:${col}`, suggestion }),
  );
  return { config, diagnostics };
}

describe('loadConfigFile', () => {
  it('reads each setting with its option parser, typed, and keeps what the parser was given', () => {
    const { config, diagnostics } = load(
      [
        '$schema: ../schema/config.schema.json',
        'max_inflight_events: 500',
        'log_level: warn',
        'no_grpc: true',
        'redact: [call.ani, "person.*"]',
        'state_secret: 0123',
        'session_key: 42',
      ].join('\n'),
    );
    expect(diagnostics).toEqual([]);
    expect(Object.fromEntries(config.settings)).toEqual({
      'max-inflight-events': { value: 500, given: '500' },
      'log-level': { value: 'warn', given: 'warn' },
      'no-grpc': { value: true, given: true },
      redact: { value: ['call.ani', 'person.*'], given: ['call.ani', 'person.*'] },
      'state-secret': { value: '0123', given: '0123' },
      'session-key': { value: '42', given: '42' },
    });
  });

  it('resolves relative paths against the directory of the file', () => {
    const { config } = load('rules: rules\ncatalog: /etc/catalog.yaml\nrecord: ../r.jsonl\n');
    expect(config.settings.get('rules')?.given).toBe(path.join(dir, 'rules'));
    expect(config.settings.get('catalog')?.given).toBe('/etc/catalog.yaml');
    expect(config.settings.get('record')?.value).toBe(path.join(path.dirname(dir), 'r.jsonl'));
  });

  it('reports an unknown key at its position, with a did-you-mean', () => {
    const { config, diagnostics } = load('host: 0.0.0.0\n\nmax_inflight_event: 500\nmax-sessions: 9\n');
    expect(diagnostics).toEqual([
      {
        code: 'UNKNOWN_KEY',
        message: "unknown key 'max_inflight_event' at the top of the file",
        at: '3:1',
        suggestion: 'max_inflight_events',
      },
      {
        code: 'UNKNOWN_KEY',
        message: "unknown key 'max-sessions' at the top of the file",
        at: '4:1',
        suggestion: 'max_sessions',
      },
    ]);
    expect(config.settings.size).toBe(0);
  });

  it('reports a value of the wrong type, or out of range, at the value', () => {
    const { diagnostics } = load(
      'host: 0.0.0.0\nworkers: four\nhttp_port: 70000\nno_http: "yes"\nlog_level: loud\nredact: call.ani\n',
    );
    expect(diagnostics).toEqual([
      { code: 'INVALID_TYPE', message: '\'workers\' must be a whole number, not text ("four")', at: '2:10' },
      { code: 'INVALID_VALUE', message: "'http_port' must be <= 65535", at: '3:12' },
      {
        code: 'INVALID_TYPE',
        message:
          '\'no_http\' must be true or false, not text ("yes"): only true and false are yes/no values; write true',
        at: '4:10',
        suggestion: 'true',
      },
      {
        code: 'INVALID_VALUE',
        message: '\'log_level\' must be one of debug, info, warn, error, not text ("loud")',
        at: '5:12',
      },
      { code: 'INVALID_TYPE', message: '\'redact\' must be a list, not text ("call.ani")', at: '6:9' },
    ]);
  });

  it('reads drain_seconds as a number of seconds, decimals allowed, and refuses text there', () => {
    const { config, diagnostics } = load('drain_seconds: 0.5\n');
    expect([diagnostics, config.settings.get('drain-seconds')]).toEqual([[], { value: 0.5, given: '0.5' }]);
    expect(load('drain_seconds: soon\n').diagnostics).toEqual([
      {
        code: 'INVALID_TYPE',
        message: expect.stringMatching(/^'drain_seconds' must be a number/),
        at: '1:16',
      },
    ]);
    expect(load('drain_seconds: 3601\n').diagnostics).toEqual([
      { code: 'INVALID_VALUE', message: "'drain_seconds' must be <= 3600", at: '1:16' },
    ]);
  });

  it('refuses an empty text, and a value its option refuses (INVALID_SETTING)', () => {
    expect(load('state_secret: ""\n').diagnostics).toEqual([
      { code: 'INVALID_VALUE', message: "'state_secret' must not be empty", at: '1:15' },
    ]);
    const { config, diagnostics } = load('host: h\nmax_variables: 100000000000000000000\n');
    expect(diagnostics).toEqual([
      {
        code: 'INVALID_SETTING',
        message: 'max_variables expects a positive whole number, got "100000000000000000000"',
        at: '2:16',
      },
    ]);
    expect(config.settings.size).toBe(0);
  });

  it('applies the YAML limits of rule files', () => {
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 0; i < 6; i++)
      bomb.push(`${'bcdefg'[i]}: &${'bcdefg'[i]} [${Array(10).fill(`*${'abcdef'[i]}`).join(', ')}]`);
    expect(load(bomb.join('\n')).diagnostics.map((d) => d.code)).toEqual(['ALIAS_EXPANSION_TOO_LARGE']);
    expect(load('host: a\nhost: b\n').diagnostics.map((d) => d.code)).toEqual(['DUPLICATE_KEY']);
    expect(load(`host: "${'x'.repeat(1_100_000)}"\n`).diagnostics.map((d) => d.code)).toEqual([
      'FILE_TOO_LARGE',
    ]);
    expect(load('# nothing\n').diagnostics.map((d) => d.code)).toEqual(['EMPTY_FILE']);
  });

  it('reports a missing file as a whole-file problem', () => {
    const config = loadConfigFile('missing.yaml', dir, SERVE_OPTIONS);
    expect(config.diagnostics).toEqual([
      {
        code: 'FILE_NOT_FOUND',
        severity: 'error',
        message: "no such file: 'missing.yaml'",
        file: 'missing.yaml',
      },
    ]);
  });
});
