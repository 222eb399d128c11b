import { isReservedVariable } from '../../contract/reserved-variables';
import { RESULT_CODE_OK } from '../../contract/types';
import type { FilterReason } from '../../filter/decide';
import type { LaneOutcome } from '../lanes/replay-lane';

/** The data of a ReplayStats, as a structured clone carries it (no methods). */
export type ReplayCounts = Omit<ReplayStats, 'add' | 'merge' | 'filteredTotal' | 'neverFired'>;

function addCounts(to: Map<string, number>, from: ReadonlyMap<string, number>): void {
  for (const [key, n] of from) to.set(key, (to.get(key) ?? 0) + n);
}

/** Counts of one replay, for the summary: constant memory (bounded by rules, actions and reasons). */
export class ReplayStats {
  events = 0;
  /** Sessions seen: events that were the first of their session. */
  sessions = 0;
  sent = 0;
  badLines = 0;
  readonly filtered: Record<FilterReason, number> = {
    events_to_ignore: 0,
    keys_to_ignore: 0,
    webhook_disabled: 0,
  };
  /** Sent events whose call failed (targets only). */
  errors = 0;
  /** Sent events answered with a result_code other than 200. */
  errorResponses = 0;
  readonly operations = new Map<string, number>();
  variablesSet = 0;
  nodesDisabled = 0;
  nodesEnabled = 0;
  filtersSet = 0;
  readonly fired = new Map<string, number>();
  /** Sent events whose webhook did not say which rules fired (a foreign target). */
  firedUnknown = 0;
  /** Filtered events that rules wait for (their `on:` takes them; the rules in-process only). */
  filteredListened = 0;
  /** For each rule, the filtered events it waits for. */
  readonly listenedFiltered = new Map<string, number>();

  add({ event, error }: LaneOutcome): void {
    this.events++;
    if (event.seq === 1) this.sessions++;
    if (!event.sent) {
      if (event.reason !== null) this.filtered[event.reason]++;
      if (event.listening === undefined) return;
      this.filteredListened++;
      for (const rule of event.listening)
        this.listenedFiltered.set(rule, (this.listenedFiltered.get(rule) ?? 0) + 1);
      return;
    }
    this.sent++;
    if (error !== undefined) this.errors++;
    if (event.fired === null) {
      if (error === undefined) this.firedUnknown++;
    } else for (const rule of event.fired) this.fired.set(rule, (this.fired.get(rule) ?? 0) + 1);
    const response = event.response;
    if (response === null) return;
    if (response.result_code !== RESULT_CODE_OK) this.errorResponses++;
    for (const op of response.actions_to_perform)
      this.operations.set(op.action, (this.operations.get(op.action) ?? 0) + 1);
    // rulehook's own state variables are not what the rules set.
    for (const update of response.session_variable_updates)
      if (!isReservedVariable(update.key)) this.variablesSet++;
    for (const override of response.nodes_to_override) {
      if (override.enable) this.nodesEnabled += override.node_names.length;
      else this.nodesDisabled += override.node_names.length;
    }
    if (response.event_filter !== undefined) this.filtersSet++;
  }

  /**
   * Adds the counts of another replay of other sessions (`--workers`: each worker counts its own, and
   * sends them as plain data: a structured clone of a ReplayStats).
   */
  merge(other: ReplayCounts): void {
    this.events += other.events;
    this.sessions += other.sessions;
    this.sent += other.sent;
    this.badLines += other.badLines;
    for (const reason of Object.keys(this.filtered) as FilterReason[])
      this.filtered[reason] += other.filtered[reason];
    this.errors += other.errors;
    this.errorResponses += other.errorResponses;
    addCounts(this.operations, other.operations);
    this.variablesSet += other.variablesSet;
    this.nodesDisabled += other.nodesDisabled;
    this.nodesEnabled += other.nodesEnabled;
    this.filtersSet += other.filtersSet;
    addCounts(this.fired, other.fired);
    this.firedUnknown += other.firedUnknown;
    this.filteredListened += other.filteredListened;
    addCounts(this.listenedFiltered, other.listenedFiltered);
  }

  get filteredTotal(): number {
    return this.filtered.events_to_ignore + this.filtered.keys_to_ignore + this.filtered.webhook_disabled;
  }

  /** Rules of `all` that never fired, in the order given. */
  neverFired(all: readonly string[]): string[] {
    return all.filter((rule) => !this.fired.has(rule));
  }
}
