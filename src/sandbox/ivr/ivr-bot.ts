import type { CallSessions } from '../flow/call-sessions';
import type { SandboxScenario } from '../scenario/sandbox-scenario';
import { answerWithStatus, type ServiceMethods } from '../wire/service-methods';
import { getPersonStatus } from './get-person-status';
import type { RecordedMedia } from './recorded-media';
import { createSiprecRecorder } from './siprec-recorder';
import { createSessionOperations } from './session-operations';

/**
 * `vendor.biosec.v1.IVRBot`: the session flow on `store` (whose clock is the sandbox's: its `now` also
 * decides recordings' ends and `offer_opt_in`), the recording flow (its media URNs added to `media`, for
 * the audio operations) and GetPersonStatus (on the store's person store, which the sessions change).
 */
export function createIvrBot(
  scenario: SandboxScenario,
  store: CallSessions,
  media?: RecordedMedia,
): ServiceMethods {
  const now = () => store.clock.now();
  const recorder = createSiprecRecorder(scenario, now, media);
  const sessions = createSessionOperations(scenario, store);
  return {
    GetPersonStatus: answerWithStatus((request) => getPersonStatus(store.persons, request, now())),
    StartIVRSession: answerWithStatus(sessions.startIvrSession),
    SubmitPersonId: answerWithStatus(sessions.submitPersonId),
    SubmitOptIn: answerWithStatus(sessions.submitOptIn),
    GetSessionDecision: answerWithStatus(sessions.getSessionDecision),
    EndIVRSession: answerWithStatus(sessions.endIvrSession),
    StartRecording: answerWithStatus(recorder.startRecording),
    StopRecording: answerWithStatus(recorder.stopRecording),
  };
}
