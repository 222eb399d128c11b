import { isIdPattern, matchIdPattern } from './id-pattern';
import type { RecordingSpec } from './scenario-spec';

/**
 * The scenario's `recordings`, as a request's `recording_id` finds one: an entry with exactly that id first,
 * then the first entry, in file order, whose `*` pattern matches it (`*` alone: every id). An IVR sends a
 * new id per call, so a pattern stands for every call of its kind; what the services answer (media URNs,
 * the timeline) names the request's id, never the pattern.
 */
export class RecordingCatalog {
  private readonly exact = new Map<string, RecordingSpec>();
  private readonly patterns: RecordingSpec[] = [];

  constructor(recordings: readonly RecordingSpec[]) {
    for (const recording of recordings)
      if (isIdPattern(recording.recording_id)) this.patterns.push(recording);
      else if (!this.exact.has(recording.recording_id)) this.exact.set(recording.recording_id, recording);
  }

  /** The recording `recordingId` correlates with; undefined when no entry matches it. */
  find(recordingId: string): RecordingSpec | undefined {
    return (
      this.exact.get(recordingId) ??
      this.patterns.find((recording) => matchIdPattern(recording.recording_id, recordingId))
    );
  }

  get size(): number {
    return this.exact.size + this.patterns.length;
  }
}
