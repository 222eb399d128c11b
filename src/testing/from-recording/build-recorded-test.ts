import { CURRENT_EVENT_KEY, SESSION_ID_KEY, type SessionVariables } from '../../contract/types';
import type { EventSpec, TestSpec } from '../scenario/scenario-spec';
import type { RecordedCall } from './recorded-call';

/** A recorded call as a test without expectations, and what the scenario format could not say of it. */
export interface RecordedTest {
  test: TestSpec;
  /** Recorded lines the test cannot hold exactly (a variable the call dropped), for the user. */
  warnings: string[];
}

/**
 * The session form of a test for one recorded call, named after its session: each event with its name and
 * only the variables added or changed since the previous event of the call (the first event: all of
 * them). A scenario's event is the previous one with its `variables` merged on, so the test raises exactly
 * the recorded variables, except one that a later event no longer has: a scenario cannot remove a
 * variable, so the test keeps its last value, and a warning names it. `state.currentEvent` is the event's
 * name and `state.sessionId` the test's `session`; the other `state.*` variables are written when they
 * change, as recorded (rules may read them).
 */
export function buildRecordedTest(call: RecordedCall, recording: string): RecordedTest {
  const warnings: string[] = [];
  let previous: SessionVariables | undefined;
  const events: EventSpec[] = call.events.map(({ line, variables }) => {
    const changed: SessionVariables = {};
    for (const [key, value] of Object.entries(variables))
      if (!isNamedElsewhere(key) && previous?.[key] !== value) changed[key] = value;
    const dropped = Object.keys(previous ?? {}).filter((key) => !Object.hasOwn(variables, key));
    if (dropped.length > 0)
      warnings.push(
        `${recording}:${line}: ${dropped.join(', ')} ${dropped.length === 1 ? 'is' : 'are'} no longer in the ` +
          `call (session ${call.session}); a scenario cannot remove a variable, so the test keeps the earlier value`,
      );
    previous = variables;
    const event: EventSpec = { event: variables[CURRENT_EVENT_KEY]! };
    if (Object.keys(changed).length > 0) event.variables = changed;
    return event;
  });
  const lines = call.events.map((e) => e.line);
  return {
    test: {
      name: call.session,
      description: describeOrigin(recording, lines),
      session: call.session,
      events,
    },
    warnings,
  };
}

/** `recorded call: recordings/day1.jsonl, 12 events, lines 3 to 214`. */
function describeOrigin(recording: string, lines: readonly number[]): string {
  const count = `${lines.length} event${lines.length === 1 ? '' : 's'}`;
  const span = lines.length === 1 ? `line ${lines[0]}` : `lines ${lines[0]} to ${lines.at(-1)}`;
  return `recorded call: ${recording}, ${count}, ${span}`;
}

/** The variables the test writes by other keys: the event's name and the session id. */
function isNamedElsewhere(key: string): boolean {
  return key === CURRENT_EVENT_KEY || key === SESSION_ID_KEY;
}
