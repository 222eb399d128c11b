import type { RuleBook } from '../../rules/compile/rule-book';
import { EngineSimulator } from '../../simulation/engine-simulator';
import { LocalWebhook } from '../../simulation/local-webhook';
import type { ReplayLane } from './replay-lane';

/**
 * A lane evaluating `book` in-process, as `rulehook serve` with its memory store would answer. On its
 * own (not with the target lanes): a replay worker loads only what it runs.
 */
export function createLocalLane(
  book: RuleBook,
  options: { sessionKey: string; maxSessions: number; explain: boolean },
): ReplayLane {
  const { sessionKey, maxSessions, explain } = options;
  return {
    simulator: new EngineSimulator(new LocalWebhook(book, { explain }), {
      sessionKey,
      maxSessions,
    }),
  };
}
