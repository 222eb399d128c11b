import { suggestName } from '../../diagnostics/did-you-mean';
import { listBraceAlternatives, type BraceAlternative } from '../../glob/brace-alternatives';
import { compileGlob } from '../../glob/compile-glob';
import type { SpecPath } from '../spec';
import { report, type CheckContext } from './check-context';
import { suggestGlob } from './suggest-respelling';

/**
 * Each alternative of the brace groups of an `on` glob that, as a whole,
 * matches some event: `{VERIFY_COMPLETD,CALL_ENDED}` matches `CALL_ENDED`, yet
 * its first alternative is a typo. An alternative stands for the glob with its
 * group (and the groups around it) reduced to it; when that matches none of
 * the catalog's events, the alternative is reported at its own text, as a
 * name (UNKNOWN_EVENT) or a glob (ON_MATCHES_NO_EVENT) of `on` would be. Its
 * nested groups are then not looked at: they are dead with it.
 */
export function checkOnAlternatives(
  context: CheckContext,
  events: readonly string[],
  entry: string,
  path: SpecPath,
): void {
  const visit = (alternatives: readonly BraceAlternative[]): void => {
    for (const alternative of alternatives) {
      if (!checkAlternative(context, events, entry, alternative, path)) visit(alternative.inner);
    }
  };
  visit(listBraceAlternatives(entry));
}

/** Reports the alternative when it matches no event; false when it was not reported. */
function checkAlternative(
  context: CheckContext,
  events: readonly string[],
  entry: string,
  alternative: BraceAlternative,
  path: SpecPath,
): boolean {
  const text = entry.slice(alternative.start, alternative.end);
  // Stars brought together (`{*,a}*` -> `**`) would read differently from the braces: not judged.
  if (joinsStars(alternative.before, text, alternative.after)) return false;
  const reduced = compileGlob(alternative.pattern);
  if (!reduced.ok || events.some(reduced.test)) return false;
  const range = context.locateWithin(path, alternative.start, alternative.end);
  const suggest = (): string | undefined => suggestAlternative(events, text, alternative);
  if (!reduced.isGlob) {
    const message = `the catalog declares no event '${reduced.prefix}' (the alternative '${text}' of '${entry}')`;
    report(context, 'UNKNOWN_EVENT', message, range, suggest);
  } else {
    const message = `the alternative '${text}' of '${entry}' matches none of the catalog's events (as '${alternative.pattern}')`;
    report(context, 'ON_MATCHES_NO_EVENT', message, range, suggest);
  }
  return true;
}

function joinsStars(before: string, text: string, after: string): boolean {
  const joined = before + text;
  return (joined.endsWith('*') && after.startsWith('*')) || (before.endsWith('*') && text.startsWith('*'));
}

/**
 * A respelling of the alternative itself, when the glob around it is plain
 * text: among the events that begin and end as that text does, the middle
 * closest to it (`{VERIFY_COMPLETD,ENROLL}_X`: the middles of `*_X` events).
 */
function suggestAlternative(
  events: readonly string[],
  text: string,
  alternative: BraceAlternative,
): string | undefined {
  const head = readPlainText(alternative.before);
  const tail = readPlainText(alternative.after);
  if (head === undefined || tail === undefined) return undefined;
  const middles = events
    .filter((e) => e.length >= head.length + tail.length && e.startsWith(head) && e.endsWith(tail))
    .map((e) => e.slice(head.length, e.length - tail.length));
  const plain = readPlainText(text);
  if (plain !== undefined) return suggestName(plain, middles);
  return suggestGlob(text, middles, (candidate) => {
    const compiled = compileGlob(candidate);
    return compiled.ok && middles.some(compiled.test);
  });
}

/** The text a glob piece matches when it has no wildcard (escapes read); undefined otherwise. */
function readPlainText(piece: string): string | undefined {
  if (piece === '') return '';
  const compiled = compileGlob(piece);
  return compiled.ok && !compiled.isGlob ? compiled.prefix : undefined;
}
