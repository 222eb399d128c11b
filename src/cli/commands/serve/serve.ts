import { createJsonLogger } from '../../../observability/logger';
import { Metrics } from '../../../observability/metrics';
import type { CliIO } from '../../../terminal/command-io';
import { loadServeSecurity } from '../../../server/load-security';
import { decideServeRole, isServeWorker } from '../../../server/serve-worker';
import { runServeWorkers } from '../../../server/serve-workers';
import { armStopDeadline } from '../../../server/stop-deadline';
import { reportInvalidConfig } from '../../config/report-invalid-config';
import { reportUsage } from '../../options/report-usage';
import { parseServeOptions, SERVE_USAGE } from './serve-options';
import type { ServeControl } from './serve-control';
import { serveOneProcess } from './serve-one-process';

/**
 * `rulehook serve`: loads the rules (refusing to start on an invalid rule set),
 * starts the hosts around one core, and on abort stops accepting, lets in-flight
 * requests finish (bounded by --shutdown-timeout), and returns 0; given
 * `control.forceExit`, a stop that passes its deadline ends the process. With
 * `--workers N` (N > 1) this process becomes the cluster primary instead.
 */
export async function runServe(args: string[], io: CliIO, control: ServeControl = {}): Promise<number> {
  const role = { worker: isServeWorker(io.env) };
  const parsed = parseServeOptions(args, io, role);
  if (!parsed.ok && 'diagnostics' in parsed) return reportInvalidConfig('serve', parsed, io);
  if (!parsed.ok) return reportUsage(io, 'serve', SERVE_USAGE, parsed);
  const { options } = parsed;
  if (control.forceExit !== undefined)
    armStopDeadline({
      signal: control.signal,
      drainSeconds: options.drainSeconds,
      shutdownTimeoutMs: options.shutdownTimeoutMs,
      forceExit: control.forceExit,
      stderr: io.stderr,
    });
  const logger = createJsonLogger(io.stderr, options.logLevel);
  const metrics = new Metrics();
  // Checked by the primary of --workers too, so that a bad file is reported once, before any fork.
  const security = await loadServeSecurity(options.security, metrics, logger);
  if (!security.ok) {
    io.stderr.write(`rulehook serve: refusing to start: ${security.message}\n`);
    return 1;
  }
  const serveRole = decideServeRole(role.worker, options.workers);
  if (serveRole === 'primary') return runServeWorkers(args, options, io, control);
  return serveOneProcess({
    options,
    role: serveRole,
    security: security.security,
    logger,
    metrics,
    io,
    control,
  });
}
