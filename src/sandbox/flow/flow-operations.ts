import type { CallSession } from './call-session';
import { FLOW_EVENTS } from './flow-catalog';
import { disableVerification, refuseOptIn, refuseVerification } from './flow-guards';
import { finishNode, raiseAndFollow, startEligibleNodes } from './flow-progress';

const seconds = (value: number): string => String(Math.round(value * 100) / 100);

/** `custom_data` as catalog variables: `custom.<key>`. */
export function writeCustomData(session: CallSession, customData: Readonly<Record<string, string>>): void {
  for (const [key, value] of Object.entries(customData)) session.variables[`custom.${key}`] = value;
}

/**
 * Opens the call: CALL_STARTED, then the audio of the session's recording streams (AUDIO_PROGRESS every
 * audio tick until the segment's duration) and HEARTBEAT / HEARTBEAT_MEDIA run until the call ends.
 */
export async function startCall(session: CallSession): Promise<void> {
  const duration = session.media?.duration ?? 0;
  session.audioEnded = duration === 0;
  await raiseAndFollow(session, FLOW_EVENTS.callStarted);
  if (!session.audioEnded) session.after(session.context.timing.audioTickMs, () => tickAudio(session));
  const beat = async (): Promise<void> => {
    const streaming = !session.audioEnded;
    await raiseAndFollow(session, FLOW_EVENTS.heartbeat);
    if (streaming) await raiseAndFollow(session, FLOW_EVENTS.heartbeatMedia);
    session.after(session.context.timing.heartbeatMs, beat);
  };
  session.after(session.context.timing.heartbeatMs, beat);
}

/** The audio counters move with the segment: net audio grows evenly over its duration. */
async function tickAudio(session: CallSession): Promise<void> {
  const media = session.media!;
  const elapsed = (session.context.clock.now() - session.startedAt) / 1000;
  const fraction = Math.min(1, elapsed / media.duration);
  session.netSeconds = media.net_audio * fraction;
  session.audioEnded = fraction >= 1;
  const gross = media.duration * fraction;
  Object.assign(session.variables, {
    'audio.netSeconds': seconds(session.netSeconds),
    'audio.grossSeconds': seconds(gross),
    'vad.silenceSeconds': seconds(gross - session.netSeconds),
  });
  const collecting = session.nodes.ProcessAudioForEnroll;
  if ((collecting.progress === 'STARTED' || collecting.progress === 'IN_PROGRESS') && !collecting.scheduled) {
    if (session.audioEnded || session.netSeconds >= session.context.timing.minNetAudioForEnroll)
      finishNode(session, 'ProcessAudioForEnroll');
    else if (collecting.enabled) {
      collecting.progress = 'IN_PROGRESS';
      session.setFlowState('ProcessAudioForEnroll', 'IN_PROGRESS');
    }
  }
  await raiseAndFollow(session, FLOW_EVENTS.audioProgress);
  if (!session.audioEnded) session.after(session.context.timing.audioTickMs, () => tickAudio(session));
}

/**
 * SubmitPersonId: the person store gives `person.optIn` and `person.enrollStatus` (as earlier calls left
 * them); PERSON_IDENTIFIED is raised, then the built-in flow starts for them (verification when the
 * voiceprint is trained, else process-audio-for-enroll; spoofing and fraudster detection alongside). A
 * locked voiceprint is not verified: Verify is disabled for the session, saying why.
 */
export async function identifyPerson(
  session: CallSession,
  personId: string,
  customData: Readonly<Record<string, string>>,
): Promise<void> {
  const { persons } = session.context;
  if (session.optedInAt !== undefined) {
    const refused = refuseOptIn(session, personId, session.optedInAt);
    if (refused === undefined) persons.recordOptIn(personId, session.optedInAt);
    else session.note({ kind: 'operation', operation: 'SubmitOptIn', detail: refused });
  }
  const person = persons.get(personId);
  session.personId = personId;
  session.trained = person?.enroll_status === 'TRAINED';
  session.variables['person.id'] = personId;
  session.variables['person.enrollStatus'] = person?.enroll_status ?? 'NOT_ENROLLED';
  if (person?.opt_in !== undefined) session.variables['person.optIn'] = 'true';
  else if (person?.opt_out !== undefined) session.variables['person.optIn'] = 'false';
  writeCustomData(session, customData);
  const refused = session.trained ? refuseVerification(session) : undefined;
  if (refused !== undefined) disableVerification(session, refused);
  await raiseAndFollow(session, FLOW_EVENTS.personIdentified);
}

/**
 * SubmitOptIn: consent given in the call, recorded in the person store at the clock's time. An opted-out
 * person's opt-out stays until its `offer_opt_in_at`: before it, nothing changes and no event is raised;
 * the answer is why. Before SubmitPersonId the person is not known yet: the consent is held and checked
 * against the person's opt-out when they are identified.
 */
export async function receiveOptIn(session: CallSession): Promise<string | undefined> {
  const at = session.context.clock.now();
  const refused = session.personId === undefined ? undefined : refuseOptIn(session, session.personId, at);
  if (refused !== undefined) return refused;
  if (session.personId === undefined) session.optedInAt = at;
  else session.context.persons.recordOptIn(session.personId, at);
  session.variables['person.optIn'] = 'true';
  await raiseAndFollow(session, FLOW_EVENTS.optInReceived);
  return undefined;
}

/** EndIVRSession: CALL_ENDED (with the request's custom data), then nothing more happens in the session. */
export async function endCall(
  session: CallSession,
  customData: Readonly<Record<string, string>>,
): Promise<void> {
  writeCustomData(session, customData);
  await raiseAndFollow(session, FLOW_EVENTS.callEnded);
  session.end();
}

export { startEligibleNodes };
