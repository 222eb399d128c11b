/** Drops a password from a redis:// URL before logging it. */
export function redactUrl(url: string): string {
  // The credentials end at the last `@`: a password may hold `@` and `/` that were not percent-encoded.
  const start = url.indexOf('//');
  const at = url.lastIndexOf('@');
  return start < 0 || at < start ? url : `${url.slice(0, start + 2)}***${url.slice(at)}`;
}
