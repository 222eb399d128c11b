import type { CallSession } from './call-session';

/**
 * Whether the session's person has consented to enrollment: the person store's opt-in, which only
 * SubmitOptIn and the scenario set. The session variable `person.optIn` is not asked: a webhook's update
 * can write it, and consent is the person's, not the webhook's.
 */
export function hasConsent(session: CallSession): boolean {
  const { personId } = session;
  return personId !== undefined && session.context.persons.get(personId)?.opt_in !== undefined;
}

/** Why enrollment (Enroll, Train) must not run for the session's person now; undefined when it may. */
export function refuseEnrollment(session: CallSession): string | undefined {
  return hasConsent(session)
    ? undefined
    : 'the person has not opted in: without consent nobody is enrolled or trained';
}

/**
 * Why Verify must not run for the session's person now, from the person store as it is at this moment
 * (another session may have locked the voiceprint since this one identified the person): a locked
 * voiceprint, or none trained to verify against. Undefined when it may run.
 */
export function refuseVerification(session: CallSession): string | undefined {
  const person = session.context.persons.get(session.personId!);
  if (person?.lock?.locked === true)
    return `the voiceprint is locked (${person.lock.reason ?? 'locked'}): verification does not run`;
  if (person?.enroll_status !== 'TRAINED')
    return 'the person has no trained voiceprint to verify against: verification does not run';
  return undefined;
}

/** Verify off for the rest of the session (until the webhook enables it again), saying why. */
export function disableVerification(session: CallSession, detail: string): void {
  session.nodes.Verify.enabled = false;
  session.setFlowState('Verify', 'DISABLED');
  session.note({ kind: 'node', node: 'Verify', state: 'DISABLED', detail });
}

/**
 * Why an opt-in must not replace the person's opt-out at `now` (ms): opt-in can be enabled again only from
 * the opt-out's `offer_opt_in_at` on (GetPersonStatus's `offer_opt_in_time`). Undefined when it may.
 */
export function refuseOptIn(session: CallSession, personId: string, now: number): string | undefined {
  const optOut = session.context.persons.get(personId)?.opt_out;
  if (optOut === undefined || now >= Date.parse(optOut.offer_opt_in_at)) return undefined;
  return `opt-in not recorded: person '${personId}' opted out, and opt-in can be offered again only from offer_opt_in_time ${optOut.offer_opt_in_at}`;
}
