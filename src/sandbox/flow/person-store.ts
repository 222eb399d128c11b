import type { EnrollStatusName, PersonSpec } from '../scenario/scenario-spec';

/** Consecutive verification mismatches that lock a voiceprint when the scenario sets none. */
export const DEFAULT_LOCK_AFTER_MISMATCHES = 3;

/**
 * The sandbox's person store: seeded from the scenario's `persons`, then changed by the calls as the
 * platform's would be (per sandbox process, in memory): a valid Enroll makes the person partially
 * enrolled and a valid Train trained; SubmitOptIn records an opt-in (replacing an opt-out); each Verify
 * that decides a mismatch counts, one that matches resets the count, and `lockAfterMismatches`
 * consecutive mismatches lock the voiceprint (0: never). Times are ms since the epoch (the sandbox's clock).
 */
export class PersonStore {
  private readonly persons = new Map<string, PersonSpec>();

  constructor(
    seed: ReadonlyMap<string, PersonSpec>,
    readonly lockAfterMismatches = DEFAULT_LOCK_AFTER_MISMATCHES,
  ) {
    for (const [id, person] of seed) this.persons.set(id, structuredClone(person));
  }

  /** The person as the store holds them now; undefined when the store never heard of them. */
  get(id: string): Readonly<PersonSpec> | undefined {
    return this.persons.get(id);
  }

  isLocked(id: string): boolean {
    return this.persons.get(id)?.lock?.locked === true;
  }

  /** A completed Enroll or Train with valid audio. Enrolling more audio never undoes training. */
  recordEnrollment(id: string, status: Extract<EnrollStatusName, 'PARTIALLY_ENROLLED' | 'TRAINED'>): void {
    const person = this.find(id);
    if (status === 'PARTIALLY_ENROLLED' && person.enroll_status === 'TRAINED') return;
    person.enroll_status = status;
  }

  recordOptIn(id: string, at: number): void {
    const person = this.find(id);
    delete person.opt_out;
    person.opt_in = { at: new Date(at).toISOString() };
  }

  /**
   * A completed verification's Decision (no prefix): NEGATIVE counts a mismatch (locking at the limit),
   * POSITIVE resets the count, UNCERTAIN and NOT_AVAILABLE change nothing. A locked voiceprint stays locked;
   * a person with no trained voiceprint has nothing to mismatch, so nothing counts for them.
   */
  recordVerification(id: string, decision: string, at: number): void {
    if (decision !== 'POSITIVE' && decision !== 'NEGATIVE') return;
    const person = this.persons.get(id);
    if (person?.enroll_status !== 'TRAINED') return;
    const lock = person.lock ?? { locked: false };
    if (lock.locked) return;
    if (decision === 'POSITIVE') {
      if (person.lock !== undefined) person.lock = { locked: false, mismatch_counter: 0 };
      return;
    }
    const counter = (lock.mismatch_counter ?? 0) + 1;
    const locking = this.lockAfterMismatches > 0 && counter >= this.lockAfterMismatches;
    person.lock = locking
      ? {
          locked: true,
          reason: `${counter} consecutive verification ${counter === 1 ? 'mismatch' : 'mismatches'}`,
          mismatch_counter: counter,
          at: new Date(at).toISOString(),
          lock_reason: 'CONSECUTIVE_MISMATCHES',
        }
      : { ...lock, mismatch_counter: counter };
  }

  private find(id: string): PersonSpec {
    let person = this.persons.get(id);
    if (person === undefined) {
      person = { id };
      this.persons.set(id, person);
    }
    return person;
  }
}
