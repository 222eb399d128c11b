import { describeEngineModel } from '../../../filter/engine-model';
import { describeListening } from '../../../hosts/running-host';
import { describeSpeechRecognition } from '../../../sandbox/audio/recognized-transcript';
import { startSandbox } from '../../../sandbox/hosts/start-sandbox';
import type { CliIO } from '../../../terminal/command-io';
import { loadCliScenario } from './load-cli-scenario';
import { reportUsage } from '../../options/report-usage';
import { parseSandboxOptions, SANDBOX_USAGE } from './sandbox-options';
import { runSandboxScript } from './sandbox-run';
import { chooseSandboxWebhook } from './sandbox-webhook';

/**
 * `rulehook sandbox --scenario FILE [--webhook URL | --rules PATH] [--speed N] [--host H] ...`:
 * loads the scenario (refusing one with errors, every problem printed), serves
 * both services until `signal` aborts, then closes the hosts and returns 0.
 */
export async function runSandbox(args: string[], io: CliIO, signal?: AbortSignal): Promise<number> {
  if (args[0] === 'run') return runSandboxScript(args.slice(1), io);
  const parsed = parseSandboxOptions(args);
  if (!parsed.ok) return reportUsage(io, 'sandbox', SANDBOX_USAGE, parsed);
  const options = parsed.options;
  const scenario = await loadCliScenario(options.scenario, io, 'sandbox', 'not started');
  if (scenario === undefined) return 1;
  const chosen = await chooseSandboxWebhook(options, io);
  if (!chosen.ok) {
    io.stderr.write(`rulehook sandbox: ${chosen.message}; not started\n`);
    return 1;
  }
  let sandbox;
  try {
    const { host, httpPort, grpcPort, maxMessageBytes, speed } = options;
    sandbox = await startSandbox(scenario, {
      host,
      httpPort,
      grpcPort,
      maxMessageBytes,
      speed,
      engine: options.engine,
      ...(chosen.webhook === undefined ? {} : { webhook: chosen.webhook }),
    });
  } catch (error) {
    chosen.close();
    io.stderr.write(`rulehook sandbox: cannot listen: ${(error as Error).message}\n`);
    return 1;
  }
  const { media, persons, outcomes } = scenario;
  io.stdout.write(
    `rulehook sandbox: serving IVRBot and AudioProcessor from ${options.scenario} ` +
      `(${persons.size} persons, ${media.size} media segments, ${outcomes.length} scripted outcomes). ` +
      'Biometric results are SCRIPTED by the scenario, not computed by voice models.\n' +
      `rulehook sandbox: ${describeSpeechRecognition()}.\n` +
      `rulehook sandbox: session events go to ${chosen.describe}; simulated time runs at ${options.speed}x; ` +
      `engine model ${describeEngineModel(options.engine)}.\n` +
      describeListening({ http: sandbox.http, grpc: sandbox.grpc }),
  );
  await waitForAbort(signal);
  await sandbox.close();
  chosen.close();
  return 0;
}

function waitForAbort(signal: AbortSignal | undefined): Promise<void> {
  if (signal === undefined) return new Promise(() => {});
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}
