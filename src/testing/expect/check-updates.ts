import type { CustomLogicResponse } from '../../contract/types';
import type { SpecPath } from '../../rules/spec';
import type { SimulatedEvent } from '../../simulation/simulated-event';
import type { RulesUnderTest } from '../rules/rules-under-test';
import { ABSENT, compare, joinPath, type Mismatch } from './compare';
import type { PartCheck } from './check-fired';
import { describeProducers } from './explain-rules';
import { compileMatcher, toExpectedValue } from './matcher';

interface Where {
  at: string;
  source: SpecPath | undefined;
  rules: RulesUnderTest;
}

/**
 * `updates`: the list form is compared with `session_variable_updates` as a
 * list; the mapping form key by key, against the last update of each key (the
 * value the engine keeps), reported at that update's path.
 */
export function checkUpdates(
  response: CustomLogicResponse,
  result: SimulatedEvent,
  expected: unknown,
  where: Where,
): PartCheck {
  const updates = response.session_variable_updates;
  const path = `${where.at}.response.session_variable_updates`;
  const matcher = compileMatcher(expected, where.source);
  if (matcher.kind !== 'map') {
    const mismatches = compare(matcher, updates, path);
    const note = mismatches.length > 0 ? describeProducers(result, 'set', where.rules) : undefined;
    return { mismatches, notes: note ? [note] : [] };
  }
  const mismatches: Mismatch[] = [];
  const notes: string[] = [];
  const lastIndex = (key: string) => updates.map((u) => u.key).lastIndexOf(key);
  for (const [key, valueMatcher] of matcher.entries) {
    const index = lastIndex(key);
    const found =
      index < 0
        ? [
            {
              path,
              source: valueMatcher.source,
              expected: { [key]: toExpectedValue(valueMatcher) },
              actual: ABSENT,
              message: `no update of '${key}'`,
            },
          ]
        : compare(valueMatcher, updates[index]!.value, `${joinPath(path, index)}.value`);
    mismatches.push(...found);
    const note = found.length > 0 ? describeProducers(result, 'set', where.rules, key) : undefined;
    if (note) notes.push(note);
  }
  if (matcher.exact) {
    const expectedKeys = new Set(matcher.entries.map(([k]) => k));
    updates.forEach((update, i) => {
      if (expectedKeys.has(update.key) || lastIndex(update.key) !== i) return;
      mismatches.push({
        path: joinPath(path, i),
        source: matcher.source,
        expected: ABSENT,
        actual: update,
        message: `unexpected update of '${update.key}'`,
      });
    });
  }
  return { mismatches, notes };
}
