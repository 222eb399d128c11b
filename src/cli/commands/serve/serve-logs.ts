import type { LogMask } from '../../../contract/decision-line';
import type { Logger } from '../../../observability/logger';
import type { Metrics } from '../../../observability/metrics';
import { createLogMask } from '../../../recording/log-mask';
import { createRandomRedactionKey } from '../../../recording/hash-values';
import { createRecorder } from '../../../recording/create-recorder';
import { DecisionLog } from '../../../recording/decision-log';
import type { Recorder } from '../../../recording/recorder';
import type { CliIO } from '../../../terminal/command-io';
import type { HeldTaps } from './held-taps';
import { DEFAULT_MASKS, type LogSettings } from './options/log-options';
import type { RecordSettings } from './options/record-options';

/**
 * The mask of `--mask` (or its defaults), compiled once: a keyed hash like `--redact`'s, under the
 * `--redact` key when one is given (the same value then has the same hash in logs, the decision log and
 * the recording), else a random key for this process. Undefined when nothing is masked.
 */
export function createServeLogMask(logs: LogSettings, redactKey: string | undefined): LogMask | undefined {
  if (logs.masks.length === 0) return undefined;
  return createLogMask(logs.masks, redactKey ?? logs.maskKey ?? createRandomRedactionKey());
}

/**
 * Opens `--decision-log`, writes the decisions its tap held while it opened, and every decision from now
 * on. Undefined when not asked for; `false` (after saying why on stderr) when the file cannot be opened for
 * appending.
 */
export async function startDecisionLog(
  logs: LogSettings,
  metrics: Metrics,
  logger: Logger,
  mask: LogMask | undefined,
  io: CliIO,
  held: HeldTaps,
): Promise<DecisionLog | undefined | false> {
  const settings = logs.decisionLog;
  if (settings === undefined || held.decisions === undefined) return undefined;
  const log = new DecisionLog({
    file: settings.file,
    metrics,
    logger,
    ...(mask === undefined ? {} : { mask }),
    ...(settings.maxBytes === undefined ? {} : { maxBytes: settings.maxBytes }),
  });
  try {
    await log.open();
  } catch (error) {
    io.stderr.write(
      `rulehook serve: cannot write the decision log ${settings.file}: ${(error as Error).message}\n`,
    );
    return false;
  }
  held.decisions.connect((decision) => log.log(decision));
  return log;
}

/** The line `serve` prints about the decision log. */
export function describeDecisionLog(logs: LogSettings): string | undefined {
  const settings = logs.decisionLog;
  if (settings === undefined) return undefined;
  const masking =
    logs.masks.length === 0
      ? 'nothing masked'
      : logs.masks === DEFAULT_MASKS
        ? 'masking the default personal variables'
        : `masking ${logs.masks.join(', ')}`;
  const rotation = settings.maxBytes === undefined ? '' : `, rotated beyond ${settings.maxBytes} bytes`;
  return `logging every decision to ${settings.file} (${masking})${rotation}`;
}

/**
 * Opens `--record`, writes the events its tap held while it opened, and every event received from now on.
 * Undefined when not asked for; `false` (after saying why on stderr) when the file cannot be opened for
 * appending.
 */
export async function startRecording(
  settings: RecordSettings | undefined,
  metrics: Metrics,
  logger: Logger,
  io: CliIO,
  held: HeldTaps,
): Promise<Recorder | undefined | false> {
  if (settings === undefined || held.events === undefined) return undefined;
  let recorder: Recorder;
  try {
    recorder = await createRecorder(settings, metrics, logger);
  } catch (error) {
    io.stderr.write(`rulehook serve: cannot record to ${settings.file}: ${(error as Error).message}
`);
    return false;
  }
  held.events.connect((event) => recorder.record(event.session_variables));
  return recorder;
}
