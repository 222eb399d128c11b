import type { SessionVariables } from '../contract';
import type { RuleBook } from '../rules/compile/rule-book';
import { writeCarriedState } from '../session/carried-state';
import type { SessionState } from '../session/session-state';
import { stepSession, type SessionStep, type SessionStepOptions } from './session-step';

/**
 * Answers one event from the session state it starts with (carried by the
 * event, found in a store, or none for a session's first event): the session
 * step, with the updates that carry the next state appended to the response,
 * after the rules' own. The server and the in-process webhook of rule tests and
 * replay both answer through here, so their responses are the same.
 */
export function answerEvent(
  book: RuleBook,
  variables: SessionVariables,
  state: SessionState | undefined,
  options: SessionStepOptions,
): SessionStep {
  const step = stepSession(book, state, variables, options);
  const carried = writeCarriedState(variables, state, step.next);
  for (const update of carried) step.evaluation.response.session_variable_updates.push(update);
  return step;
}
