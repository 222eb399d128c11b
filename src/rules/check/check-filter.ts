import { asArray, asRecord, hasOwn, report, type CheckContext } from './check-context';
import { forEachThen } from './walk';

/**
 * Filter entries as the engine reads them: `*` means "any suffix" only as the
 * last character, so anywhere else it is a literal star nobody meant. And
 * `values_to_ignore` is carried on the wire but unsupported by the engine.
 */
export function checkFilters(context: CheckContext): void {
  forEachThen(context.root, (then, thenPath) => {
    const filter = asRecord(then.filter);
    if (!filter) return;
    const path = [...thenPath, 'filter'];
    for (const key of ['keys_to_ignore', 'events_to_ignore']) {
      asArray(filter[key]).forEach((entry, index) => {
        if (typeof entry !== 'string') return;
        const star = entry.indexOf('*');
        if (star === -1 || star === entry.length - 1) return;
        const message = `'*' can only end a filter entry (as in "audio.*"); in '${entry}' it would be taken literally`;
        report(
          context,
          'MISPLACED_WILDCARD',
          message,
          context.locateWithin([...path, key, index], star, star + 1),
        );
      });
    }
    if (hasOwn(filter, 'values_to_ignore')) {
      const message =
        "the engine does not support 'values_to_ignore' yet: it is sent as written but has no effect";
      report(
        context,
        'VALUES_TO_IGNORE_UNSUPPORTED',
        message,
        context.locateKey([...path, 'values_to_ignore']),
      );
    }
  });
}
