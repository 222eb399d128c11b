import { LRUCache } from 'lru-cache';
import { CURRENT_EVENT_KEY, type SessionVariables } from '../contract/types';
import { applyResponseFilter, decideEvent, INITIAL_FILTER_STATE } from '../filter/decide';
import { createAutomaticKeyTest, type KeyTest } from '../filter/delta';
import { PreviousEvent } from '../filter/previous-event';
import type { EngineModel } from '../filter/engine-model';
import { DEFAULT_SESSION_KEY } from '../processor/session-key';
import { DEFAULT_MAX_SESSIONS } from '../session/session-store';
import { overlay, writeOverlay, type HandedVariables } from './overlay';
import type { EngineSession, SimulatedEvent } from './simulated-event';
import type { RaisedEventFacts, SimulatedWebhook, WebhookAnswer } from './webhook';

export type { SimulatedEvent } from './simulated-event';

export interface EngineSimulatorOptions {
  sessionKey?: string;
  automaticKeys?: readonly string[];
  /** Sessions tracked at most; the least recently active is forgotten beyond it (keeps memory flat). */
  maxSessions?: number;
  /** How the simulated engine reads the points its specification leaves open; default: rulehook's reading. */
  model?: EngineModel;
}

/**
 * The session engine, simulated: for each raised event it overlays earlier
 * responses' variable updates, computes the delta against the previous raised
 * event, applies the session's filter (src/filter), sends the event to the
 * webhook if it passes, and applies the response (updates, filter). Shared by
 * `rulehook test` and `rulehook replay`, so both show what the engine would do.
 */
export class EngineSimulator {
  private readonly sessions: LRUCache<string, EngineSession>;
  private readonly sessionKey: string;
  private readonly isAutomatic: KeyTest;
  private readonly model: EngineModel;

  constructor(
    private readonly webhook: SimulatedWebhook,
    options: EngineSimulatorOptions = {},
  ) {
    this.sessionKey = options.sessionKey ?? DEFAULT_SESSION_KEY;
    this.isAutomatic = createAutomaticKeyTest(options.automaticKeys);
    this.model = options.model ?? {};
    // Each session counts 1 against maxSize: `max` would allocate arrays of that length up front.
    this.sessions = new LRUCache({
      maxSize: options.maxSessions ?? DEFAULT_MAX_SESSIONS,
      sizeCalculation: () => 1,
    });
  }

  /**
   * `facts.delivered`: the engine is known to have sent this event (a line of a decision log, which holds the
   * events the webhook received, not those the engine raised). Its delta against the previous event the
   * engine raised is then unknown (the events between are not in the log), so `keys_to_ignore`, which
   * depends on it, does not apply; `events_to_ignore` and a disabled webhook, which do not, still do.
   * With the rules that answered live, every such event is sent again, as it was.
   */
  async raise(raised: SessionVariables, facts: RaisedEventFacts = {}): Promise<SimulatedEvent> {
    return this.raiseNow(raised, facts);
  }

  /**
   * `raise` without a promise when the webhook answers at once (in-process rules, a decision log): the
   * replay of a long recording raises millions of events, and a promise per event is a good part of its cost.
   * A webhook that answers later (a live target) makes it return a promise. `handed`: the caller gives
   * `raised` up (see HandedVariables).
   */
  raiseNow(
    raised: SessionVariables,
    facts: RaisedEventFacts = {},
    handed?: HandedVariables,
  ): SimulatedEvent | Promise<SimulatedEvent> {
    const id = raised[this.sessionKey];
    const sessionId = typeof id === 'string' && id !== '' ? id : undefined;
    const session = this.sessionFor(sessionId ?? '');
    const variables = handed === undefined ? overlay(raised, session.overlay) : raised;
    const names =
      handed === undefined ? Object.keys(variables) : writeOverlay(raised, session.overlay, handed.names);
    // By default the engine applies the webhook's updates to the session at once, so they are part of the
    // "previous event" the next delta is computed against (the webhook is not woken up by its own writes):
    // every key of the overlay then holds the same value in both; with `own_updates: changes` they show in
    // the next delta (docs/filters.md, "The engine model").
    const unchanged = this.model.ownUpdates === 'changes' ? undefined : session.overlay;
    const delta = session.previous.advance(variables, this.isAutomatic, names, unchanged);
    session.seq++;
    const event = variables[CURRENT_EVENT_KEY] ?? '';
    // A delivered event's delta is unknown: treated as empty, and never filtered for being empty.
    const decision =
      facts.delivered === true
        ? decideEvent(session.filter, event, [])
        : decideEvent(session.filter, event, delta, this.model);
    if (!decision.sent) {
      const dropped: SimulatedEvent = {
        session: sessionId ?? '',
        seq: session.seq,
        event,
        variables,
        delta,
        sent: false,
        reason: decision.reason,
        entry: decision.entry,
        fired: null,
        response: null,
      };
      const listening = this.webhook.listenersOf?.(event);
      if (listening !== undefined && listening.length > 0) dropped.listening = listening;
      return dropped;
    }
    const answer = this.webhook.call(sessionId, variables, facts);
    const seq = session.seq;
    // A promise from another realm (jest's) is no `instanceof Promise`: test for a then.
    return isPromise(answer)
      ? answer.then((a) => this.applyAnswer(session, sessionId, seq, event, variables, delta, a))
      : this.applyAnswer(session, sessionId, seq, event, variables, delta, answer);
  }

  /** Forgets a session, as the engine does when its call ends (`rulehook replay --workers`: told by the reader). */
  forget(session: string): void {
    this.sessions.delete(session);
  }

  private applyAnswer(
    session: EngineSession,
    sessionId: string | undefined,
    seq: number,
    event: string,
    variables: SessionVariables,
    delta: string[],
    answer: WebhookAnswer,
  ): SimulatedEvent {
    // The overlay only grows: the next delta skips its keys (raiseNow) instead of comparing with a copy of
    // the event that has the updates applied.
    for (const update of answer.response.session_variable_updates)
      session.overlay.set(update.key, update.value);
    if (answer.response.event_filter !== undefined)
      session.filter = applyResponseFilter(session.filter, answer.response.event_filter, this.model);
    // One literal with every field (no spread of a shared base): the replay's hottest allocation.
    const result: SimulatedEvent = {
      session: sessionId ?? '',
      seq,
      event,
      variables,
      delta,
      sent: true,
      reason: null,
      entry: null,
      fired: answer.fired,
      response: answer.response,
    };
    if (answer.explanation !== undefined) result.explanation = answer.explanation;
    return result;
  }

  private sessionFor(id: string): EngineSession {
    let session = this.sessions.get(id);
    if (session === undefined) {
      session = { seq: 0, previous: new PreviousEvent(), filter: INITIAL_FILTER_STATE, overlay: new Map() };
      this.sessions.set(id, session);
    }
    return session;
  }
}

function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown }).then === 'function';
}
