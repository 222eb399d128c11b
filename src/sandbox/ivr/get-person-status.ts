import type { PersonStore } from '../flow/person-store';
import type { PersonSpec } from '../scenario/scenario-spec';
import { validateRequest } from '../wire/field-violations';
import { OK_STATUS } from '../wire/status';
import type { JsonMessage } from '../wire/proto-json';

const DEFAULT_TAGS = ['default'];

/**
 * GetPersonStatus, from the person store (the scenario's persons as the calls so far changed them), before or
 * without any session. A person the store does not know, or a `voice_print_tag` the person has no voiceprint
 * for, is NOT_ENROLLED (status OK): the platform has no voiceprint to report. `now` decides `offer_opt_in`
 * (the opt-out period is over).
 */
export function getPersonStatus(persons: PersonStore, request: JsonMessage, now: number): JsonMessage {
  validateRequest((violations) => violations.requireText(request, ['gk_scope_id', 'person_id']));
  const person = persons.get(request.person_id as string);
  const tag = request.voice_print_tag as string | undefined;
  const hasVoiceprint =
    person !== undefined && (tag === undefined || (person.voiceprint_tags ?? DEFAULT_TAGS).includes(tag));
  const response: JsonMessage = {
    status: OK_STATUS,
    enroll_status: `ENROLL_STATUS_${hasVoiceprint ? (person.enroll_status ?? 'NOT_ENROLLED') : 'NOT_ENROLLED'}`,
  };
  if (person === undefined) return response;
  if (person.opt_in !== undefined) response.opt_in_info = { timestamp: person.opt_in.at };
  if (person.opt_out !== undefined) response.opt_out_info = describeOptOut(person.opt_out, now);
  if (person.lock !== undefined) response.voice_print_lock_info = describeLock(person.lock);
  return response;
}

function describeOptOut(optOut: NonNullable<PersonSpec['opt_out']>, now: number): JsonMessage {
  return {
    timestamp: optOut.at,
    ...(optOut.reason === undefined ? {} : { reason: optOut.reason }),
    offer_opt_in_time: optOut.offer_opt_in_at,
    offer_opt_in: now >= Date.parse(optOut.offer_opt_in_at),
  };
}

function describeLock(lock: NonNullable<PersonSpec['lock']>): JsonMessage {
  return {
    locked: lock.locked,
    ...(lock.locked_by === undefined ? {} : { locked_by: lock.locked_by }),
    ...(lock.reason === undefined ? {} : { reason: lock.reason }),
    ...(lock.mismatch_counter === undefined ? {} : { mismatch_counter: lock.mismatch_counter }),
    ...(lock.at === undefined ? {} : { timestamp: lock.at }),
    ...(lock.lock_reason === undefined ? {} : { lock_reason: `LOCK_REASON_${lock.lock_reason}` }),
  };
}
