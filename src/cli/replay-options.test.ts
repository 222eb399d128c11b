import type { ReplayOptions } from '../replay';
import { parseReplayOptions } from './replay-options';
import { parseTargetUrl } from '../replay/target-url';

describe('parseTargetUrl', () => {
  it.each([
    ['http://127.0.0.1:8080', { protocol: 'http', hostname: '127.0.0.1', port: 8080, path: '/v1/events' }],
    [
      'http://[::1]:8080/hooks/events',
      { protocol: 'http', hostname: '::1', port: 8080, path: '/hooks/events' },
    ],
    [
      'http://webhook.internal',
      { protocol: 'http', hostname: 'webhook.internal', port: 80, path: '/v1/events' },
    ],
    ['grpc://127.0.0.1:50051', { protocol: 'grpc', address: '127.0.0.1:50051' }],
    ['grpc://[::1]:50051', { protocol: 'grpc', address: '[::1]:50051' }],
  ])('reads %s', (text, expected) => {
    expect(parseTargetUrl(text)).toEqual({ ...expected, text });
  });

  it.each([
    ['localhost:8080', 'expects http:// or grpc://'],
    ['https://x:1', 'expects http:// or grpc://, got "https"'],
    ['grpc://x', 'needs a port'],
    ['grpc://x:1/path', 'takes no path'],
    ['http://u:p@x:1', 'takes no user'],
    ['not a url', 'expects http://HOST:PORT or grpc://HOST:PORT'],
  ])('refuses %s', (text, message) => {
    expect(parseTargetUrl(text)).toContain(message);
  });
});

describe('parseReplayOptions', () => {
  const ok = (args: string[]) => parseReplayOptions(args) as ReplayOptions;

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
    });
  });

  it.each([
    [['r.jsonl'], 'give the rules to replay through with --rules PATH'],
    [['--rules', 'r'], 'give at least one recording'],
    [['--rules', 'r', '-', '-'], 'stdin (-) can be read only once'],
    [['--rules', 'r', 'a', '--format', 'xml'], '--format expects human, jsonl or summary'],
    [['--rules', 'r', 'a', '--concurrency', '4'], '--concurrency needs --target'],
    [['--rules', 'r', 'a', '--target-kind', 'other'], '--target-kind needs --target'],
    [['--rules', 'r', 'a', '--target', 'http://x:1', '--compare', 'c'], '--compare replays in-process'],
    [['--rules', 'r', 'a', '--fail-on-diff'], '--fail-on-diff needs --compare'],
    [['--target', 'http://x:1', 'a', '--explain'], '--explain needs the rules in-process'],
    [['--rules', 'r', 'a', '--loop'], '--loop needs --duration'],
    [['--rules', 'r', '-', '--loop', '--duration', '5s'], '--loop cannot read stdin'],
    [['--rules', 'r', 'a', '--target', 'ftp://x'], 'expects http:// or grpc://'],
    [['--rules', 'r', 'a', '--max-sessions', '0'], '--max-sessions expects a positive whole number'],
    [['--rules', 'r', 'a', '--bogus'], "Unknown option '--bogus'"],
  ])('refuses %j', (args, message) => {
    expect(parseReplayOptions(args)).toContain(message);
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
      target: { protocol: 'grpc', address: 'h:1' },
      concurrency: 32,
      rate: 250,
      durationMs: 60_000,
      loop: true,
    });
  });
});
