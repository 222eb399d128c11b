import { createMemoryIO } from '../../test/support/memory-io';
import { parseServeOptions } from './serve-options';

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
        '--auth-metrics',
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

  it.each([
    [['--auth-probes'], '--auth-probes needs --auth-tokens-file PATH'],
    [['--auth-metrics'], '--auth-metrics needs --auth-tokens-file PATH'],
    [['--tls-cert', 'c'], '--tls-cert needs --tls-key FILE'],
    [['--tls-key', 'k'], '--tls-key needs --tls-cert FILE'],
    [['--tls-client-ca', 'ca'], '--tls-client-ca needs --tls-cert FILE and --tls-key FILE'],
  ])('refuses %j', (args, message) => {
    expect(parseServeOptions(args, io)).toEqual({ ok: false, message });
  });
});
