/** A compiled path template: the path variables of a matching path, or undefined. */
export type PathMatcher = (path: string) => Record<string, string> | undefined;

/**
 * Compiles a `google.api.http` path template with single-segment variables
 * (`{name}`, as every sandbox binding has): a variable matches one non-empty
 * segment, up to a literal suffix such as `:optin`. Values are percent-decoded.
 */
export function compilePathTemplate(template: string): PathMatcher {
  const names: string[] = [];
  const source = template
    .split(/(\{[a-z_.]+\})/)
    .map((part) => {
      const variable = /^\{([a-z_.]+)\}$/.exec(part);
      if (variable === null) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
      names.push(variable[1]!);
      return '([^/]+?)';
    })
    .join('');
  const pattern = new RegExp(`^${source}$`);
  return (path) => {
    const match = pattern.exec(path);
    if (match === null) return undefined;
    try {
      return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
    } catch {
      return undefined;
    }
  };
}
