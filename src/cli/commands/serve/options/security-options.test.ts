import { createMemoryIO } from '../../../../../test/support/memory-io';
import { parseServeOptions } from '../serve-options';

describe('serve security options', () => {
  const io = createMemoryIO({ cwd: '/srv' });
  const security = (args: string[]) => {
    const parsed = parseServeOptions(args, io);
    if (!parsed.ok) throw new Error(`expected options, got ${JSON.stringify(parsed)}`);
    return parsed.options.security;
  };

  it('resolves every file against the working directory', () => {
    expect(
      security([
        '--auth-tokens-file',
        'secrets/tokens',
        '--auth-probes',
        '--tls-cert',
        'tls/server.crt',
        '--tls-key',
        '/etc/tls/server.key',
        '--tls-client-ca',
        'tls/ca.crt',
        '--expose-fired',
      ]),
    ).toEqual({
      tokensFile: '/srv/secrets/tokens',
      protectProbes: true,
      protectMetrics: true,
      tls: { cert: '/srv/tls/server.crt', key: '/etc/tls/server.key', clientCa: '/srv/tls/ca.crt' },
      exposeFired: true,
    });
  });

  it('asks a token of /metrics with tokens, unless --metrics-open', () => {
    const tokens = ['--auth-tokens-file', 'tokens'];
    expect(security(tokens).protectMetrics).toBe(true);
    expect(security([...tokens, '--metrics-open']).protectMetrics).toBe(false);
    // The flag that asked for it when metrics were open by default still starts, and changes nothing.
    expect(security([...tokens, '--auth-metrics']).protectMetrics).toBe(true);
  });

  it.each([
    [['--auth-probes'], '--auth-probes needs --auth-tokens-file PATH'],
    [['--metrics-open'], '--metrics-open needs --auth-tokens-file PATH'],
    [['--auth-metrics'], '--auth-metrics needs --auth-tokens-file PATH'],
    [
      ['--auth-tokens-file', 't', '--auth-metrics', '--metrics-open'],
      '--auth-metrics and --metrics-open contradict each other: choose one',
    ],
    [['--tls-cert', 'c'], '--tls-cert needs --tls-key FILE'],
    [['--tls-key', 'k'], '--tls-key needs --tls-cert FILE'],
    [['--tls-client-ca', 'ca'], '--tls-client-ca needs --tls-cert FILE and --tls-key FILE'],
  ])('refuses %j', (args, message) => {
    expect(parseServeOptions(args, io)).toEqual({ ok: false, message });
  });
});
