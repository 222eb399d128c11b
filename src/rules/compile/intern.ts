/**
 * The canonical (internalized) string for a variable name. Names cut out of
 * YAML or template text are fresh strings, some of them slices of a longer
 * text; looking one up in an event object makes V8 find its canonical copy on
 * every lookup. A property name stored in an object is canonical, so the
 * compiler hands the evaluator that copy, once, at load time.
 */
export function internKey(name: string): string {
  const holder: Record<string, true> = {};
  holder[name] = true;
  return Object.keys(holder)[0] ?? name;
}
