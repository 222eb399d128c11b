import { randomUUID } from 'node:crypto';
import type { SessionVariables } from '../../contract/types';
import { EngineSimulator, type EngineSimulatorOptions } from '../../simulation/engine-simulator';
import type { SandboxScenario } from '../scenario/sandbox-scenario';
import { CallSession, type SessionContext } from './call-session';
import { readFlowTiming } from './flow-timing';
import { PersonStore } from './person-store';
import { GuardedWebhook, type SandboxWebhookTarget } from './sandbox-webhook';
import { matchSession, summarizeSession, type SessionFilter, type SessionSummary } from './session-summary';
import type { VirtualClock } from './virtual-clock';

/** Sessions kept at most (ended or not); the oldest is forgotten beyond it, so memory stays flat. */
export const MAX_SANDBOX_SESSIONS = 1_000;

export interface SessionFlowOptions {
  clock: VirtualClock;
  /** undefined: events are raised and recorded, and answered by nobody. */
  webhook?: SandboxWebhookTarget;
  /** How the engine reads what its specification leaves open (`rulehook test` / `replay`'s engine model). */
  engine?: EngineSimulatorOptions['model'];
}

/** What StartIVRSession opens a session with. */
export interface SessionOpening {
  callId: string;
  recordingId: string;
  variables: SessionVariables;
}

/** The ids of a call that no two live sessions share. */
export type CallIdField = 'call_id' | 'recording_id';

/** The sandbox's call sessions, by `call_session_id` (only ids this store handed out exist). */
export class CallSessions {
  private readonly sessions = new Map<string, CallSession>();
  /** The session each `call_id` and `recording_id` was last opened with (`field:value`), while it is kept. */
  private readonly holders = new Map<string, CallSession>();
  private readonly context: SessionContext;

  constructor(scenario: SandboxScenario, options: SessionFlowOptions) {
    const webhook = new GuardedWebhook(options.webhook);
    const engine = new EngineSimulator(webhook, {
      maxSessions: MAX_SANDBOX_SESSIONS,
      ...(options.engine === undefined ? {} : { model: options.engine }),
    });
    const timing = readFlowTiming(scenario.configuration.flow_timing);
    const persons = new PersonStore(scenario.persons, scenario.configuration.lock_after_mismatches);
    this.context = { scenario, persons, timing, clock: options.clock, engine, webhook };
  }

  get clock(): VirtualClock {
    return this.context.clock;
  }

  /** The person store the sessions change and GetPersonStatus reads. */
  get persons(): PersonStore {
    return this.context.persons;
  }

  /**
   * A new session on the media segment of the recording its `recording_id` finds (none when no recording
   * matches it, or the recording names none). The caller has checked `findLive` for both ids.
   */
  open(opening: SessionOpening): CallSession {
    const { scenario } = this.context;
    const mediaId = scenario.recordings.find(opening.recordingId)?.media;
    const media = mediaId === undefined ? undefined : scenario.media.get(mediaId);
    const call = { callId: opening.callId, recordingId: opening.recordingId };
    const session = new CallSession(`cs-${randomUUID()}`, this.context, media, opening.variables, call);
    this.sessions.set(session.id, session);
    this.holders.set(`call_id:${opening.callId}`, session);
    this.holders.set(`recording_id:${opening.recordingId}`, session);
    if (this.sessions.size > MAX_SANDBOX_SESSIONS) {
      const oldest = this.sessions.values().next().value as CallSession;
      oldest.cancelTimers();
      this.sessions.delete(oldest.id);
      for (const [key, holder] of this.holders) if (holder === oldest) this.holders.delete(key);
    }
    return session;
  }

  /**
   * The live session (not ended) that holds a `call_id` or `recording_id`: a call's ids are its own while
   * it lasts, and free again once EndIVRSession ended it.
   */
  findLive(field: CallIdField, value: string): CallSession | undefined {
    const holder = this.holders.get(`${field}:${value}`);
    return holder === undefined || holder.ended || this.sessions.get(holder.id) !== holder
      ? undefined
      : holder;
  }

  get(id: string): CallSession | undefined {
    return this.sessions.get(id);
  }

  /** The sessions kept that pass `filter`, in the order they started. */
  list(filter: SessionFilter = {}): SessionSummary[] {
    return [...this.sessions.values()].map(summarizeSession).filter((s) => matchSession(s, filter));
  }

  /**
   * Ends every session and forgets them all (a reset of the sandbox): no timer of theirs runs and no step
   * of theirs starts anything again. Returns how many there were, and how many of them were live.
   */
  clear(): { sessions: number; live: number } {
    const all = [...this.sessions.values()];
    const live = all.filter((s) => !s.ended).length;
    for (const session of all) session.end();
    this.sessions.clear();
    return { sessions: all.length, live };
  }
}
