import type { ReplayOptions } from '../../../replay';
import { parseReplayOptions, REPLAY_USAGE } from './replay-options';
import { parseTargetUrl } from '../../../replay';

describe('parseTargetUrl', () => {
  it.each([
    [
      'http://127.0.0.1:8080',
      { protocol: 'http', tls: false, hostname: '127.0.0.1', port: 8080, path: '/v1/events' },
    ],
    [
      'http://[::1]:8080/hooks/events',
      { protocol: 'http', tls: false, hostname: '::1', port: 8080, path: '/hooks/events' },
    ],
    [
      'http://webhook.internal',
      { protocol: 'http', tls: false, hostname: 'webhook.internal', port: 80, path: '/v1/events' },
    ],
    [
      'https://webhook.internal',
      { protocol: 'http', tls: true, hostname: 'webhook.internal', port: 443, path: '/v1/events' },
    ],
    ['grpc://127.0.0.1:50051', { protocol: 'grpc', tls: false, address: '127.0.0.1:50051' }],
    ['grpc://[::1]:50051', { protocol: 'grpc', tls: false, address: '[::1]:50051' }],
    ['grpcs://webhook.internal:443', { protocol: 'grpc', tls: true, address: 'webhook.internal:443' }],
  ])('reads %s', (text, expected) => {
    expect(parseTargetUrl(text)).toEqual({ ...expected, text });
  });

  it.each([
    ['localhost:8080', 'expects http://HOST:PORT, https://HOST:PORT, grpc://HOST:PORT or grpcs://HOST:PORT'],
    ['ftp://x:1', 'grpcs://HOST:PORT, got "ftp"'],
    ['grpc://x', 'needs a port'],
    ['grpcs://x', '--target grpcs:// needs a port'],
    ['grpc://x:1/path', 'takes no path'],
    ['http://u:p@x:1', 'takes no user'],
    ['not a url', 'expects http://HOST:PORT, https://HOST:PORT'],
  ])('refuses %s', (text, message) => {
    expect(parseTargetUrl(text)).toContain(message);
  });
});

describe('parseReplayOptions', () => {
  const ok = (args: string[]): ReplayOptions => {
    const parsed = parseReplayOptions(args);
    if (!parsed.ok) throw new Error(`expected options, got ${JSON.stringify(parsed)}`);
    return parsed.options;
  };

  it('has defaults for everything but the rules and the recordings', () => {
    expect(ok(['--rules', 'r', 'a.jsonl', 'b.jsonl.gz'])).toMatchObject({
      recordings: ['a.jsonl', 'b.jsonl.gz'],
      rules: 'r',
      format: 'human',
      sessionKey: 'state.sessionId',
      explain: false,
      strict: false,
      target: undefined,
      targetKind: 'auto',
      concurrency: 8,
      timeoutMs: 10_000,
      loop: false,
      maxSessions: 2_000,
      workers: undefined,
    });
  });

  it('takes --workers, and --workers 1 with the options that pace or send events', () => {
    expect(ok(['--rules', 'r', 'a', '--workers', '3']).workers).toBe(3);
    expect(ok(['--target', 'http://x:1', 'a', '--rate', '5', '--workers', '1']).workers).toBe(1);
  });

  it.each([
    [['r.jsonl'], 'give the rules to replay through with --rules PATH'],
    [['--rules', 'r', '-', '-'], 'stdin (-) can be read only once'],
    [['--rules', 'r', 'a', '--format', 'xml'], '--format expects human, jsonl or summary'],
    [['--rules', 'r', 'a', '--concurrency', '4'], '--concurrency needs --target'],
    [['--rules', 'r', 'a', '--target-kind', 'other'], '--target-kind needs --target'],
    [['--rules', 'r', 'a', '--target', 'http://x:1', '--compare', 'c'], '--compare replays in-process'],
    [['--rules', 'r', 'a', '--fail-on-diff'], '--fail-on-diff needs --compare'],
    [['--rules', 'r', 'a', '--compare', 'c', '--compare-recorded'], 'compare with one or the other'],
    [['--target', 'http://x:1', 'a', '--compare-recorded'], '--compare-recorded replays in-process'],
    [['--target', 'http://x:1', 'a', '--explain'], '--explain needs the rules in-process'],
    [['--rules', 'r', 'a', '--loop'], '--loop needs --duration'],
    [['--rules', 'r', '-', '--loop', '--duration', '5s'], '--loop cannot read stdin'],
    [['--rules', 'r', 'a', '--target', 'ftp://x'], 'grpc://HOST:PORT or grpcs://HOST:PORT, got "ftp"'],
    [['--rules', 'r', 'a', '--target-token-file', 't'], '--target-token-file needs --target'],
    [['--rules', 'r', 'a', '--target-ca', 'ca.pem'], '--target-ca needs --target'],
    [
      ['--target', 'http://x:1', 'a', '--target-ca', 'ca.pem'],
      '--target-ca needs a TLS target: https:// or grpcs://',
    ],
    [['--target', 'grpcs://x:1', 'a', '--target-cert', 'c.pem'], '--target-cert needs --target-key'],
    [['--rules', 'r', 'a', '--max-sessions', '0'], '--max-sessions expects a positive whole number'],
    [['--rules', 'r', 'a', '--workers', '0'], '--workers expects a positive whole number'],
    [['--rules', 'r', 'a', '--workers', '65'], '--workers expects at most 64 workers, got 65'],
    [['--target', 'http://x:1', 'a', '--workers', '2'], '--workers replays in-process rules'],
    [['--rules', 'r', 'a', '--rate', '10', '--workers', '2'], 'not with --target, --rate or --duration'],
    [['--rules', 'r', 'a', '--duration', '5s', '--workers', '4'], 'not with --target, --rate or --duration'],
    [['--rules', 'r', 'a', '--bogus'], "Unknown option '--bogus'"],
  ])('refuses %j', (args, message) => {
    expect(parseReplayOptions(args)).toEqual({ ok: false, message: expect.stringContaining(message) });
  });

  it('without RECORDING, leaves the recordings to the command, and takes the rules of the current directory', () => {
    expect(ok([])).toMatchObject({ recordings: [], rules: '.', target: undefined });
    expect(ok(['--compare', 'old'])).toMatchObject({ recordings: [], rules: '.', compare: 'old' });
    expect(ok(['--rules', 'r'])).toMatchObject({ recordings: [], rules: 'r' });
    expect(ok(['--target', 'http://x:1'])).toMatchObject({ recordings: [], rules: undefined });
  });

  it('needs no rules with --target', () => {
    expect(
      ok([
        '--target',
        'grpc://h:1',
        'a',
        '--concurrency',
        '32',
        '--rate',
        '250',
        '--duration',
        '1m',
        '--loop',
      ]),
    ).toMatchObject({
      target: { protocol: 'grpc', tls: false, address: 'h:1' },
      concurrency: 32,
      rate: 250,
      durationMs: 60_000,
      loop: true,
    });
  });

  it('passes the files of a protected target on, to be read when the replay starts', () => {
    expect(
      ok(['--target', 'grpcs://h:1', 'a', '--target-token-file', 't', '--target-ca', 'ca.pem']).targetAccess,
    ).toEqual({ tokenFile: 't', ca: 'ca.pem', cert: undefined, key: undefined });
  });
});

