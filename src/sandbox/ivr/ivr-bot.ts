import type { SandboxScenario } from '../scenario';
import { answerWithStatus, type ServiceMethods } from '../wire';
import { getPersonStatus } from './get-person-status';
import { createRecorder } from './recorder';

/**
 * `vendor.biosec.v1.IVRBot`: the operations that need no session flow. The
 * session operations (StartIVRSession to EndIVRSession) are not here yet; the
 * hosts answer them NOT_IMPLEMENTED. `now`: the clock, in ms since the epoch.
 */
export function createIvrBot(scenario: SandboxScenario, now: () => number = Date.now): ServiceMethods {
  const recorder = createRecorder(scenario, now);
  return {
    GetPersonStatus: answerWithStatus((request) => getPersonStatus(scenario, request, now())),
    StartRecording: answerWithStatus(recorder.startRecording),
    StopRecording: answerWithStatus(recorder.stopRecording),
  };
}
