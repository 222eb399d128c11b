/** Pretty JSON for the page's panels; `—` for what is absent. */
export function formatJson(value: unknown): string {
  return value === undefined || value === null ? '—' : JSON.stringify(value, null, 2);
}

/** A rule's `why` as lines: the explanation is text, a list of lines, or data. */
export function formatWhy(why: unknown): string {
  if (typeof why === 'string') return why;
  if (Array.isArray(why) && why.every((line) => typeof line === 'string')) return why.join('\n');
  return JSON.stringify(why);
}
