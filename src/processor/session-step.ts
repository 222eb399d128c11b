import { isReservedVariable, type SessionVariables } from '../contract';
import type { KeyTest } from '../filter';
import type { RuleBook } from '../rules/compile/rule-book';
import { evaluateEvent, type Evaluation, type EvaluationContext } from '../rules/evaluate/evaluate-event';
import type { Fingerprint } from '../session/fingerprint';
import { INITIAL_SESSION_STATE, type SessionState } from '../session/session-state';

export interface SessionStep {
  evaluation: Evaluation;
  /** What the webhook knew before the event (also what `explainEvent` needs to agree with it). */
  context: EvaluationContext;
  next: SessionState;
}

export interface SessionStepOptions {
  /** Keys the engine updates itself: never in the delta. */
  isAutomatic: KeyTest;
  fingerprint: Fingerprint;
  /** Stored as `lastSeen`, in ms since the epoch. */
  now?: number;
  /** The longest the rules may take on one event, in ms (EvaluationBudgetExceededError past it). */
  budgetMs?: number;
}

/**
 * One event of a session, as the webhook answers it: the delta of the watched
 * keys against the session's previous event (by fingerprint), the rules
 * evaluated with the session's `once` memory and effective filter, and the
 * session's next state. Without a state the event is the first of its session.
 * Pure: the server and the simulations (rule tests, replay) share it.
 */
export function stepSession(
  book: RuleBook,
  state: SessionState | undefined,
  variables: SessionVariables,
  options: SessionStepOptions,
): SessionStep {
  const before = state ?? INITIAL_SESSION_STATE;
  const { delta, seen } = book.watched.none
    ? { delta: [], seen: before.seen }
    : fingerprintWatched(book, before.seen, variables, options);
  const context: EvaluationContext = { delta, filter: before.filter, onceFired: before.onceFired };
  const evaluation = evaluateEvent(
    book,
    variables,
    options.budgetMs === undefined ? context : { ...context, budgetMs: options.budgetMs },
  );
  let onceFired = before.onceFired;
  const newlyOnce = evaluation.fired.filter((id) => book.onceRules.has(id) && !onceFired.has(id));
  if (newlyOnce.length > 0) onceFired = new Set([...onceFired, ...newlyOnce]);
  return {
    evaluation,
    context,
    next: { filter: evaluation.filter, onceFired, seen, lastSeen: options.now ?? 0 },
  };
}

/** Fingerprints the watched keys; the delta is those new or changed since `previous`, sorted. */
function fingerprintWatched(
  book: RuleBook,
  previous: ReadonlyMap<string, string>,
  variables: SessionVariables,
  options: SessionStepOptions,
): { delta: string[]; seen: ReadonlyMap<string, string> } {
  const keys: string[] = [];
  for (const key in variables) {
    if (book.watched.has(key) && !options.isAutomatic(key) && !isReservedVariable(key)) keys.push(key);
  }
  keys.sort();
  const delta: string[] = [];
  const seen = new Map<string, string>();
  for (const key of keys) {
    const print = options.fingerprint(key, variables[key] as string);
    seen.set(key, print);
    if (previous.get(key) !== print) delta.push(key);
  }
  return { delta, seen };
}
