import type { SessionVariables } from '../../contract/types';

/** One recorded event: where it is in the recording, and the complete variables the engine raised it with. */
export interface RecordedEvent {
  line: number;
  variables: SessionVariables;
}

/** The events of one recorded call (one `state.sessionId`), in the order they were raised. */
export interface RecordedCall {
  session: string;
  events: RecordedEvent[];
}
