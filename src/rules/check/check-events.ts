import { suggestName } from '../../diagnostics';
import { compileGlob, isGlob } from '../../glob';
import type { SpecPath } from '../spec';
import { asArray, asRecord, report, type CheckContext } from './check-context';
import { forEachRule, forEachThen } from './walk';

/**
 * Against the catalog's `events`: a name in `on` it does not declare, a glob in
 * `on` that matches none of them (compiled as the compiler does; a glob that
 * does not compile is checkGlobs' to report), and `events_to_ignore` entries that match none.
 * Warnings: the catalog may simply be behind the engine.
 */
export function checkEvents(context: CheckContext): void {
  const events = context.catalog?.events;
  if (!events) return;
  forEachRule(context.root, (rule, path) => {
    const on = rule.on;
    if (typeof on === 'string') checkOnEntry(context, events, on, [...path, 'on']);
    else
      asArray(on).forEach(
        (entry, i) => typeof entry === 'string' && checkOnEntry(context, events, entry, [...path, 'on', i]),
      );
  });
  forEachThen(context.root, (then, path) => {
    asArray(asRecord(then.filter)?.events_to_ignore).forEach((entry, i) => {
      if (typeof entry !== 'string' || entry === '*') return;
      const where = [...path, 'filter', 'events_to_ignore', i];
      const prefix = entry.endsWith('*') ? entry.slice(0, -1) : undefined;
      if (prefix === undefined ? events.includes(entry) : events.some((e) => e.startsWith(prefix))) return;
      const message =
        prefix === undefined
          ? `the catalog declares no event '${entry}'`
          : `no event of the catalog starts with '${prefix}'`;
      report(context, 'UNKNOWN_EVENT', message, context.locate(where), () =>
        suggestName(prefix ?? entry, events),
      );
    });
  });
}

function checkOnEntry(context: CheckContext, events: readonly string[], entry: string, path: SpecPath): void {
  if (isGlob(entry)) {
    const compiled = compileGlob(entry);
    if (!compiled.ok || events.some(compiled.test)) return;
    const message = `'${entry}' matches none of the catalog's events, so this rule can never fire`;
    report(context, 'ON_MATCHES_NO_EVENT', message, context.locate(path), () => suggestGlob(entry, events));
    return;
  }
  if (events.includes(entry)) return;
  const message = `the catalog declares no event '${entry}'`;
  report(context, 'UNKNOWN_EVENT', message, context.locate(path), () => suggestName(entry, events));
}

/**
 * A corrected glob for a glob matching no event: its literal start respelled as
 * the start of some event (`VERFY_*` -> `VERIFY_*`), if the result matches an event.
 */
function suggestGlob(glob: string, events: readonly string[]): string | undefined {
  const cut = glob.search(/[*?[{(!+@]/);
  const literal = cut === -1 ? glob : glob.slice(0, cut);
  if (literal === '') return undefined;
  const starts = new Set<string>();
  for (const event of events) {
    for (let length = literal.length - 1; length <= literal.length + 1; length++)
      starts.add(event.slice(0, length));
  }
  const start = suggestName(literal, starts);
  if (start === undefined) return undefined;
  const candidate = compileGlob(start + glob.slice(literal.length));
  return candidate.ok && events.some(candidate.test) ? start + glob.slice(literal.length) : undefined;
}
