import { suggestName } from '../../diagnostics/did-you-mean';
import { compileGlob, isGlob } from '../../glob/compile-glob';
import type { SpecPath } from '../spec';
import { asArray, asRecord, report, type CheckContext } from './check-context';
import { findMisplacedStar } from './check-filter';
import { checkOnAlternatives } from './check-on-alternatives';
import { respellStart, suggestGlob } from './suggest-respelling';
import { forEachRule, forEachThen } from './walk';

/**
 * Against the catalog's `events`: a name in `on` it does not declare, a glob in
 * `on` that matches none of them (compiled as the compiler does; a glob that
 * does not compile is checkGlobs' to report) or whose brace alternative matches
 * none (check-on-alternatives.ts), and `events_to_ignore` entries that match
 * none (a prefix entry's suggestion keeps its `*`: `HEARTBAET*` -> `HEARTBEAT*`;
 * the engine reads no braces there, so an entry has no alternatives).
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
      if (typeof entry !== 'string' || entry === '' || entry === '*' || findMisplacedStar(entry) !== -1)
        return;
      checkIgnoredEvent(context, events, entry, [...path, 'filter', 'events_to_ignore', i]);
    });
  });
}

/** An `events_to_ignore` entry: a name, or a prefix ending in `*` (a misplaced `*` is checkFilters' to report). */
function checkIgnoredEvent(
  context: CheckContext,
  events: readonly string[],
  entry: string,
  path: SpecPath,
): void {
  if (!entry.endsWith('*')) {
    if (events.includes(entry)) return;
    const message = `the catalog declares no event '${entry}' (in events_to_ignore)`;
    report(context, 'UNKNOWN_EVENT', message, context.locate(path), () => suggestName(entry, events));
    return;
  }
  const prefix = entry.slice(0, -1);
  const isFine = (start: string): boolean => events.some((event) => event.startsWith(start));
  if (isFine(prefix)) return;
  const message = `no event of the catalog starts with '${prefix}', so the events_to_ignore entry '${entry}' matches none`;
  report(context, 'UNKNOWN_EVENT', message, context.locate(path), () => {
    const fixed = respellStart(prefix, events, isFine);
    return fixed === undefined ? undefined : `${fixed}*`;
  });
}

function checkOnEntry(context: CheckContext, events: readonly string[], entry: string, path: SpecPath): void {
  if (isGlob(entry)) {
    const compiled = compileGlob(entry);
    if (!compiled.ok) return;
    if (events.some(compiled.test)) {
      checkOnAlternatives(context, events, entry, path);
      return;
    }
    const message = `'${entry}' matches none of the catalog's events, so this rule can never fire`;
    report(context, 'ON_MATCHES_NO_EVENT', message, context.locate(path), () =>
      suggestGlob(entry, events, (candidate) => matchesSomeEvent(candidate, events)),
    );
    return;
  }
  if (events.includes(entry)) return;
  const message = `the catalog declares no event '${entry}'`;
  report(context, 'UNKNOWN_EVENT', message, context.locate(path), () => suggestName(entry, events));
}

function matchesSomeEvent(glob: string, events: readonly string[]): boolean {
  const compiled = compileGlob(glob);
  return compiled.ok && events.some(compiled.test);
}
