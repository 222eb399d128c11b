import { formatDiagnostics } from '../../diagnostics/format-report';
import type { Diagnostic } from '../../diagnostics/diagnostic';
import { shouldColor } from '../../terminal/color';
import type { CliIO } from '../../terminal/command-io';

/**
 * A configuration file with errors: its diagnostics on stderr, as `rulehook validate --config` prints them,
 * and the command refuses to run (exit 1, as for rules with errors).
 */
export function reportInvalidConfig(
  command: string,
  invalid: { diagnostics: Diagnostic[]; sources: Map<string, string> },
  io: CliIO,
): number {
  const { diagnostics, sources } = invalid;
  io.stderr.write(formatDiagnostics(diagnostics, sources, { format: 'human', color: shouldColor(io) }));
  io.stderr.write(
    `rulehook ${command}: refusing to start: ${diagnostics[0]?.file ?? 'the configuration file'} has errors (see above)\n`,
  );
  return 1;
}
