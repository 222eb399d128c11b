import { differsOn, type CompareOn, type OutcomeChange } from './compare-outcomes';
import type { LaneOutcome } from '../lanes/replay-lane';

/** The data of a CompareStats, as a structured clone carries it (no methods). */
export type CompareCounts = Omit<CompareStats, 'add' | 'merge' | 'changedRuleCounts'>;

/**
 * Counts of a `--compare` run. Memory: the ids of the sessions that changed, and per-rule counts.
 * `changedEvents` and `changedSessions` are the events that differ on `on` (those listed); the counts of
 * each kind of change cover every event, listed or not.
 */
export class CompareStats {
  constructor(readonly on: CompareOn = 'response') {}

  events = 0;
  sessions = 0;
  badLines = 0;
  changedEvents = 0;
  readonly changedSessions = new Set<string>();
  /** Events sent with the rules at `--rules` and not with those at `--compare`. */
  sentOnlyByRules = 0;
  sentOnlyByCompare = 0;
  firedChanged = 0;
  responseChanged = 0;
  /** Fire counts per rule: [with --rules, with --compare]. */
  readonly fired = new Map<string, [number, number]>();

  add(rules: LaneOutcome, compare: LaneOutcome, changes: readonly OutcomeChange[]): void {
    this.events++;
    if (rules.event.seq === 1) this.sessions++;
    this.countFired(rules, 0);
    this.countFired(compare, 1);
    if (changes.length === 0) return;
    if (differsOn(changes, this.on)) {
      this.changedEvents++;
      this.changedSessions.add(rules.event.session);
    }
    if (changes.includes('sent')) {
      if (rules.event.sent) this.sentOnlyByRules++;
      else this.sentOnlyByCompare++;
    }
    if (changes.includes('fired')) this.firedChanged++;
    if (changes.includes('response')) this.responseChanged++;
  }

  /** Adds the counts of a comparison of other sessions (`--workers`; see ReplayStats#merge). */
  merge(other: CompareCounts): void {
    this.events += other.events;
    this.sessions += other.sessions;
    this.badLines += other.badLines;
    this.changedEvents += other.changedEvents;
    for (const session of other.changedSessions) this.changedSessions.add(session);
    this.sentOnlyByRules += other.sentOnlyByRules;
    this.sentOnlyByCompare += other.sentOnlyByCompare;
    this.firedChanged += other.firedChanged;
    this.responseChanged += other.responseChanged;
    for (const [rule, [a, b]] of other.fired) {
      const pair = this.fired.get(rule);
      if (pair === undefined) this.fired.set(rule, [a, b]);
      else {
        pair[0] += a;
        pair[1] += b;
      }
    }
  }

  /** Rules fired a different number of times, by rule id. */
  changedRuleCounts(): [string, number, number][] {
    return [...this.fired]
      .filter(([, [a, b]]) => a !== b)
      .map(([rule, [a, b]]): [string, number, number] => [rule, a, b])
      .sort((x, y) => x[0].localeCompare(y[0]));
  }

  private countFired({ event }: LaneOutcome, side: 0 | 1): void {
    for (const rule of event.fired ?? []) {
      let pair = this.fired.get(rule);
      if (pair === undefined) this.fired.set(rule, (pair = [0, 0]));
      pair[side]++;
    }
  }
}
