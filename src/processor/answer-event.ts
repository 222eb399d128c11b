import type { SessionVariables } from '../contract/types';
import type { RuleBook } from '../rules/compile/rule-book';
import {
  writeCarriedState,
  type CarriedState,
  type CarryOptions,
  type StateUse,
} from '../session/carried-state';
import { changeState, type SessionState } from '../session/session-state';
import { stepSession, type SessionStep, type SessionStepOptions } from './session-step';

export interface AnswerOptions extends SessionStepOptions {
  carry: CarryOptions;
  /**
   * False when the event is answered from a store because the engine keeps none of rulehook's variables
   * (they were written and not sent back): no `rulehook.*` variable is written, since the engine would
   * drop it, and writing only the changed parts would give an engine that did keep them a partial state
   * that reads as whole. Default true.
   */
  writesState?: boolean;
}

/** The state parts a rule book reads and writes: computed once per book. */
export function findStateUse(book: RuleBook): StateUse {
  return {
    filter: book.rulesets.some((ruleset) => ruleset.rules.some((rule) => rule.filter !== undefined)),
    once: book.onceRules.size > 0,
    seen: !book.changedGlobs.none,
  };
}

/** A rule book that uses no state part keeps nothing between events: no store is worth asking. */
export function keepsState(use: StateUse): boolean {
  return use.filter || use.once || use.seen;
}

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
  carried: CarriedState,
  options: AnswerOptions,
): SessionStep {
  const step = stepSession(book, state, variables, options);
  if (options.writesState === false) return step;
  const { updates, sealed } = writeCarriedState(variables, carried, step.next, options.carry);
  for (const update of updates) step.evaluation.response.session_variable_updates.push(update);
  if (sealed === step.next.sealed) return step;
  return { evaluation: step.evaluation, context: step.context, next: changeState(step.next, { sealed }) };
}
