import { BearerTokens } from '../hosts/security/bearer-tokens';
import { CallerAuth } from '../hosts/security/caller-auth';
import { readTlsFiles, type TlsFiles, type TlsSettings } from '../hosts/security/tls-files';
import type { Logger } from '../observability/logger';
import type { Metrics } from '../observability/metrics';

export interface SecurityFiles {
  tokensFile: string | undefined;
  protectProbes: boolean;
  protectMetrics: boolean;
  tls: TlsFiles | undefined;
}

/** What both hosts are given: the token check (undefined: none) and the TLS pair (undefined: plaintext). */
export interface ServeSecurity {
  auth: CallerAuth | undefined;
  tls: TlsSettings | undefined;
}

/**
 * Reads the tokens file and the TLS files of `serve`, refusing to start on any problem with a sentence
 * naming the file (never a stack trace). The tokens are re-read by `auth.tokens.reload()`.
 */
export async function loadServeSecurity(
  files: SecurityFiles,
  metrics: Metrics,
  logger: Logger,
): Promise<{ ok: true; security: ServeSecurity } | { ok: false; message: string }> {
  let auth: CallerAuth | undefined;
  if (files.tokensFile !== undefined) {
    const loaded = await BearerTokens.load(files.tokensFile);
    if (!loaded.ok) return loaded;
    const { protectProbes, protectMetrics } = files;
    auth = new CallerAuth({ tokens: loaded.tokens, protectProbes, protectMetrics }, metrics, logger);
  }
  let tls: TlsSettings | undefined;
  if (files.tls !== undefined) {
    const read = await readTlsFiles(files.tls);
    if (!read.ok) return read;
    tls = read.value;
  }
  return { ok: true, security: { auth, tls } };
}

/** A reload re-reads the tokens file too; a broken one keeps the tokens loaded before (logged). */
export async function reloadServeTokens(security: ServeSecurity, logger: Logger): Promise<void> {
  const tokens = security.auth?.tokens;
  if (tokens === undefined) return;
  const reloaded = await tokens.reload();
  if (reloaded.ok) logger.info('tokens reloaded', { file: tokens.file, tokens: reloaded.count });
  else logger.error('tokens reload refused', { file: tokens.file, error: reloaded.message });
}
