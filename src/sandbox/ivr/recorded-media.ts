import type { SandboxMedia, SandboxScenario } from '../scenario/sandbox-scenario';

/**
 * The audio the sandbox knows by id: the scenario's media segments, and the media URNs StartRecording has
 * handed out, each naming the media segment its recording is correlated with (`recordings[].media`). A
 * URN is the segment as the scenario describes it, whole: its duration, transcript and scripted outcomes
 * (outcomes are matched on the segment's id), whether or not the recording has stopped. A recording with
 * no `media` gives a URN the audio operations do not know.
 */
export class RecordedMedia {
  private readonly byId: Map<string, SandboxMedia>;
  private added = 0;

  constructor(private readonly scenario: SandboxScenario) {
    this.byId = new Map(scenario.media);
  }

  /** Makes `urn` name the media segment of the recording `recordingId` finds, if it has one. */
  addRecording(urn: string, recordingId: string): void {
    this.added += 1;
    const segment = this.scenario.recordings.find(recordingId)?.media;
    const media = segment === undefined ? undefined : this.scenario.media.get(segment);
    if (media !== undefined) this.byId.set(urn, media);
  }

  /** How many media URNs StartRecording has handed out (with a media segment or not). */
  get recordings(): number {
    return this.added;
  }

  /** Forgets a media URN the recorder no longer keeps. */
  forget(urn: string): void {
    this.byId.delete(urn);
  }

  /** The scenario as the audio operations read it: media segments by id or by media URN. */
  viewScenario(): SandboxScenario {
    return { ...this.scenario, media: this.byId };
  }
}
