import type { EngineModel } from '../../filter/engine-model';
import { createEmptyResponse, type SessionVariables } from '../../contract/types';
import { EngineSimulator } from '../../simulation/engine-simulator';
import type { RaisedEventFacts, SimulatedWebhook, WebhookAnswer } from '../../simulation/webhook';
import type { ReplayLane } from './replay-lane';

/** Said of an event whose line records no answer: it is not a decision-log line. */
export const NO_RECORDED_ANSWER = 'the line records no answer (not a line of a decision log)';

/**
 * `replay --compare-recorded`: the webhook is the decision log itself. Each event gets the answer its
 * line recorded (`fired`, `response`), so the recorded answers stand where `--compare` would put
 * another rule set's. An event whose line records none fails, as a call to a target would.
 */
class RecordedWebhook implements SimulatedWebhook {
  private readonly errors = new Map<string, string>();

  call(sessionId: string | undefined, _variables: SessionVariables, facts?: RaisedEventFacts): WebhookAnswer {
    const recorded = facts?.recorded;
    if (recorded !== undefined) return recorded;
    this.errors.set(sessionId ?? '', NO_RECORDED_ANSWER);
    return { response: createEmptyResponse(), fired: null };
  }

  takeError(session: string): string | undefined {
    const error = this.errors.get(session);
    this.errors.delete(session);
    return error;
  }
}

/** The lane of the recorded answers. */
export function createRecordedLane(options: {
  sessionKey: string;
  maxSessions: number;
  engine: EngineModel;
}): ReplayLane {
  const webhook = new RecordedWebhook();
  return {
    simulator: new EngineSimulator(webhook, {
      sessionKey: options.sessionKey,
      maxSessions: options.maxSessions,
      model: options.engine,
    }),
    takeError: (session) => webhook.takeError(session),
  };
}
