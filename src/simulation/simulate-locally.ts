import type { EngineModel } from '../filter/engine-model';
import type { RuleBook } from '../rules/compile/rule-book';
import { EngineSimulator } from './engine-simulator';
import { LocalWebhook } from './local-webhook';

export interface LocalSimulationOptions {
  sessionKey?: string;
  /** Attach an explanation of every rule to each answer (slower). */
  explain?: boolean;
  /** How the simulated engine reads what its specification leaves open; default: rulehook's reading. */
  model?: EngineModel;
  maxSessions?: number;
}

/**
 * The simulated engine in front of the rules answering in-process: one engine model for both, so that the
 * webhook's `changed` and the engine's delta agree on whether the webhook's own updates are changes.
 */
export function simulateLocally(book: RuleBook, options: LocalSimulationOptions = {}): EngineSimulator {
  const model = options.model ?? {};
  const webhook = new LocalWebhook(book, {
    explain: options.explain === true,
    ...(model.ownUpdates === undefined ? {} : { ownUpdates: model.ownUpdates }),
  });
  return new EngineSimulator(webhook, {
    model,
    ...(options.sessionKey === undefined ? {} : { sessionKey: options.sessionKey }),
    ...(options.maxSessions === undefined ? {} : { maxSessions: options.maxSessions }),
  });
}
