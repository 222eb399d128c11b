import type { EngineModel } from '../../filter/engine-model';
import type { RuleBook } from '../../rules/compile/rule-book';
import { simulateLocally } from '../../simulation/simulate-locally';
import type { ReplayLane } from './replay-lane';

/**
 * A lane evaluating `book` in-process, as `rulehook serve` with its memory store would answer, the
 * simulated engine and the rules reading the engine model alike. On its own (not with the target lanes):
 * a replay worker loads only what it runs.
 */
export function createLocalLane(
  book: RuleBook,
  options: { sessionKey: string; maxSessions: number; explain: boolean; engine: EngineModel },
): ReplayLane {
  const { sessionKey, maxSessions, explain, engine } = options;
  return { simulator: simulateLocally(book, { sessionKey, maxSessions, explain, model: engine }) };
}
