import { formatPlayedScript } from '../../../sandbox/script/format-script';
import { formatVerdict, judgePlayedScript } from '../../../sandbox/script/judge-played-script';
import { playIvrSteps } from '../../../sandbox/script/play-ivr-steps';
import type { CliIO } from '../../../terminal/command-io';
import { loadCliScenario } from './load-cli-scenario';
import { reportUsage } from '../../options/report-usage';
import { parseSandboxRunOptions, SANDBOX_RUN_USAGE } from './sandbox-run-options';
import { chooseSandboxWebhook } from './sandbox-webhook';

/**
 * `rulehook sandbox run SCENARIO [--webhook URL | --rules PATH] [--format text|json]`: plays the
 * scenario's IVR steps in-process and prints the timelines; 1 when a step did not answer the status it
 * expects or (unless `--allow-webhook-failures`) a webhook call failed, the failures summed up on stderr.
 */
export async function runSandboxScript(args: string[], io: CliIO): Promise<number> {
  const parsed = parseSandboxRunOptions(args);
  if (!parsed.ok) return reportUsage(io, 'sandbox run', SANDBOX_RUN_USAGE, parsed);
  const options = parsed.options;
  const scenario = await loadCliScenario(options.scenario, io, 'sandbox run', 'not played');
  if (scenario === undefined) return 1;
  if (scenario.ivrSteps.length === 0) {
    io.stderr.write(`rulehook sandbox run: ${options.scenario} has no ivr_steps to play\n`);
    return 1;
  }
  const chosen = await chooseSandboxWebhook(options, io);
  if (!chosen.ok) {
    io.stderr.write(`rulehook sandbox run: ${chosen.message}; not played\n`);
    return 1;
  }
  try {
    const played = await playIvrSteps(scenario, chosen.webhook, {
      engine: options.engine,
      ...(options.startTime === undefined ? {} : { start: options.startTime }),
    });
    const verdict = judgePlayedScript(played, options);
    io.stdout.write(
      options.format === 'json'
        ? `${JSON.stringify({ ...played, ...verdict }, null, 2)}\n`
        : formatPlayedScript(played),
    );
    io.stderr.write(formatVerdict(verdict, options));
    return verdict.passed ? 0 : 1;
  } finally {
    chosen.close();
  }
}
