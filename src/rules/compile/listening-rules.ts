import { LRUCache } from 'lru-cache';
import type { RuleBook } from './rule-book';

/** The enabled rules whose `on:` takes an event name, `ruleset/rule`, in the book's order. */
export type ListenerLookup = (eventName: string) => readonly string[];

/**
 * The rules that wait for an event by name: those whose `on:` takes it (a rule without `on:` waits for a
 * state, not an event, and is not one of them). What `rulehook test --coverage` and `rulehook replay` count
 * when the engine's filter stops such an event. Answers are kept per name (a replay asks millions of times).
 */
export function createListenerLookup(book: RuleBook): ListenerLookup {
  const rules = book.rulesets.flatMap((ruleset) => ruleset.rules.filter((rule) => rule.on !== undefined));
  const answers = new LRUCache<string, readonly string[]>({ max: 10_000 });
  return (eventName) => {
    let answer = answers.get(eventName);
    if (answer === undefined) {
      answer = Object.freeze(rules.filter((rule) => rule.matchesEvent(eventName)).map((r) => r.qualifiedId));
      answers.set(eventName, answer);
    }
    return answer;
  };
}
