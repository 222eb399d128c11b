import path from 'node:path';
import type { TlsFiles } from '../../../../hosts/security/tls-files';
import type { CliIO } from '../../../../terminal/command-io';
import { defineFlag, defineString, type OptionValues } from '../../../options/define-options';

/** Who may call `serve`, over what, and what its answers tell: docs/operations.md, "Security model". */
export interface SecuritySettings {
  /** Absolute path of `--auth-tokens-file`; undefined: no token asked. */
  tokensFile: string | undefined;
  protectProbes: boolean;
  /** Whether `/metrics` needs a token: with tokens, unless `--metrics-open`. */
  protectMetrics: boolean;
  /** `--tls-cert`, `--tls-key`, `--tls-client-ca` (absolute); undefined: plaintext. */
  tls: TlsFiles | undefined;
  /** Send the rules that fired in `rulehook-fired`. */
  exposeFired: boolean;
}

/** The options of `rulehook serve` that authenticate callers, encrypt the wire, and hide fired rules. */
export const SECURITY_OPTIONS = {
  'auth-tokens-file': defineString({
    value: 'PATH',
    helpDefault: 'no token asked',
    help: ['require Authorization: Bearer <token> (gRPC: metadata authorization),', 'one token per line'],
  }),
  'auth-probes': defineFlag({
    help: 'with --auth-tokens-file: /healthz, /readyz, gRPC health need a token too',
  }),
  // Needed a token for /metrics when it was open by default; kept so existing command lines and configuration
  // files keep starting, and changes nothing now.
  'auth-metrics': defineFlag({
    help: 'with --auth-tokens-file: /metrics needs a token (the default; changes nothing)',
  }),
  'metrics-open': defineFlag({
    help: 'with --auth-tokens-file: /metrics needs no token (it names the rules that fire)',
  }),
  'tls-cert': defineString({
    value: 'FILE',
    help: 'serve HTTPS and gRPC over TLS with this PEM certificate',
  }),
  'tls-key': defineString({ value: 'FILE', help: 'the PEM private key of --tls-cert' }),
  'tls-client-ca': defineString({
    value: 'FILE',
    help: 'mutual TLS: require client certificates signed by this PEM CA',
  }),
  'expose-fired': defineFlag({ help: 'name the rules that fired in the rulehook-fired header/trailer' }),
};

/** The security asked for, or why its flags do not go together. Files are read later, by `serve`. */
export function checkSecuritySettings(
  v: OptionValues<typeof SECURITY_OPTIONS>,
  io: CliIO,
): { ok: true; security: SecuritySettings } | { ok: false; message: string } {
  const resolve = (file: string) => path.resolve(io.cwd, file);
  const tokens = v['auth-tokens-file'];
  if (tokens === undefined) {
    const without =
      (v['auth-probes'] && '--auth-probes') ||
      (v['auth-metrics'] && '--auth-metrics') ||
      (v['metrics-open'] && '--metrics-open');
    if (without) return { ok: false, message: `${without} needs --auth-tokens-file PATH` };
  }
  if (v['auth-metrics'] && v['metrics-open'])
    return { ok: false, message: '--auth-metrics and --metrics-open contradict each other: choose one' };
  const { 'tls-cert': cert, 'tls-key': key, 'tls-client-ca': clientCa } = v;
  if ((cert === undefined) !== (key === undefined))
    return {
      ok: false,
      message: cert === undefined ? '--tls-key needs --tls-cert FILE' : '--tls-cert needs --tls-key FILE',
    };
  if (clientCa !== undefined && cert === undefined)
    return { ok: false, message: '--tls-client-ca needs --tls-cert FILE and --tls-key FILE' };
  return {
    ok: true,
    security: {
      tokensFile: tokens === undefined ? undefined : resolve(tokens),
      protectProbes: v['auth-probes'],
      protectMetrics: tokens !== undefined && !v['metrics-open'],
      tls:
        cert === undefined || key === undefined
          ? undefined
          : {
              cert: resolve(cert),
              key: resolve(key),
              clientCa: clientCa === undefined ? undefined : resolve(clientCa),
            },
      exposeFired: v['expose-fired'],
    },
  };
}
