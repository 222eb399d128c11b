import type { Logger } from '../observability/logger';
import type { Metrics } from '../observability/metrics';
import { Recorder } from './recorder';
import { createRandomRedactionKey } from './hash-values';
import { createRedactor } from './redact-variables';

export interface RecordingSettings {
  file: string;
  redact: readonly string[];
  /** undefined: a random key for this process. */
  redactKey: string | undefined;
  maxBytes: number | undefined;
}

/** The recorder of `serve --record`, opened (throws when the file cannot be opened for appending). */
export async function createRecorder(
  settings: RecordingSettings,
  metrics: Metrics,
  logger: Logger,
): Promise<Recorder> {
  const redact =
    settings.redact.length === 0
      ? undefined
      : createRedactor(settings.redact, settings.redactKey ?? createRandomRedactionKey());
  const recorder = new Recorder({
    file: settings.file,
    metrics,
    logger,
    ...(redact === undefined ? {} : { redact }),
    ...(settings.maxBytes === undefined ? {} : { maxBytes: settings.maxBytes }),
  });
  await recorder.open();
  return recorder;
}

/** The line `serve` prints about the recording. */
export function describeRecording(settings: RecordingSettings): string {
  const redacting =
    settings.redact.length === 0
      ? ''
      : ` (redacting ${settings.redact.join(', ')} with ${settings.redactKey === undefined ? 'a random key' : 'the given key'})`;
  const rotation = settings.maxBytes === undefined ? '' : `, rotated beyond ${settings.maxBytes} bytes`;
  return `recording every event to ${settings.file}${redacting}${rotation}`;
}
