/** Which list of the event filter an entry goes to. */
export type FilterListName = 'events_to_ignore' | 'keys_to_ignore';

/**
 * An entry the pack's rules can afford, as the engine reads it: a name, or a
 * prefix ending with `*` (never `*` alone, which would turn the webhook off).
 */
export interface FilterCandidate {
  list: FilterListName;
  entry: string;
  /** Why no answer depends on what it drops, in plain words: "no rule fires on HEARTBEAT*". */
  reason: string;
}

/** An entry that was considered and not derived, with the rules that need what it would drop. */
export interface RejectedCandidate {
  list: FilterListName;
  entry: string;
  /** Why it is not safe: "rule usage/track-speech (no `on:`) reads audio.netSeconds". */
  reason: string;
  /** `ruleset/rule` of each rule that needs what the entry would drop. */
  rules: string[];
}

/** What `deriveFilter` finds: entries in the order they are to be written, and those it left out. */
export interface DerivedFilter {
  candidates: FilterCandidate[];
  rejected: RejectedCandidate[];
}