describe('REPLAY_USAGE', () => {
  it('renders the options from their definitions, exactly as the help has always read', () => {
    expect(REPLAY_USAGE).toBe(`Usage: rulehook replay --rules PATH RECORDING... [options]
       rulehook replay --target URL RECORDING... [options]
       rulehook replay [options]

Replay recorded events as the engine would have raised them: apply each session's filter, evaluate the
rules for the events sent, apply their answers to later events; show what the webhook would have answered.
RECORDING: JSON Lines of {"session_variables": {...}} (.jsonl.gz read as is; - reads stdin). Without
RECORDING: the .jsonl and .jsonl.gz files of recordings/ in the current directory (a rule pack), through
the rules of the current directory unless --rules or --target is given.
Exit code: 0 done, 1 a problem (invalid rules, unreadable recording, a failed call, a difference
with --fail-on-diff, a bad line with --strict, interrupted), 2 wrong usage.

Options:
  --rules PATH               rule file or directory to replay through
  --catalog FILE             catalog to check names against (default: catalog.yaml of the rules directory)
  --format FORMAT            human (default): timeline and summary; jsonl: one JSON object per event;
                             summary: the summary only
  --session ID               replay only this session
  --session-key KEY          variable that identifies a session (default: state.sessionId)
  --explain                  for each sent event, why each rule of the rulesets concerned fired or not
  --strict                   a bad line stops the replay (exit 1) instead of being skipped
  --max-sessions N           sessions tracked at once, least recently active forgotten beyond (default: 2000)
  --compare PATH             the rules before a change: replay through them too, and show only the events whose outcome
                             differs from that of the --rules (after the change)
  --compare-recorded         the before is instead the answers a decision log recorded (serve --decision-log)
  --compare-on WHAT          response, fired or all: with --compare, what makes an event differ: the response
                             the engine receives, the rules that fired, or either (being sent or not always does) (default: response)
  --fail-on-diff             with --compare: exit 1 when any event differs
  --target URL               be the engine of a live webhook: http://HOST:PORT or grpc://HOST:PORT,
                             https:// or grpcs:// (gRPC over TLS)
  --target-kind KIND         auto (default), rulehook or other: does the target report the rules that fired
  --concurrency N            with --target: calls in flight at once, sessions overlapping (default: 8)
  --timeout MS               with --target: longest wait for one answer (default: 10000)
  --target-token-file FILE   with --target: send the first token of FILE as Authorization: Bearer
                             (default: $RULEHOOK_TARGET_TOKEN, else no token)
  --target-ca FILE           with https:// or grpcs://: the PEM CA to trust (default: the system's)
  --target-cert FILE         with https:// or grpcs://: client certificate (PEM)
  --target-key FILE          the PEM private key of --target-cert
  --rate R                   raise at most R events per second
  --duration D               stop raising events after D (30s, 5m, 1h, 500ms)
  --loop                     start the recordings again when they end, as new sessions (needs --duration)
  --engine-own-updates HOW   applied or changes: whether the engine counts the webhook's own
                             variable updates as changes of the next event (its delta, and \`changed\`) (default: applied)
  --engine-empty-delta HOW   sent or filtered: whether keys_to_ignore filters an event
                             whose delta is empty (default: sent)
  --engine-later-filter HOW  replaces or adds: whether a response's event_filter
                             replaces the session's filter or adds to it (default: replaces)
  --workers N                replay the sessions in N worker threads, same output (default: as many as the CPUs
                             for files of 128 MiB or more, else 1: in this thread)
  -h, --help                 show this help
`);
  });

  it('is answered whatever the values and their combination, and without recordings', () => {
    for (const args of [
      ['--format', 'xml', '--help'],
      ['--compare', 'c', '--target', 'http://x:1', '-h'],
      ['--loop', '--help'],
      ['--help'],
    ])
      expect(parseReplayOptions(args)).toEqual({ ok: false, help: true });
  });
});
