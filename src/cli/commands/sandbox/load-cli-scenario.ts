import { formatDiagnostics, summarizeDiagnostics } from '../../../diagnostics/format-report';
import { loadSandboxScenario } from '../../../sandbox/scenario/load-sandbox-scenario';
import type { SandboxScenario } from '../../../sandbox/scenario/sandbox-scenario';
import { shouldColor } from '../../../terminal/color';
import type { CliIO } from '../../../terminal/command-io';

/**
 * Loads the scenario of `rulehook sandbox` or `sandbox run` (`command`), printing every problem found in
 * it; undefined, after saying so with what did not happen (`notDone`: `not started`), when it has errors.
 */
export async function loadCliScenario(
  file: string,
  io: CliIO,
  command: string,
  notDone: string,
): Promise<SandboxScenario | undefined> {
  const loaded = await loadSandboxScenario(file, io.cwd);
  if (loaded.diagnostics.length > 0)
    io.stderr.write(
      formatDiagnostics(loaded.diagnostics, loaded.sources, { format: 'human', color: shouldColor(io) }),
    );
  if (loaded.scenario !== undefined) return loaded.scenario;
  const { errors } = summarizeDiagnostics(loaded.diagnostics, loaded.sources);
  io.stderr.write(
    `rulehook ${command}: the scenario has ${errors === 1 ? 'an error' : `${errors} errors`}; ${notDone}\n`,
  );
  return undefined;
}
