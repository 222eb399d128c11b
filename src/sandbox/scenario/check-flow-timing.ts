import { createDiagnostic } from '../../diagnostics/create-diagnostic';
import type { Diagnostic } from '../../diagnostics/diagnostic';
import type { ParsedYaml } from '../../rules/parse/parse-yaml';
import { isRecord } from './read-checkable';

/** ProcessAudioForEnroll's net-audio limits (s) when `configuration.flow_timing` sets none. */
export const ENROLL_AUDIO_DEFAULTS = {
  min_net_audio_for_enroll: 3,
  min_net_audio_for_train: 3,
  max_net_audio_for_enroll: 60,
} as const;

type Limit = keyof typeof ENROLL_AUDIO_DEFAULTS;

/**
 * The order of ProcessAudioForEnroll's limits, with the defaults filling what is unset: the enroll minimum
 * is at most the train minimum (the contract's limits say so) and at most the enroll maximum (a maximum
 * below the minimum could never be met). Each problem is reported at the limit written (the first of the
 * pair when both are); a value that is not a number is the schema's to report.
 */
export function checkFlowTiming(parsed: ParsedYaml, root: unknown): Diagnostic[] {
  const configuration = isRecord(root) ? root.configuration : undefined;
  const timing = isRecord(configuration) ? configuration.flow_timing : undefined;
  if (!isRecord(timing)) return [];
  const written = (limit: Limit) => typeof timing[limit] === 'number' && Number.isFinite(timing[limit]);
  const value = (limit: Limit) => (written(limit) ? (timing[limit] as number) : ENROLL_AUDIO_DEFAULTS[limit]);
  const describe = (limit: Limit) => `${limit} ${value(limit)}s${written(limit) ? '' : ' (the default)'}`;
  const diagnostics: Diagnostic[] = [];
  for (const [low, high, why] of [
    [
      'min_net_audio_for_enroll',
      'min_net_audio_for_train',
      'the enroll minimum is at most the train minimum',
    ],
    ['min_net_audio_for_enroll', 'max_net_audio_for_enroll', 'the enroll minimum is at most its maximum'],
  ] as const) {
    if (value(low) <= value(high) || !(written(low) || written(high))) continue;
    const at = written(low) ? low : high;
    const message = `${describe(low)} is above ${describe(high)}: ${why}`;
    const range = parsed.locate(['configuration', 'flow_timing', at]);
    diagnostics.push(createDiagnostic('INVALID_VALUE', parsed.file, message, { range }));
  }
  return diagnostics;
}
