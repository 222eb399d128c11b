import path from 'node:path';
import { describeEngineModel } from '../../../filter/engine-model';
import { describeListening } from '../../../hosts/running-host';
import { describeSpeechRecognition } from '../../../sandbox/audio/recognized-transcript';
import { startSandbox } from '../../../sandbox/hosts/start-sandbox';
import type { CliIO } from '../../../terminal/command-io';
import { describeListeningJson, removePortsFile, writePortsFile } from './announce-listening';
import { loadCliScenario } from './load-cli-scenario';
import { reportUsage } from '../../options/report-usage';
import { parseSandboxOptions, SANDBOX_USAGE } from './sandbox-options';
import { runSandboxScript } from './sandbox-run';
import { chooseSandboxWebhook } from './sandbox-webhook';

/**
 * `rulehook sandbox --scenario FILE [--webhook URL | --rules PATH] [--speed N] [--host H] ...`:
 * loads the scenario (refusing one with errors, every problem printed), serves
 * both services until `signal` aborts, then closes the hosts and returns 0. Once both hosts listen it
 * prints the human lines, then one JSON line (`{"event":"listening",...}`) and writes `--ports-file`.
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
  const portsFile = options.portsFile === undefined ? undefined : path.resolve(io.cwd, options.portsFile);
  // A previous run's file would hand a waiting reader ports nobody serves.
  const stale = portsFile === undefined ? undefined : await removePortsFile(portsFile);
  if (stale !== undefined) {
    chosen.close();
    io.stderr.write(`rulehook sandbox: ${stale}; not started\n`);
    return 1;
  }
  let sandbox;
  try {
    const { host, httpPort, grpcPort, maxMessageBytes, speed, startTime } = options;
    sandbox = await startSandbox(scenario, {
      host,
      httpPort,
      grpcPort,
      maxMessageBytes,
      speed,
      ...(startTime === undefined ? {} : { startTime }),
      engine: options.engine,
      ...(chosen.webhook === undefined ? {} : { webhook: chosen.webhook }),
    });
  } catch (error) {
    chosen.close();
    io.stderr.write(`rulehook sandbox: cannot listen: ${(error as Error).message}\n`);
    return 1;
  }
  const { media, persons, outcomes } = scenario;
  const clockStart = options.startTime === undefined ? 'now' : new Date(options.startTime).toISOString();
  io.stdout.write(
    `rulehook sandbox: serving IVRBot and AudioProcessor from ${options.scenario} ` +
      `(${persons.size} persons, ${media.size} media segments, ${outcomes.length} scripted outcomes). ` +
      'Biometric results are SCRIPTED by the scenario, not computed by voice models.\n' +
      `rulehook sandbox: ${describeSpeechRecognition()}.\n` +
      `rulehook sandbox: session events go to ${chosen.describe}; simulated time runs at ${options.speed}x ` +
      `from ${clockStart}; ` +
      `engine model ${describeEngineModel(options.engine)}.\n` +
      describeListening({ http: sandbox.http, grpc: sandbox.grpc }),
  );
  const announcement = describeListeningJson(sandbox);
  io.stdout.write(`${JSON.stringify(announcement)}\n`);
  const unwritten = portsFile === undefined ? undefined : await writePortsFile(portsFile, announcement);
  if (unwritten !== undefined) io.stderr.write(`rulehook sandbox: ${unwritten}; stopping\n`);
  else await waitForAbort(signal);
  await sandbox.close();
  chosen.close();
  const unremoved = portsFile === undefined ? undefined : await removePortsFile(portsFile);
  if (unremoved !== undefined) io.stderr.write(`rulehook sandbox: ${unremoved}\n`);
  return unwritten === undefined ? 0 : 1;
}

function waitForAbort(signal: AbortSignal | undefined): Promise<void> {
  if (signal === undefined) return new Promise(() => {});
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}
