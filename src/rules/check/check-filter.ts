import { asArray, asRecord, hasOwn, report, type CheckContext } from './check-context';
import { forEachThen } from './walk';

/**
 * Filter entries as the engine reads them (src/filter/filter-entry.ts): a `*`
 * means "any suffix" only as the last character, so anywhere else it is a
 * literal star nobody meant, `**` included (`audio.**` is the prefix `audio.*`,
 * `**` the prefix `*`). And `values_to_ignore` is carried on the wire but
 * unsupported by the engine.
 */
export function checkFilters(context: CheckContext): void {
  forEachThen(context.root, (then, thenPath) => {
    const filter = asRecord(then.filter);
    if (!filter) return;
    const path = [...thenPath, 'filter'];
    for (const key of ['keys_to_ignore', 'events_to_ignore']) {
      asArray(filter[key]).forEach((entry, index) => {
        if (typeof entry !== 'string') return;
        const star = findMisplacedStar(entry);
        if (star === -1) return;
        const { message, fixed } = describeMisplacedStar(entry, star);
        const range = context.locateWithin([...path, key, index], star, star + 1);
        report(context, 'MISPLACED_WILDCARD', message, range, fixed);
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

/** The offset of the first `*` that does not end `entry`; -1 when there is none. */
export function findMisplacedStar(entry: string): number {
  const star = entry.indexOf('*');
  return star === entry.length - 1 ? -1 : star;
}

/**
 * What the engine makes of an entry with a misplaced star, and the entry that
 * does what was most likely meant: the text before the first star, then `*`.
 * An entry starting with a star has no such form (the engine cannot match a
 * name's end), except all stars, meant as "everything", which is `*`.
 */
function describeMisplacedStar(entry: string, star: number): { message: string; fixed?: string } {
  const reading = entry.endsWith('*')
    ? `only names starting with '${entry.slice(0, -1)}'`
    : `only the name '${entry}' itself`;
  const head = entry.slice(0, star);
  if (/^\*+$/.test(entry)) {
    const message = `'${entry}' is not "everything": the engine reads '*' as a wildcard only at the end of an entry, so '${entry}' matches ${reading}; '*' alone matches everything, and turns the webhook off for the rest of the session`;
    return { message, fixed: '*' };
  }
  if (head === '') {
    const message = `the engine reads '*' as a wildcard only at the end of an entry, and cannot match the end of a name: '${entry}' matches ${reading}; list the names to ignore instead`;
    return { message };
  }
  const fixed = `${head}*`;
  const message = `the engine reads '*' as a wildcard only at the end of an entry: '${entry}' matches ${reading}; '${fixed}' matches every name starting with '${head}'`;
  return { message, fixed };
}
