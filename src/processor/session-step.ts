import { isReservedVariable } from '../contract/reserved-variables';
import type { SessionVariables } from '../contract/types';
import type { EngineModel } from '../filter/engine-model';
import type { KeyTest } from '../filter/delta';
import type { ChangedGlobs } from '../rules/compile/changed-globs';
import type { RuleBook } from '../rules/compile/rule-book';
import { evaluateEvent, type Evaluation, type EvaluationContext } from '../rules/evaluate/evaluate-event';
import type { Fingerprint } from '../session/fingerprint';
import { INITIAL_SESSION_STATE, type SessionState } from '../session/session-state';
import { fingerprintKeys, foldOwnUpdates } from './own-updates';

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
  /** The event's variable names (its own keys, in order), when the host's decoder listed them. */
  names?: readonly string[] | undefined;
  /** Stored as `lastSeen`, in ms since the epoch. */
  now?: number;
  /** The longest the rules may take on one event, in ms (EvaluationBudgetExceededError past it). */
  budgetMs?: number;
  /** Whether the engine counts the webhook's own updates as changes (`changed`); default `applied`: not. */
  ownUpdates?: EngineModel['ownUpdates'];
}

/**
 * One event of a session, as the webhook answers it: which `changed` globs'
 * variables changed since the session's previous event (one fingerprint per
 * glob; by default that event with the webhook's own updates applied, as the
 * engine holds it), the rules evaluated with the session's `once` memory and
 * effective filter, and the session's next state. Without a state the event is the
 * first of its session. Pure: the server and the simulations (rule tests,
 * replay) share it.
 */
export function stepSession(
  book: RuleBook,
  state: SessionState | undefined,
  variables: SessionVariables,
  options: SessionStepOptions,
): SessionStep {
  const before = state ?? INITIAL_SESSION_STATE;
  const { changed, seen } = book.changedGlobs.none
    ? { changed: NOTHING_CHANGED, seen: before.seen }
    : fingerprintGlobs(book.changedGlobs, before.seen, variables, options);
  const { filter, onceFired: onceBefore } = before;
  const context: EvaluationContext = { changed, filter, onceFired: onceBefore };
  const evaluation = evaluateEvent(
    book,
    variables,
    options.budgetMs === undefined
      ? context
      : { changed, filter, onceFired: onceBefore, budgetMs: options.budgetMs },
  );
  const updates = evaluation.response.session_variable_updates;
  const folded =
    options.ownUpdates === 'changes' || updates.length === 0 || book.changedGlobs.none
      ? seen
      : foldOwnUpdates(book.changedGlobs, seen, variables, updates, options.isAutomatic, options.fingerprint);
  let onceFired = before.onceFired;
  const newlyOnce = evaluation.fired.filter((id) => book.onceRules.has(id) && !onceFired.has(id));
  if (newlyOnce.length > 0) onceFired = new Set([...onceFired, ...newlyOnce]);
  return {
    evaluation,
    context,
    next: {
      filter: evaluation.filter,
      onceFired,
      seen: folded,
      lastSeen: options.now ?? 0,
      sealed: before.sealed,
    },
  };
}

const NOTHING_CHANGED: ReadonlySet<string> = new Set();

/** Files `key` under each glob it matches, unless the engine updates it itself or it is rulehook's own. */
function bucketKey(globs: ChangedGlobs, key: string, buckets: string[][], isAutomatic: KeyTest): void {
  const indices = globs.indicesOf(key);
  if (indices.length === 0 || isAutomatic(key) || isReservedVariable(key)) return;
  for (const index of indices) buckets[index]!.push(key);
}

/**
 * One fingerprint per glob, of the sorted `key\0value` pairs of the variables
 * it matches (none matching: no fingerprint). A glob changed when its
 * fingerprint differs from the previous event's. The previous map is kept
 * as is when nothing changed, so an unchanged state is recognised without
 * encoding it again.
 */
function fingerprintGlobs(
  globs: ChangedGlobs,
  previous: ReadonlyMap<string, string>,
  variables: SessionVariables,
  options: SessionStepOptions,
): { changed: ReadonlySet<string>; seen: ReadonlyMap<string, string> } {
  const buckets: string[][] = globs.globs.map(() => []);
  const names = options.names;
  if (names === undefined) {
    for (const key in variables) bucketKey(globs, key, buckets, options.isAutomatic);
  } else {
    for (let i = 0; i < names.length; i++) bucketKey(globs, names[i] as string, buckets, options.isAutomatic);
  }
  let changed: Set<string> | undefined;
  const seen = new Map<string, string>();
  for (let index = 0; index < buckets.length; index++) {
    const glob = globs.globs[index] as string;
    const print = fingerprintKeys(glob, buckets[index]!, variables, options.fingerprint);
    if (print !== undefined) seen.set(glob, print);
    if (print !== previous.get(glob)) (changed ??= new Set()).add(glob);
  }
  if (changed === undefined && seen.size === previous.size)
    return { changed: NOTHING_CHANGED, seen: previous };
  return { changed: changed ?? NOTHING_CHANGED, seen };
}
