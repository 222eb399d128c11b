import type { EngineModel } from '../../filter/engine-model';
import type { RuleBook } from '../../rules/compile/rule-book';
import type { SimulatedEvent } from '../../simulation/simulated-event';
import { simulateLocally } from '../../simulation/simulate-locally';
import type { RecordedCall } from '../read/recorded-calls';

/**
 * Every recorded call raised through `book` by the simulated engine of `replay` and `test` (one model for
 * the engine and the webhook), a call at a time: what the engine did with each event, in recorded order.
 * A fresh simulator per call: calls are independent, and none is forgotten however many there are.
 */
export function replayCalls(
  book: RuleBook,
  calls: readonly RecordedCall[],
  options: { sessionKey: string; engine: EngineModel },
): SimulatedEvent[][] {
  return calls.map((call) => {
    const simulator = simulateLocally(book, { sessionKey: options.sessionKey, model: options.engine });
    return call.events.map((event) => {
      const result = simulator.raiseNow(event.variables);
      // In-process rules answer at once (EngineSimulator#raiseNow).
      if (typeof (result as { then?: unknown }).then === 'function')
        throw new Error('rulehook: an in-process webhook answered later');
      return result as SimulatedEvent;
    });
  });
}
