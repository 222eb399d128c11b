import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMemoryIO } from '../../../../test/support/memory-io';
import { toEnvName } from '../../config';
import { REDACT_KEY_ENV } from './options/record-options';
import { parseServeOptions } from './serve-options';
import { STATE_SECRET_ENV } from './options/session-options';

/** `rulehook serve` settings from flags, RULEHOOK_* variables and --config: flags win, then variables. */
const dir = mkdtempSync(path.join(tmpdir(), 'rulehook-serve-settings-'));
const FILE = path.join(dir, 'rulehook.yaml');
writeFileSync(
  FILE,
  [
    'host: 10.0.0.1',
    'max_inflight_events: 300',
    'log_level: warn',
    'no_grpc: true',
    'record: r.jsonl',
    'redact: [from.file]',
    'rules: rules',
  ].join('\n'),
);

function parse(args: string[], env: Record<string, string> = {}) {
  const parsed = parseServeOptions(args, createMemoryIO({ cwd: '/srv', env }));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed));
  const { host, limits, logLevel, grpcPort, record, rules } = parsed.options;
  return { host, inflight: limits.maxInflightEvents, logLevel, grpcPort, redact: record?.redact, rules };
}

describe('serve settings: flag, then environment, then file, then default', () => {
  const fromFile = {
    host: '10.0.0.1',
    inflight: 300,
    logLevel: 'warn',
    grpcPort: undefined,
    redact: ['from.file'],
  };

  it('takes every kind of setting from the file', () => {
    expect(parse(['--config', FILE])).toEqual({ ...fromFile, rules: path.join(dir, 'rules') });
    expect(parse([], { RULEHOOK_CONFIG: FILE })).toMatchObject(fromFile);
  });

  it('takes the environment over the file', () => {
    const env = {
      RULEHOOK_HOST: '10.0.0.2',
      RULEHOOK_MAX_INFLIGHT_EVENTS: '200',
      RULEHOOK_LOG_LEVEL: 'error',
      RULEHOOK_NO_GRPC: 'false',
      RULEHOOK_REDACT: 'a.*,b',
      RULEHOOK_RULES: 'env-rules',
    };
    expect(parse(['--config', FILE], env)).toEqual({
      host: '10.0.0.2',
      inflight: 200,
      logLevel: 'error',
      grpcPort: 50051,
      redact: ['a.*', 'b'],
      rules: '/srv/env-rules',
    });
  });

  it('takes the flags over the environment and the file, a list replacing theirs whole', () => {
    const env = {
      RULEHOOK_HOST: '10.0.0.2',
      RULEHOOK_MAX_INFLIGHT_EVENTS: '200',
      RULEHOOK_LOG_LEVEL: 'error',
    };
    const flags = [
      '--host',
      '10.0.0.3',
      '--max-inflight-events',
      '100',
      '--log-level',
      'debug',
      '--redact',
      'c',
    ];
    expect(parse(['--config', FILE, ...flags], { ...env, RULEHOOK_REDACT: 'a' })).toEqual({
      host: '10.0.0.3',
      inflight: 100,
      logLevel: 'debug',
      grpcPort: undefined,
      redact: ['c'],
      rules: path.join(dir, 'rules'),
    });
    expect(parse(['--no-grpc'], { RULEHOOK_NO_GRPC: 'false' })).toMatchObject({ grpcPort: undefined });
    expect(
      parse(['--config', FILE, '--rules', 'flag-rules'], { RULEHOOK_CONFIG: '/nowhere.yaml' }),
    ).toMatchObject({
      rules: '/srv/flag-rules',
    });
  });

  it('refuses an invalid environment variable, naming it', () => {
    const io = createMemoryIO({ env: { RULEHOOK_MAX_INFLIGHT_EVENTS: '0' } });
    expect(parseServeOptions(['--config', FILE], io)).toEqual({
      ok: false,
      message: 'RULEHOOK_MAX_INFLIGHT_EVENTS expects a positive whole number, got "0"',
    });
    expect(parseServeOptions(['--max-inflight-events', '5'], io)).toMatchObject({ ok: true });
  });

  it('answers a configuration file with errors with its diagnostics', () => {
    const bad = path.join(dir, 'bad.yaml');
    writeFileSync(bad, 'workers: 2\nmax_inflight_event: 1\n');
    expect(parseServeOptions(['--config', bad], createMemoryIO())).toMatchObject({
      ok: false,
      diagnostics: [{ code: 'UNKNOWN_KEY', suggestion: 'max_inflight_events', range: { start: 11 } }],
      sources: new Map([[bad, 'workers: 2\nmax_inflight_event: 1\n']]),
    });
  });

  it('takes --state none with several workers from RULEHOOK_STATE or the file', () => {
    const none = path.join(dir, 'none.yaml');
    writeFileSync(none, 'workers: 2\nstate: none\n');
    const fromFile = parseServeOptions(['--config', none], createMemoryIO());
    expect(fromFile).toMatchObject({ ok: true, options: { workers: 2, store: { state: 'none' } } });
    // Workers resolve the same options from what their primary read in the file.
    expect(fromFile).toMatchObject({
      options: { workerEnv: { RULEHOOK_STATE: 'none', RULEHOOK_WORKERS: '2' } },
    });
    const env = createMemoryIO({ env: { RULEHOOK_STATE: 'none', RULEHOOK_WORKERS: '4' } });
    expect(parseServeOptions([], env)).toMatchObject({
      ok: true,
      options: { workers: 4, store: { state: 'none' } },
    });
    expect(parseServeOptions(['--state', 'memory'], env)).toEqual({
      ok: false,
      message: expect.stringMatching(
        /^--workers 4 cannot use the memory store, .* \(--workers: RULEHOOK_WORKERS\)$/,
      ),
    });
  });

  it('says where settings that do not go together came from', () => {
    const workers = path.join(dir, 'workers.yaml');
    writeFileSync(workers, 'workers: 4\n');
    expect(parseServeOptions(['--config', workers], createMemoryIO())).toEqual({
      ok: false,
      message: expect.stringMatching(
        /^--workers 4 cannot use the memory store, .* \(--workers: 'workers' in .*workers\.yaml\)$/,
      ),
    });
    expect(
      parseServeOptions(
        ['--headers-timeout', '20000'],
        createMemoryIO({ env: { RULEHOOK_REQUEST_TIMEOUT: '9000' } }),
      ),
    ).toEqual({
      ok: false,
      message: expect.stringMatching(
        /must not be longer than --request-timeout \(9000 ms\).* \(--request-timeout: RULEHOOK_REQUEST_TIMEOUT\)$/,
      ),
    });
  });

  it('names the variables read before configuration files existed by the same rule as the others', () => {
    expect([STATE_SECRET_ENV, REDACT_KEY_ENV]).toEqual([toEnvName('state-secret'), toEnvName('redact-key')]);
  });

  it('keeps RULEHOOK_STATE_SECRET and RULEHOOK_REDACT_KEY as they were: a redaction key alone is no error', () => {
    const env = { RULEHOOK_REDACT_KEY: 'k', RULEHOOK_STATE_SECRET: 's' };
    const parsed = parseServeOptions([], createMemoryIO({ env }));
    expect(parsed).toMatchObject({ ok: true, options: { stateSecret: 's', record: undefined } });
    const secretFile = path.join(dir, 'secret.yaml');
    writeFileSync(secretFile, 'state_secret: from-file\nredact_key: file-key\n');
    expect(parseServeOptions(['--config', secretFile], createMemoryIO({ env }))).toMatchObject({
      ok: true,
      options: { stateSecret: 's' },
    });
    expect(parseServeOptions(['--config', secretFile], createMemoryIO())).toEqual({
      ok: false,
      message: expect.stringContaining("--redact-key needs --record FILE (--redact-key: 'redact_key' in"),
    });
  });

  it('gives workers what the file set, as variables, so that they resolve the same options', () => {
    const env = { RULEHOOK_HOST: '10.0.0.2' };
    const args = ['--config', FILE, '--max-inflight-events', '100'];
    const primary = parseServeOptions(args, createMemoryIO({ cwd: '/srv', env }));
    if (!primary.ok) throw new Error(JSON.stringify(primary));
    expect(primary.options.workerEnv).toEqual({
      RULEHOOK_LOG_LEVEL: 'warn',
      RULEHOOK_NO_GRPC: 'true',
      RULEHOOK_RECORD: path.join(dir, 'r.jsonl'),
      RULEHOOK_REDACT: '["from.file"]',
      RULEHOOK_RULES: path.join(dir, 'rules'),
    });
    const worker = parseServeOptions(
      args.slice(2),
      createMemoryIO({ cwd: '/srv', env: { ...env, ...primary.options.workerEnv } }),
    );
    expect(worker).toEqual({ ok: true, options: { ...primary.options, workerEnv: {} } });
  });
});
