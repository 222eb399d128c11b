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
